// SPDX-License-Identifier: Apache-2.0
// Which request gets which answer: a fixed table of routes, nothing from a request reaches the file system.

import Foundation
import Zoetrope

/// Answers the preview's requests (docs/preview.md lists them). Every route
/// is a fixed path matched whole; the page's files are compiled into the
/// module, so no part of a request names a file. A request whose `Host` is
/// not the server's own address is refused (403) before anything else — a
/// web page on another site that resolves its name to 127.0.0.1 (DNS
/// rebinding) cannot read the preview — and so is a `POST` from another
/// page (`Origin` not the server's own).
package final class PreviewRouter: Sendable {
  /// The scene and its reloads.
  package let session: PreviewSession
  /// Server-Sent Events to the pages.
  package let events: EventHub
  /// Renders frames and inspections.
  package let pool: RenderPool
  /// Frames and inspections already made.
  package let cache = FrameCache()
  /// Clips rendered to files for download.
  package let export: PreviewExport
  /// The expected frames of `--golden`, if given.
  package let golden: GoldenFrames?
  /// The `Host` values accepted: `host:port` of every name of the address served.
  package let allowedHosts: Set<String>

  /// A router for `session` served at `host` (as bound) and `port`.
  package init(session: PreviewSession, events: EventHub, pool: RenderPool, golden: GoldenFrames? = nil, host: String,
              port: UInt16) {
    self.session = session
    self.golden = golden
    self.events = events
    self.pool = pool
    export = PreviewExport(events: events)
    var names = [host]
    if host == "127.0.0.1" || host == "::1" { names += ["127.0.0.1", "localhost", "::1"] }
    allowedHosts = Set(names.map { PreviewServer.authority(host: $0, port: port).lowercased() })
  }

  /// The answer to one request.
  package func reply(to head: HTTPRequestHead, body: [UInt8]) async -> PreviewReply {
    guard let host = head.header("host"), allowedHosts.contains(host.lowercased()) else {
      return .response(.problem(403, "the Host header must be this server's own address (\(allowedHosts.sorted().joined(separator: ", ")))"))
    }
    if let origin = head.header("origin"), !allowedHosts.contains(where: { origin.lowercased() == "http://\($0)" }) {
      return .response(.problem(403, "requests from other pages are refused"))
    }
    let reading = head.method == "GET" || head.method == "HEAD"
    switch head.path {
    case "/", "/index.html", "/preview.css", "/preview.js":
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      return .response(PageAssets.response(for: head.path))
    case "/events":
      guard reading else { return .response(notAllowed("GET")) }
      return .events
    case "/status.json":
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      return .response(status())
    case "/scene.json":
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      guard let state = session.state else { return .response(noScene()) }
      return .response(.json(state.outline))
    case "/frame.png", "/inspect.json", "/geometry.json":
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      return .response(await instant(head))
    case "/golden.json":
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      guard let golden else { return .response(.problem(404, "the preview was started without --golden")) }
      return .response(.json(golden.json()))
    case "/golden/expected.png", "/golden/diff.png":
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      return .response(await goldenImage(head))
    case "/export":
      guard head.method == "POST" else { return .response(notAllowed("POST")) }
      return .response(startExport(head, body: body))
    case "/export/cancel":
      guard head.method == "POST" else { return .response(notAllowed("POST")) }
      return .response(export.cancel())
    case let path where path.hasPrefix("/export/"):
      guard reading else { return .response(notAllowed("GET, HEAD")) }
      // The id is compared with the running export's, never used as a name.
      return .response(export.download(String(path.dropFirst("/export/".count))))
    default:
      return .response(.problem(404, "no such page: the preview serves /, /frame.png, /inspect.json, /geometry.json, /scene.json, /status.json, /events and /export"))
    }
  }

  /// `POST /export` with `{"format": "gif" | "mp4" | "webm", "scale": K}` as
  /// `application/json` (which a page of another site cannot send without
  /// asking first).
  func startExport(_ head: HTTPRequestHead, body: [UInt8]) -> PreviewResponse {
    guard head.header("content-type")?.lowercased().hasPrefix("application/json") == true else {
      return .problem(415, "send the export's settings as application/json")
    }
    guard let state = session.state else { return noScene() }
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let format = object["format"] as? String
    else { return .problem(400, "the body must be {\"format\": \"gif\", \"scale\": 1}") }
    let scale = (object["scale"] as? Double) ?? 1
    let canvas = state.renderer.canvas
    let width = canvas.width * canvas.scale * scale, height = canvas.height * canvas.scale * scale
    guard scale > 0, scale <= PreviewLimits.maximumScale, width.rounded() >= 1, height.rounded() >= 1,
      width <= Double(Limits.maximumPixelsPerSide), height <= Double(Limits.maximumPixelsPerSide)
    else { return .problem(400, "scale must be more than 0 and at most \(Int(PreviewLimits.maximumScale))") }
    return export.start(format: format, scale: scale, state: state, sceneFile: session.file)
  }

  /// The expected frame at `?t=` as its file holds it, or the difference
  /// between it and the frame (`compare --diff`'s image).
  func goldenImage(_ head: HTTPRequestHead) async -> PreviewResponse {
    guard let golden else { return .problem(404, "the preview was started without --golden") }
    guard let state = session.state else { return noScene() }
    let time: Double
    switch Self.number(head.query["t"], name: "t", default: nil) {
    case .success(let value): time = value
    case .failure(let refusal): return refusal
    }
    let fps = state.renderer.canvas.frameRate.framesPerSecond
    let index = (time * fps).rounded()
    guard index >= 0, index < 1e9, Swift.abs(index / fps - time) <= 1e-9 * Swift.max(1, Swift.abs(time)),
      golden.files[Int(index)] != nil
    else { return .problem(404, "no expected frame at \(JSONText.number(time)) s") }
    let frame = Int(index)
    let diff = head.path == "/golden/diff.png"
    let key = FrameCache.Key(version: state.version, time: time, scale: 1, kind: head.path)
    if let bytes = cache.bytes(for: key) { return PreviewResponse(contentType: "image/png", body: bytes) }
    do {
      let bytes = try await pool.run { isCancelled throws(RenderPool.Failure) in
        do {
          if diff {
            return try golden.difference(at: frame, time: time, state: state, isCancelled: isCancelled).image
              .pngData(compression: .fast)
          }
          guard let image = try golden.expected(frame) else { throw RenderPool.Failure.failed("no expected frame") }
          return try image.pngData(compression: .fast)
        } catch let failure as RenderPool.Failure {
          throw failure
        } catch let failure as GoldenFrames.GoldenFailure {
          throw .failed(failure.message)
        } catch {
          throw .failed("\(error)")
        }
      }
      cache.keep(bytes, for: key)
      return PreviewResponse(contentType: "image/png", body: bytes)
    } catch {
      switch error {
      case .busy: return .problem(503, "too many frames are waiting to render", headers: [("Retry-After", "1")])
      case .tooSlow: return .problem(503, "the frame took too long to render")
      case .failed(let message): return .problem(422, message)
      }
    }
  }

  /// 405 with the methods the route takes.
  func notAllowed(_ methods: String) -> PreviewResponse {
    .problem(405, "this route takes \(methods)", headers: [("Allow", methods)])
  }

  /// 409: no version of the scene has decoded yet.
  func noScene() -> PreviewResponse {
    let why = session.problem.map { $0.description } ?? "the scene is still being read"
    return .problem(409, "no version of the scene has decoded yet: \(why)")
  }

  /// `{"version", "problem"}`: the version in use and, while the file is broken, why.
  func status() -> PreviewResponse {
    let version = session.state?.version ?? 0
    let problem = session.problem.map { PreviewSession.problemJSON($0, version: version) } ?? "null"
    return .json("{\"version\": \(version), \"problem\": \(problem)}")
  }

  /// A frame, an inspection line or the geometry at `?t=`, from the cache or the render pool.
  func instant(_ head: HTTPRequestHead) async -> PreviewResponse {
    guard let state = session.state else { return noScene() }
    let time: Double
    switch Self.number(head.query["t"], name: "t", default: nil) {
    case .success(let value): time = value
    case .failure(let refusal): return refusal
    }
    var scale = 1.0
    if head.path == "/frame.png" {
      switch Self.number(head.query["scale"], name: "scale", default: 1) {
      case .success(let value): scale = value
      case .failure(let refusal): return refusal
      }
      let canvas = state.renderer.canvas
      let width = canvas.width * canvas.scale * scale, height = canvas.height * canvas.scale * scale
      guard scale > 0, scale <= PreviewLimits.maximumScale, width.rounded() >= 1, height.rounded() >= 1,
        width <= Double(Limits.maximumPixelsPerSide), height <= Double(Limits.maximumPixelsPerSide)
      else {
        return .problem(400, "scale must be more than 0 and at most \(Int(PreviewLimits.maximumScale)), with the frame 1…\(Limits.maximumPixelsPerSide) pixels a side")
      }
    }
    let layer = head.path == "/inspect.json" ? head.query["layer"] : nil
    var indexes: [Int]?
    if let layer {
      guard let index = state.renderer.evaluator.tree.index(named: layer) else {
        return .problem(404, "no layer named \(JSONText.string(layer))")
      }
      indexes = [index]
    }
    let kind = head.path + (layer.map { "?layer=" + $0 } ?? "")
    let key = FrameCache.Key(version: state.version, time: time, scale: scale, kind: kind)
    let type = head.path == "/frame.png" ? "image/png" : "application/json"
    let headers = [("X-Zoetrope-Version", "\(state.version)")]
    if let bytes = cache.bytes(for: key) { return PreviewResponse(contentType: type, body: bytes, headers: headers) }
    let path = head.path
    let (frameScale, frameIndexes) = (scale, indexes)
    do {
      let bytes = try await pool.run { isCancelled throws(RenderPool.Failure) in
        try PreviewRouter.make(path, state: state, time: time, scale: frameScale, indexes: frameIndexes,
                               isCancelled: isCancelled)
      }
      cache.keep(bytes, for: key)
      return PreviewResponse(contentType: type, body: bytes, headers: headers)
    } catch {
      switch error {
      case .busy: return .problem(503, "too many frames are waiting to render", headers: [("Retry-After", "1")])
      case .tooSlow: return .problem(503, "the frame took over \(Int(PreviewLimits.renderSeconds)) s to render and was abandoned")
      case .failed(let message): return .problem(422, message)
      }
    }
  }

  /// The bytes of `path` at `time`: the PNG `still --time` writes, the line
  /// `inspect --time` prints, or the geometry.
  static func make(_ path: String, state: PreviewSession.State, time: Double, scale: Double, indexes: [Int]?,
                   isCancelled: @escaping @Sendable () -> Bool) throws(RenderPool.Failure) -> [UInt8] {
    let renderer = state.renderer
    switch path {
    case "/inspect.json":
      let tree = renderer.evaluator.tree
      let line = Inspection(tree).json(for: renderer.evaluator.presentation(atTime: time), indexes: indexes)
      return Array((line + "\n").utf8)
    case "/geometry.json":
      return Array(SceneGeometry.json(at: time, evaluator: renderer.evaluator, canvas: renderer.canvas).utf8)
    default:
      var image = RGBAImage(width: 0, height: 0, pixels: [])
      do {
        try renderer.render(atTime: time, scale: scale, threads: ProcessCores.count, into: &image, isCancelled: isCancelled)
      } catch {
        if error == .cancelled { throw .tooSlow }
        throw .failed(error.description)
      }
      do {
        return try image.pngData(compression: .fast)
      } catch {
        throw .failed(error.description)
      }
    }
  }

  /// A query number: decimal (`1.25`, `-3e-2`), finite, at most 64 characters; `fallback` when absent (an error when that is `nil`).
  static func number(_ text: String?, name: String, default fallback: Double?) -> Result<Double, PreviewResponse> {
    guard let text else {
      if let fallback { return .success(fallback) }
      return .failure(.problem(400, "give \(name)=SECONDS"))
    }
    let decimal = text.utf8.allSatisfy { "0123456789+-.eE".utf8.contains($0) }
    guard text.utf8.count <= 64, decimal, let value = Double(text), value.isFinite else {
      return .failure(.problem(400, "\(name) must be a finite number (got \(JSONText.string(String(text.prefix(64)))))"))
    }
    return .success(value)
  }
}

extension PreviewResponse: Error {}

/// The number of cores to render a frame on.
enum ProcessCores {
  static var count: Int { Swift.max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
