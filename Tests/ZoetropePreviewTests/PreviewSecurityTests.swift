// SPDX-License-Identifier: Apache-2.0
// The preview as a hostile client meets it: traversal, foreign hosts, huge and slow heads, odd times, floods.

import Foundation
import Synchronization
import Testing
import ZoetropePreview
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite("Preview security", .serialized)
struct PreviewSecurityTests {
  static let scene = "Fixtures/Scenes/demo/pull-to-refresh.json"

  @Test("No path from a request reaches the file system", arguments: [
    "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/frame.png/../../../etc/passwd",
    "/..%2f..%2f..%2fetc%2fpasswd", "//etc/passwd", "/Fixtures/Scenes/demo/pull-to-refresh.json",
    "/preview.js/..", "/%00", "/index.html%00.png",
  ])
  func traversalRefused(path: String) async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get(path)
    #expect([400, 404].contains(reply.status))
    #expect(!reply.text.contains("root:"))
    #expect(!reply.text.contains("zoetrope\": 1"))
  }

  @Test("A Host that is not the server's own is refused (DNS rebinding)", arguments: [
    "evil.example:PORT", "evil.example", "127.0.0.1", "127.0.0.1:1", "localhost.evil.example:PORT", "",
  ])
  func foreignHostRefused(host: String) async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let header = host.isEmpty ? "" : "Host: \(host.replacingOccurrences(of: "PORT", with: "\(preview.port)"))\r\n"
    let reply = try await HTTPReply.exchange(port: preview.port, Array("GET /frame.png?t=0 HTTP/1.1\r\n\(header)Connection: close\r\n\r\n".utf8))
    #expect(reply.status == 403)
    #expect(reply.headers["content-type"] == "application/json")
    // Every name of the loopback address is the server's own.
    for own in ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"] {
      let ok = try await HTTPReply.exchange(port: preview.port, Array("GET /status.json HTTP/1.1\r\nHost: \(own):\(preview.port)\r\nConnection: close\r\n\r\n".utf8))
      #expect(ok.status == 200, "\(own)")
    }
  }

  @Test("A request from another page's Origin is refused")
  func foreignOriginRefused() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    #expect(try await preview.get("/status.json", headers: ["Origin: http://evil.example"]).status == 403)
    #expect(try await preview.get("/status.json", headers: ["Origin: http://\(preview.host)"]).status == 200)
  }

  @Test("Odd times and scales are refused with 400", arguments: [
    "t=nan", "t=inf", "t=-inf", "t=1e999", "t=", "t=abc", "t=0x", "t=1%00", "scale=0", "scale=-1", "scale=9",
    "scale=1e-9", "scale=nan", "t=" + String(repeating: "1", count: 100), "t=0&scale=100",
  ])
  func oddNumbersRefused(query: String) async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let full = query.hasPrefix("scale") ? "t=0&" + query : query
    let reply = try await preview.get("/frame.png?\(full)")
    #expect(reply.status == 400, "\(query): \(reply.text)")
    #expect(try await preview.get("/frame.png").status == 400)
  }

  @Test("A head over 16 KiB gets 431, too many headers 431, a malformed one 400, and the server goes on")
  func oversizedHeads() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let huge = "GET / HTTP/1.1\r\nHost: \(preview.host)\r\nX-Junk: \(String(repeating: "a", count: 1 << 20))\r\n\r\n"
    #expect(try await HTTPReply.exchange(port: preview.port, Array(huge.utf8)).status == 431)
    let many = "GET / HTTP/1.1\r\nHost: \(preview.host)\r\n" + (0..<100).map { "X-\($0): 1\r\n" }.joined() + "\r\n"
    #expect(try await HTTPReply.exchange(port: preview.port, Array(many.utf8)).status == 431)
    for bad in ["GARBAGE\r\n\r\n", "GET / HTTP/2.0\r\n\r\n", "GET http://x/ HTTP/1.1\r\n\r\n", "get / HTTP/1.1\r\n\r\n",
                "GET /\u{1} HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\n: empty\r\n\r\n"] {
      #expect(try await HTTPReply.exchange(port: preview.port, Array(bad.utf8)).status == 400, "\(bad)")
    }
    let post = "POST /status.json HTTP/1.1\r\nHost: \(preview.host)\r\nContent-Length: 999999999\r\n\r\n"
    #expect(try await HTTPReply.exchange(port: preview.port, Array(post.utf8)).status == 413)
    let chunked = "POST /status.json HTTP/1.1\r\nHost: \(preview.host)\r\nTransfer-Encoding: chunked\r\n\r\n"
    #expect(try await HTTPReply.exchange(port: preview.port, Array(chunked.utf8)).status == 501)
    #expect(try await preview.get("/status.json").status == 200)
  }

  @Test("A client that sends its head slowly (slowloris) is cut off; others are served meanwhile")
  func slowClientCutOff() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let slow = try TestSocket(port: preview.port, timeoutSeconds: 30)
    defer { slow.close() }
    try slow.send(Array("GET / HTTP/1.1\r\n".utf8))
    // One header byte a second: the head is never finished within the limit.
    var cut = false
    for _ in 0..<Int(PreviewLimits.headSeconds) + 5 {
      if (try? slow.send(Array("X".utf8))) == nil { cut = true; break }
      #expect(try await preview.get("/status.json").status == 200)
      try await Task.sleep(nanoseconds: 1_000_000_000)
    }
    let reply = try? await offThread { try slow.readToEnd() }
    #expect(cut || reply.map { String(decoding: $0, as: UTF8.self).contains("408") } == true)
  }

  @Test("Hundreds of connections at once: each is answered (some with 503), and the server goes on")
  func connectionFlood() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let statuses = Mutex<[Int]>([])
    let group = DispatchGroup()
    let port = preview.port, host = preview.host
    for i in 0..<400 {
      group.enter()
      Thread {
        defer { group.leave() }
        let request = "GET /frame.png?t=\(Double(i % 40) / 16) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
        let status = (try? HTTPReply.exchangeBlocking(port: port, Array(request.utf8)).status) ?? -1
        statuses.withLock { $0.append(status) }
      }.start()
    }
    #expect(try await offThread { group.wait(timeout: .now() + 120) } == .success)
    let all = statuses.withLock { $0 }
    #expect(all.count == 400)
    #expect(all.allSatisfy { $0 == 200 || $0 == 503 || $0 == -1 }, "\(Set(all))")
    #expect(all.contains(200))
    #expect(try await preview.get("/status.json").status == 200)
  }

  @Test("Unknown methods get 405 with Allow; unknown paths 404")
  func methodsAndPaths() async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(Self.scene).path)
    defer { Task { await preview.stop() } }
    let put = try await HTTPReply.exchange(port: preview.port, Array("DELETE /frame.png?t=0 HTTP/1.1\r\nHost: \(preview.host)\r\nConnection: close\r\n\r\n".utf8))
    #expect(put.status == 405)
    #expect(put.headers["allow"] != nil)
    #expect(try await preview.get("/nothing-here").status == 404)
  }
}

@Suite("Preview render pool")
struct RenderPoolTests {
  @Test("Work that runs past its time is cancelled and answered as too slow; the pool goes on")
  func slowWorkAbandoned() async throws {
    let pool = RenderPool(threads: 1, seconds: 0.2)
    do throws(RenderPool.Failure) {
      _ = try await pool.run { isCancelled throws(RenderPool.Failure) in
        while !isCancelled() { usleep(1000) }
        throw .tooSlow
      }
      Issue.record("the work was not abandoned")
    } catch {
      #expect(error == .tooSlow)
    }
    // The work only ends when cancelled, so reaching here is the proof; how long it took is not asserted.
    let bytes = try await pool.run { _ throws(RenderPool.Failure) in [1, 2, 3] }
    #expect(bytes == [1, 2, 3])
  }

  @Test("Past the queue's bound, work is refused at once as busy")
  func queueBounded() async throws {
    let pool = RenderPool(threads: 1, seconds: 2)
    let all = await withTaskGroup(of: RenderPool.Failure?.self) { group in
      for _ in 0..<(PreviewLimits.maximumQueuedRenders + 10) {
        group.addTask {
          do throws(RenderPool.Failure) {
            _ = try await pool.run { _ throws(RenderPool.Failure) in
              usleep(20_000)
              return []
            }
            return nil
          } catch {
            return error
          }
        }
      }
      var all: [RenderPool.Failure?] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(all.contains(.busy))
    #expect(all.contains(nil))
  }
}
