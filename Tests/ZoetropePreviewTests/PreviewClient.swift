// SPDX-License-Identifier: Apache-2.0
// A preview server in the test process, and a plain-socket HTTP client that can also misbehave.

import Foundation
import Synchronization
import Zoetrope
import ZoetropePreview
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread and waits for it without holding one of
/// Swift's shared threads (the server under test needs them to cancel its waits).
func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// A ``PreviewService`` on a free port of 127.0.0.1, serving on a thread of its own until stopped.
final class RunningPreview: Sendable {
  let service: PreviewService
  let stopped = Atomic<Bool>(false)
  let ended = DispatchSemaphore(value: 0)

  convenience init(scene: String) throws {
    self.init(service: try PreviewService(scene: scene, host: "127.0.0.1", port: 0))
  }

  init(service: PreviewService) {
    self.service = service
    let thread = Thread { [self] in
      service.serve(until: { self.stopped.load(ordering: .relaxed) })
      ended.signal()
    }
    thread.start()
  }

  var port: UInt16 { service.server.port }
  var host: String { "127.0.0.1:\(port)" }

  /// Stops the server and waits for it (up to 10 s) on a thread of its own.
  func stop() async {
    stopped.store(true, ordering: .relaxed)
    _ = try? await offThread { [self] in _ = self.ended.wait(timeout: .now() + 10) }
  }

  /// `GET path` with the right Host; the response.
  func get(_ path: String, headers: [String] = []) async throws -> HTTPReply {
    try await HTTPReply.exchange(port: port, Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\(headers.map { $0 + "\r\n" }.joined())Connection: close\r\n\r\n".utf8))
  }

  /// Polls `GET /golden.json` up to 120 s (a bound for a loaded machine, not a timing) until `condition` holds of its body.
  func waitForGolden(_ condition: (String) -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline {
      if condition(try await get("/golden.json").text) { return true }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    return false
  }

  /// Polls `GET /status.json` up to 120 s (a bound for a loaded machine, not a timing) until `condition` holds of its body.
  func waitForStatus(_ condition: (String) -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline {
      if condition(try await get("/status.json").text) { return true }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    return false
  }
}

/// A response as read off the socket.
struct HTTPReply {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]
  var text: String { String(decoding: body, as: UTF8.self) }

  /// Connects to 127.0.0.1:`port`, sends `request`, reads to the end (at most 20 s), on a thread of its own.
  static func exchange(port: UInt16, _ request: [UInt8]) async throws -> HTTPReply {
    try await offThread { try exchangeBlocking(port: port, request) }
  }

  /// ``exchange(port:_:)`` on the calling thread.
  static func exchangeBlocking(port: UInt16, _ request: [UInt8]) throws -> HTTPReply {
    let socket = try TestSocket(port: port)
    defer { socket.close() }
    try socket.send(request)
    return try parse(socket.readToEnd())
  }

  /// Splits raw response bytes into status, headers and body.
  static func parse(_ raw: [UInt8]) throws -> HTTPReply {
    guard let end = (0..<max(0, raw.count - 3)).first(where: { raw[$0] == 13 && raw[$0 + 1] == 10 && raw[$0 + 2] == 13 && raw[$0 + 3] == 10 }) else {
      throw TestSocket.Failure("no response head in \(raw.count) bytes")
    }
    let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ")[1]) ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      headers[parts[0].lowercased()] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    }
    return HTTPReply(status: status, headers: headers, body: Array(raw[(end + 4)...]))
  }
}

/// A blocking TCP socket to 127.0.0.1 with a receive timeout.
final class TestSocket: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  let fd: Int32

  init(port: UInt16, timeoutSeconds: Int = 20) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure("socket: \(errno)") }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard status == 0 else {
      Glibc.close(fd)
      throw Failure("connect: \(errno)")
    }
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw Failure("send: \(errno)") }
      offset += n
    }
  }

  /// Reads until the server closes (or the timeout).
  func readToEnd() throws -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
      if n == 0 { return out }
      if n < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure("timed out after \(out.count) bytes") }
        if errno == ECONNRESET { return out }
        throw Failure("recv: \(errno)")
      }
      out += buffer[0..<n]
    }
  }

  /// Reads until `marker` appears in what was read (or the timeout), on a thread of its own.
  func read(until marker: String) async throws -> String {
    try await offThread { try self.readBlocking(until: marker) }
  }

  func readBlocking(until marker: String) throws -> String {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: out, as: UTF8.self).contains(marker) {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
      guard n > 0 else { throw Failure("closed or timed out before \(marker) after: \(String(decoding: out, as: UTF8.self))") }
      out += buffer[0..<n]
    }
    return String(decoding: out, as: UTF8.self)
  }

  func close() { Glibc.close(fd) }
}

/// Runs the built `zoetrope` (beside the test bundle) and returns its exit status and standard output.
enum BuiltTool {
  static let executable: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("zoetrope").path), folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("zoetrope")
  }()

  static func run(_ arguments: [String]) async throws -> (status: Int32, output: [UInt8]) {
    try await offThread { try runBlocking(arguments) }
  }

  static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = Fixtures.packageRoot
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(data))
  }
}
