// SPDX-License-Identifier: Apache-2.0
// Runs a closure on a thread with a large stack.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread whose stack is large enough for any scene depth.
enum LargeStack {
  /// 1 GiB of address space; pages are only touched if used.
  static let size = 1 << 30

  /// Runs `body` on a new thread with a ``size``-byte stack and waits for it;
  /// runs it on the current thread if such a thread cannot be made.
  static func run(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
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
      let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
      box.body()
      return nil
    }, box)
    guard created == 0 else {
      Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
      return
    }
    #if canImport(Glibc)
    pthread_join(thread, nil)
    #else
    pthread_join(thread!, nil)
    #endif
  }
}
