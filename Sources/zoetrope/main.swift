// SPDX-License-Identifier: Apache-2.0
// Entry point of the `zoetrope` command-line tool.

import ArgumentParser
import Zoetrope

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Every frame frees and reallocates the same working set; keep it in the process.
HeapPolicy.keepFreedMemory()

// Past a file-size limit (ulimit -f) a write fails with "File too large" and
// the command reports it and cleans up, instead of being killed half-way.
_ = signal(SIGXFSZ, SIG_IGN)

// Scene files may nest layers tens of thousands deep; the work runs on a thread
// with a large stack so that nothing about the input can overflow it.
// As ParsableCommand.main(), but for the messages, and then a command that
// succeeded checks that what it printed reached standard output.
LargeStack.run {
  do {
    var command = try ZoetropeCommand.parseAsRoot()
    try command.run()
  } catch {
    // Help goes to standard output as it is; a usage error echoes what was
    // typed, so it is printed as every message is, control characters escaped.
    let code = ZoetropeCommand.exitCode(for: error)
    if code == .success { ZoetropeCommand.exit(withError: error) }
    let message = ZoetropeCommand.fullMessage(for: error)
    if !message.isEmpty { printError(message) }
    exit(code.rawValue)
  }
  StandardOutput.checkWritten()
}
