// SPDX-License-Identifier: Apache-2.0
// A value behind a pthread mutex, which ThreadSanitizer can follow.

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
