// SPDX-License-Identifier: Apache-2.0
// The server's own threads for its async work, so that nothing else in the process can starve it.

import Dispatch
import Synchronization
import Zoetrope

/// A task executor of a few threads of the server's own. The server's tasks
/// (accepting, reading, writing, events) prefer it to Swift's shared pool,
/// whose threads — one per core — may all be blocked by other work in the
/// same process (a test that waits on a socket, a caller that waits on a
/// semaphore): the server then still answers.
final class ServerExecutor: TaskExecutor, @unchecked Sendable {
  private let jobs = Mutex<[UnownedJob]>([])
  private let ready = DispatchSemaphore(value: 0)

  /// Starts `threads` threads that run the jobs enqueued; fewer when the system refuses some.
  init(threads: Int) {
    for _ in 0..<threads {
      _ = WorkerThread.start(stackSize: 8 << 20) { [self] in self.work() }
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    ready.signal()
  }

  private func work() {
    while true {
      ready.wait()
      guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
