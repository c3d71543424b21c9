// SPDX-License-Identifier: Apache-2.0
// A few threads that render frames (and other scene work) for the requests, bounded in number, queue and time.

import Dispatch
import Synchronization
import Zoetrope

/// Runs scene work — frames, inspections — on ``PreviewLimits/renderThreads``
/// threads of their own (a frame can take seconds; Swift's concurrency
/// threads must never wait on one), at most
/// ``PreviewLimits/maximumQueuedRenders`` waiting. A job is cancelled when
/// the request's task is, and when it has run for
/// ``PreviewLimits/renderSeconds``: the renderer checks between layers and
/// bands, so a frame that would take minutes is abandoned in milliseconds.
package final class RenderPool: Sendable {
  /// Why a job gave no result.
  package enum Failure: Error, Equatable {
    /// The queue is full.
    case busy
    /// The job ran past ``PreviewLimits/renderSeconds`` (or its request went away).
    case tooSlow
    /// The job failed, with a message for the client.
    case failed(String)
  }

  /// One piece of work: it gets a closure that says when to stop.
  package typealias Work = @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws(Failure) -> [UInt8]

  private final class Job: Sendable {
    let work: Work
    let cancelled = Atomic<Bool>(false)
    let continuation: Mutex<CheckedContinuation<Result<[UInt8], Failure>, Never>?>
    init(work: @escaping Work, continuation: CheckedContinuation<Result<[UInt8], Failure>, Never>) {
      self.work = work
      self.continuation = Mutex(continuation)
    }
    func finish(_ result: Result<[UInt8], Failure>) {
      continuation.withLock { $0.take() }?.resume(returning: result)
    }
  }

  private let queue = Mutex<[Job]>([])
  private let ready = DispatchSemaphore(value: 0)
  private let seconds: Double

  /// Starts `threads` worker threads; `seconds` bounds each job.
  package init(threads: Int = PreviewLimits.renderThreads, seconds: Double = PreviewLimits.renderSeconds) {
    self.seconds = seconds
    for _ in 0..<threads {
      _ = WorkerThread.start(stackSize: LargeStack.size) { [self] in self.work() }
    }
  }

  /// Runs `work` on a pool thread and returns its bytes.
  package func run(_ work: @escaping Work) async throws(Failure) -> [UInt8] {
    let box = Mutex<Job?>(nil)
    let result: Result<[UInt8], Failure> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let job = Job(work: work, continuation: continuation)
        box.withLock { $0 = job }
        let accepted = queue.withLock { queue in
          guard queue.count < PreviewLimits.maximumQueuedRenders else { return false }
          queue.append(job)
          return true
        }
        if accepted { ready.signal() } else { job.finish(.failure(.busy)) }
      }
    } onCancel: {
      box.withLock { $0 }?.cancelled.store(true, ordering: .relaxed)
    }
    return try result.get()
  }

  private func work() {
    while true {
      ready.wait()
      guard let job = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
      if job.cancelled.load(ordering: .relaxed) {
        job.finish(.failure(.tooSlow))
        continue
      }
      let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
      let isCancelled: @Sendable () -> Bool = {
        job.cancelled.load(ordering: .relaxed) || DispatchTime.now().uptimeNanoseconds > deadline
      }
      do throws(Failure) {
        let bytes = try job.work(isCancelled)
        job.finish(.success(bytes))
      } catch {
        job.finish(.failure(error))
      }
    }
  }
}
