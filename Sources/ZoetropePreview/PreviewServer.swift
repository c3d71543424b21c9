// SPDX-License-Identifier: Apache-2.0
// The listening socket and its connections: heads read within bounds, answers written within bounds.

import FlyingSocks
import Foundation
import Synchronization

/// Why the server could not start.
package struct PreviewServerError: Error, CustomStringConvertible {
  /// What went wrong, in one line.
  package var description: String
}

/// A small HTTP/1.1 server on one address, serving the routes of a
/// ``PreviewRouter``. FlyingSocks (of the FlyingFox package) does the
/// sockets and waits for them in epoll (kqueue on macOS); the server reads
/// each request's head itself, within ``PreviewLimits``.
///
/// Bounds: connections (``PreviewLimits/maximumConnections``; one more is
/// answered 503 and closed), the head's size and header count (431), the time
/// to send a head and body (``PreviewLimits/headSeconds``: 408, then closed —
/// a slowloris client holds one connection for that long at most), the body
/// (only `POST`, with a `Content-Length` of at most
/// ``PreviewLimits/maximumBodyBytes``), and the time to take a response (a
/// client that stops reading is dropped after ``PreviewLimits/headSeconds``
/// of not taking bytes). A connection's failure ends that connection only.
package final class PreviewServer: Sendable {
  /// The address as bound: `127.0.0.1`, `::1`, `0.0.0.0`, …
  package let host: String
  /// The port as bound (the one the system chose when 0 was asked for).
  package let port: UInt16
  /// What answers each request.
  package let router: PreviewRouter
  private let socket: Socket
  private let open = Atomic<Int>(0)
  /// The threads the server's tasks run on.
  let executor = ServerExecutor(threads: 2)

  /// Binds `host` (an IPv4 or IPv6 address, or `localhost` for 127.0.0.1)
  /// and `port` (0: any free port) and listens; `makeRouter` makes the
  /// router for the port bound. ``run()`` serves.
  package init(host: String, port: UInt16, router makeRouter: (_ boundPort: UInt16) -> PreviewRouter)
    throws(PreviewServerError)
  {
    let address = host == "localhost" ? "127.0.0.1" : host
    do {
      if address.contains(":") {
        let socket = try Socket(domain: AF_INET6, type: .stream)
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: sockaddr_in6.inet6(ip6: address, port: port))
        self.socket = socket
      } else {
        let socket = try Socket(domain: AF_INET, type: .stream)
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: sockaddr_in.inet(ip4: address, port: port))
        self.socket = socket
      }
      try socket.listen(maxPendingConnection: 128)
      switch try socket.sockname() {
      case .ip4(_, let bound), .ip6(_, let bound): self.port = bound
      case .unix: throw PreviewServerError(description: "not an IP address")
      }
    } catch let error as PreviewServerError {
      throw error
    } catch {
      throw PreviewServerError(description: "cannot listen on \(host) port \(port): \(error)")
    }
    self.host = address
    self.router = makeRouter(self.port)
  }

  /// The page's address: `http://127.0.0.1:PORT/` (an IPv6 address in brackets).
  package var url: String { "http://\(PreviewServer.authority(host: host, port: port))/" }

  /// `host:port`, an IPv6 address in brackets.
  package static func authority(host: String, port: UInt16) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Serves until the task is cancelled; the socket is closed then. The
  /// server's tasks run on threads of its own (``ServerExecutor``).
  package func run() async throws {
    try await withTaskExecutorPreference(executor) { try await self.serve() }
  }

  private func serve() async throws {
    #if canImport(Darwin)
    let pool = SocketPool<kQueue>.kQueue(maxEvents: 64)
    #else
    let pool = SocketPool<ePoll>.ePoll(maxEvents: 64)
    #endif
    try await pool.prepare()
    let listener = try AsyncSocket(socket: socket, pool: pool)
    defer { try? listener.close() }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await pool.run() }
      group.addTask { try await self.accept(on: listener) }
      defer { group.cancelAll() }
      try await group.next()
    }
  }

  /// Accepts connections until cancelled. A refused accept (out of file
  /// descriptors, say) waits a little and goes on: it never ends the server.
  private func accept(on listener: AsyncSocket) async throws {
    try await withThrowingDiscardingTaskGroup { group in
      while true {
        try Task.checkCancellation()
        let client: AsyncSocket
        do {
          client = try await listener.accept()
        } catch is CancellationError {
          throw CancellationError()
        } catch {
          try await Task.sleep(nanoseconds: 50_000_000)
          continue
        }
        let count = open.add(1, ordering: .relaxed).newValue
        group.addTask {
          defer {
            try? client.close()
            self.open.subtract(1, ordering: .relaxed)
          }
          if count > PreviewLimits.maximumConnections {
            let busy = PreviewResponse.problem(503, "too many connections", headers: [("Retry-After", "1")])
            try? await self.send(busy.encoded(keepAlive: false), to: client)
            return
          }
          await self.serve(client)
        }
      }
    }
  }

  /// Answers requests on one connection until it closes, fails, or asks to close.
  private func serve(_ client: AsyncSocket) async {
    let reader = RequestReader(socket: client)
    while !Task.isCancelled {
      let request: (head: HTTPRequestHead, body: [UInt8])?
      do {
        request = try await withDeadline(seconds: PreviewLimits.headSeconds) { try await reader.next() }
      } catch let problem as HTTPRequestHead.Problem {
        let response = problem == .tooLarge
          ? PreviewResponse.problem(431, "the request head is over \(PreviewLimits.maximumHeadBytes) bytes or \(PreviewLimits.maximumHeaderCount) headers")
          : PreviewResponse.problem(400, { if case .malformed(let why) = problem { why } else { "" } }())
        try? await send(response.encoded(keepAlive: false), to: client)
        return
      } catch let refusal as RequestReader.BodyRefusal {
        try? await send(PreviewResponse.problem(refusal.status, refusal.message).encoded(keepAlive: false), to: client)
        return
      } catch is DeadlinePassed {
        if reader.hasPartialRequest {
          try? await send(PreviewResponse.problem(408, "the request took too long").encoded(keepAlive: false), to: client)
        }
        return
      } catch {
        return
      }
      guard let request else { return }
      let reply = await router.reply(to: request.head, body: request.body)
      switch reply {
      case .response(let response):
        let keepAlive = request.head.keepsAlive && response.status < 400
        do {
          try await send(response.encoded(keepAlive: keepAlive, headOnly: request.head.method == "HEAD"), to: client)
        } catch {
          return
        }
        if !keepAlive { return }
      case .events:
        await streamEvents(to: client)
        return
      }
    }
  }

  /// Writes `bytes`, giving up when the client takes none for ``PreviewLimits/headSeconds``.
  private func send(_ bytes: [UInt8], to client: AsyncSocket) async throws {
    var offset = 0
    let chunk = 256 << 10
    while offset < bytes.count {
      let piece = Data(bytes[offset..<min(bytes.count, offset + chunk)])
      try await withDeadline(seconds: PreviewLimits.headSeconds) { try await client.write(piece) }
      offset += piece.count
    }
  }

  /// Streams ``EventHub`` events to `client` until it goes or the hub drops it.
  private func streamEvents(to client: AsyncSocket) async {
    guard let subscription = router.events.subscribe() else {
      let busy = PreviewResponse.problem(503, "too many event streams", headers: [("Retry-After", "5")])
      try? await send(busy.encoded(keepAlive: false), to: client)
      return
    }
    defer { router.events.unsubscribe(subscription.id) }
    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
    for (name, value) in PreviewResponse.common { head += "\(name): \(value)\r\n" }
    head += "Connection: close\r\n\r\n"
    do {
      try await send(Array(head.utf8) + Array(router.events.greeting().utf8), to: client)
      for await event in subscription.stream {
        try await send(Array(event.utf8), to: client)
      }
    } catch {
      return
    }
  }
}

/// Reads requests from one connection: heads up to their blank line, and a
/// `POST`'s body of its `Content-Length`. Used by one task at a time.
final class RequestReader: @unchecked Sendable {
  private let socket: AsyncSocket
  private var buffer: [UInt8] = []

  /// A body the server does not take: the status to answer and why.
  struct BodyRefusal: Error {
    var status: Int
    var message: String
  }

  init(socket: AsyncSocket) { self.socket = socket }

  /// Whether bytes of a request that has not been read whole are waiting.
  var hasPartialRequest: Bool { !buffer.isEmpty }

  /// The next request, or `nil` when the client closed the connection between requests.
  func next() async throws -> (head: HTTPRequestHead, body: [UInt8])? {
    var end = HTTPRequestHead.end(in: buffer)
    while end == nil {
      guard buffer.count <= PreviewLimits.maximumHeadBytes else { throw HTTPRequestHead.Problem.tooLarge }
      let bytes = try await socket.read(atMost: 4096)
      if bytes.isEmpty { return nil }
      let searchFrom = Swift.max(0, buffer.count - 3)
      buffer += bytes
      end = HTTPRequestHead.end(in: Array(buffer[searchFrom...])).map { $0 + searchFrom }
    }
    let head = try HTTPRequestHead.parse(buffer[..<end!])
    buffer.removeFirst(end!)
    if head.header("transfer-encoding") != nil {
      throw BodyRefusal(status: 501, message: "chunked request bodies are not taken; send Content-Length")
    }
    guard let lengthText = head.header("content-length") else {
      if head.method == "POST" { throw BodyRefusal(status: 411, message: "a POST needs a Content-Length") }
      return (head, [])
    }
    guard let length = Int(lengthText), length >= 0 else {
      throw BodyRefusal(status: 400, message: "the Content-Length is not a number")
    }
    guard length <= PreviewLimits.maximumBodyBytes else {
      throw BodyRefusal(status: 413, message: "request bodies are at most \(PreviewLimits.maximumBodyBytes) bytes")
    }
    while buffer.count < length {
      let bytes = try await socket.read(atMost: length - buffer.count)
      if bytes.isEmpty { throw BodyRefusal(status: 400, message: "the body ended early") }
      buffer += bytes
    }
    let body = Array(buffer[..<length])
    buffer.removeFirst(length)
    return (head, body)
  }
}
