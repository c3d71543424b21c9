// SPDX-License-Identifier: Apache-2.0
// Starting a thread that says whether it started: Foundation's Thread does not.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Detached threads whose start can fail visibly.
///
/// `Thread.start()` returns nothing when the system refuses a thread (a
/// process or thread limit reached, no memory for the stack): the work is
/// silently never done and whoever waits for it waits forever. Starting
/// threads here tells the caller, which can then do with fewer threads or
/// do the work itself.
package enum WorkerThread {
  /// Runs `body` on a new detached thread with a `stackSize`-byte stack;
  /// false, without running it, when the thread cannot be made.
  package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(WorkerBody(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let created = pthread_create(&thread, &attributes, { context in
      Unmanaged<WorkerBody>.fromOpaque(context!).takeRetainedValue().body()
      return nil
    }, context)
    guard created == 0 else {
      Unmanaged<WorkerBody>.fromOpaque(context).release()
      return false
    }
    return true
  }
}

/// The work a worker thread runs.
private final class WorkerBody {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
