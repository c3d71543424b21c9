// SPDX-License-Identifier: Apache-2.0
// SIGINT, SIGTERM and SIGHUP, caught by plain signal handlers.
//
// The handlers are installed with signal(2) and do only what a handler may:
// store an atomic, or remove a file, write a line and exit. A dispatch
// signal source would need libdispatch's manager thread, and where the
// system refuses new threads (a process limit reached) its resume() waits
// for one forever — and so would the command.

import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals that end a command the way Ctrl-C does: SIGINT, SIGTERM, and
/// SIGHUP (the terminal or ssh session closed), which by default ended the
/// process where it stood, leaving its temporary file behind.
private let stopSignals = [SIGINT, SIGTERM, SIGHUP]

/// SIGINT, SIGTERM and SIGHUP as a flag the render polls between frames.
final class Interruption: Sendable {
  /// The last SIGINT, SIGTERM or SIGHUP received, 0 while none.
  private static let received = Atomic<Int32>(0)

  /// The signal received, 0 while none.
  var signal: Int32 { Interruption.received.load(ordering: .relaxed) }

  /// Catches SIGINT, SIGTERM and SIGHUP from now on (instead of ending the process).
  static func install() -> Interruption {
    _ = received.load(ordering: .relaxed)  // initialized before any handler can run
    for number in stopSignals {
      handle(number) { Interruption.received.store($0, ordering: .relaxed) }
    }
    return Interruption()
  }
}

/// SIGINT, SIGTERM and SIGHUP during a command that writes one file without polling
/// for them: the temporary file goes, and the process ends with 128 + signal.
enum AbandonOnSignal {
  /// The temporary file and the line to print, as C strings made before any signal comes.
  private nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?
  private nonisolated(unsafe) static var message: UnsafeMutablePointer<CChar>?

  /// Installs the handlers; `path` is the temporary file to remove, `output`
  /// the name to report. The strings are never freed: a handler may be
  /// reading them when another install replaces them.
  static func install(removing path: String, output: String) {
    AbandonOnSignal.path = strdup(path)
    AbandonOnSignal.message = strdup("\(output): interrupted; nothing was written\n")
    for number in stopSignals {
      handle(number) { number in
        if let path = AbandonOnSignal.path { unlink(path) }
        if let message = AbandonOnSignal.message { _ = write(2, message, strlen(message)) }
        _exit(128 + number)
      }
    }
  }
}

/// Makes `handler` the handler of signal `number`, and lets the calling
/// thread receive it (the command's large-stack thread; the process's
/// other threads may keep it blocked, and the kernel hands it to one that
/// does not): a process started with the signal blocked (its parent's mask
/// is inherited; test runners block SIGINT) would otherwise never run the
/// handler.
private func handle(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
  _ = signal(number, handler)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, number)
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
}
