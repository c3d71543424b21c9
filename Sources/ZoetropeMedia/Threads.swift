// SPDX-License-Identifier: Apache-2.0
// The thread helpers: a value behind a pthread mutex, threads that say whether they started, a large stack.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared by threads, locked with a pthread mutex. Used where
/// ThreadSanitizer must see the lock: `Synchronization.Mutex` locks inside
/// an uninstrumented library on Linux, so everything it guards looks
/// unguarded to the sanitizer (and must be suppressed, hiding real races).
package final class PThreadLocked<Value>: @unchecked Sendable {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// `value`, behind a new mutex.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the mutex held (not reentrant).
  package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

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
    let context = Unmanaged.passRetained(WorkerBody(body, stackSize: stackSize)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let created = pthread_create(&thread, &attributes, { context in
      let work = Unmanaged<WorkerBody>.fromOpaque(context!).takeRetainedValue()
      WorkerThread.noteStackSize(work.stackSize)
      work.body()
      return nil
    }, context)
    guard created == 0 else {
      Unmanaged<WorkerBody>.fromOpaque(context).release()
      return false
    }
    return true
  }

  /// The bytes of the calling thread's stack when it was started here
  /// (by ``start(stackSize:_:)`` or ``LargeStack``), else `nil`.
  package static var currentStackSize: Int? {
    guard let value = pthread_getspecific(stackSizeKey) else { return nil }
    return Int(bitPattern: value)
  }

  /// Records `size` as the calling thread's stack, for ``currentStackSize``.
  static func noteStackSize(_ size: Int) {
    pthread_setspecific(stackSizeKey, UnsafeRawPointer(bitPattern: size))
  }

  /// The key of the stack size noted for each thread started here.
  private static let stackSizeKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
    return key
  }()
}

/// The work a worker thread runs.
private final class WorkerBody {
  let body: @Sendable () -> Void
  let stackSize: Int
  init(_ body: @escaping @Sendable () -> Void, stackSize: Int) { (self.body, self.stackSize) = (body, stackSize) }
}

/// Runs work on a thread whose stack is large enough for any scene depth.
///
/// Decoding and evaluation are iterative, but YAML parsing (Yams) recurses
/// once per nesting level; the tools and the tests run scene work here so that
/// nothing about the input can overflow a stack.
package enum LargeStack {
  /// 1 GiB of address space; pages are only touched if used.
  package static let size = 1 << 30

  /// Runs `body` on a new thread with a ``size``-byte stack and waits for it;
  /// runs it on the current thread if such a thread cannot be made.
  package static func run(_ body: @escaping () -> Void) {
    let context = Unmanaged.passRetained(LargeStackTask(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, size)
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let created = pthread_create(&thread, &attributes, { context in
      WorkerThread.noteStackSize(LargeStack.size)
      Unmanaged<LargeStackTask>.fromOpaque(context!).takeRetainedValue().body()
      return nil
    }, context)
    guard created == 0 else {
      Unmanaged<LargeStackTask>.fromOpaque(context).takeRetainedValue().body()
      return
    }
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    pthread_join(thread!, nil)
    #endif
  }

  /// Runs `body` on a large-stack thread and returns its result or throws its error.
  package static func run<Result>(_ body: @escaping () throws -> Result) throws -> Result {
    var outcome: Swift.Result<Result, any Error>?
    run { outcome = Swift.Result { try body() } }
    return try outcome!.get()
  }
}

/// The work a large-stack thread runs.
private final class LargeStackTask {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}
