// SPDX-License-Identifier: Apache-2.0
// Server-Sent Events: what every open `GET /events` is told (reloads, errors, export progress).

import Synchronization

/// Hands events to every open event stream. Each stream keeps at most the 64
/// newest events it has not sent (a client that stops reading loses the
/// oldest, never blocks the others); at most
/// ``PreviewLimits/maximumEventStreams`` streams are open at once.
package final class EventHub: Sendable {
  /// An open stream: its identity and its events as SSE text.
  package struct Subscription: Sendable {
    package let id: Int
    package let stream: AsyncStream<String>
  }

  private struct State {
    var next = 0
    var continuations: [Int: AsyncStream<String>.Continuation] = [:]
    /// The events a new stream starts with: the scene's state now.
    var greeting = ""
  }

  private let state = Mutex(State())

  package init() {}

  /// A new stream, or `nil` when ``PreviewLimits/maximumEventStreams`` are open.
  package func subscribe() -> Subscription? {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
    let id: Int? = state.withLock { state in
      guard state.continuations.count < PreviewLimits.maximumEventStreams else { return nil }
      state.next += 1
      state.continuations[state.next] = continuation
      return state.next
    }
    guard let id else { return nil }
    return Subscription(id: id, stream: stream)
  }

  /// Ends stream `id`.
  package func unsubscribe(_ id: Int) {
    state.withLock { $0.continuations.removeValue(forKey: id) }?.finish()
  }

  /// Ends every stream (the server is stopping).
  package func finishAll() {
    let all = state.withLock { state in
      defer { state.continuations = [:] }
      return Array(state.continuations.values)
    }
    for continuation in all { continuation.finish() }
  }

  /// Sends event `name` with `data` (one line of JSON) to every stream;
  /// with `greets`, a stream opened later starts with it too.
  package func send(_ name: String, _ data: String, greets: Bool = false) {
    let text = EventHub.format(name, data)
    let all = state.withLock { state in
      if greets { state.greeting = text }
      return Array(state.continuations.values)
    }
    for continuation in all { continuation.yield(text) }
  }

  /// What a new stream is sent first: a retry delay and the last greeting event.
  package func greeting() -> String {
    "retry: 500\n\n" + state.withLock { $0.greeting }
  }

  /// One SSE event: `event: name`, one `data:` line per line of `data`, a blank line.
  static func format(_ name: String, _ data: String) -> String {
    "event: \(name)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
  }
}

extension EventHub {
  /// Sends a comment line to every stream, so that a client gone without
  /// closing is found by the failed write and its slot freed.
  package func ping() {
    let all = state.withLock { Array($0.continuations.values) }
    for continuation in all { continuation.yield(": ping\n\n") }
  }
}
