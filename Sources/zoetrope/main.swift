// SPDX-License-Identifier: Apache-2.0
// Entry point of the `zoetrope` command-line tool.

import ArgumentParser
import Zoetrope

// Every frame frees and reallocates the same working set; keep it in the process.
HeapPolicy.keepFreedMemory()

// Scene files may nest layers tens of thousands deep; the work runs on a thread
// with a large stack so that nothing about the input can overflow it.
LargeStack.run {
  ZoetropeCommand.main()
}
