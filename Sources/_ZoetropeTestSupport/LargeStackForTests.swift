// SPDX-License-Identifier: Apache-2.0
// Runs a test body on a thread with the same stack the CLI gives its work. Not API.

import Foundation

/// Runs test bodies on a thread with a 1 GiB stack, as `zoetrope` runs its commands.
package enum LargeStackForTests {
  /// Runs `body` on a large-stack thread, waits, and rethrows its error.
  package static func run(_ body: @escaping @Sendable () throws -> Void) throws {
    final class Outcome: @unchecked Sendable { var error: (any Error)? }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      do { try body() } catch { outcome.error = error }
      done.signal()
    }
    thread.stackSize = 1 << 30
    thread.start()
    done.wait()
    if let error = outcome.error { throw error }
  }
}
