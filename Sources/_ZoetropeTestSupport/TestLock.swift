// SPDX-License-Identifier: Apache-2.0
// A tiny mutex for tests that gather results from many threads. Not API.

import Dispatch

/// A mutex for collecting results in concurrency tests.
package final class TestLock: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 1)
  /// Creates an unlocked lock.
  package init() {}
  /// Runs `body` while holding the lock.
  package func withLock(_ body: () -> Void) {
    semaphore.wait()
    body()
    semaphore.signal()
  }
}
