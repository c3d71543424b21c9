// SPDX-License-Identifier: Apache-2.0
// Runs work on a thread with a large stack, for the parts of scene handling that recurse.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
