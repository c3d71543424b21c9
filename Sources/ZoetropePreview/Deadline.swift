// SPDX-License-Identifier: Apache-2.0
// Async work that gives up after a number of seconds.

/// The deadline passed before the work ended.
package struct DeadlinePassed: Error {}

/// Runs `body`, cancelling it and throwing ``DeadlinePassed`` when it takes
/// more than `seconds`; `body` must stop when cancelled (socket waits do).
package func withDeadline<T: Sendable>(
  seconds: Double, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else { throw DeadlinePassed() }
    return value
  }
}
