// SPDX-License-Identifier: Apache-2.0
// `POST /export`: the clip rendered to GIF, MP4 or WebM in the background, its progress on /events.

import Foundation
import Synchronization
import Zoetrope
import ZoetropeVideo

/// Renders the scene's clip (the version in use when asked) to a file in a
/// private folder of its own, one export at a time, reporting progress as
/// `export` events; `GET /export/ID` then downloads it. The request names
/// only the format and scale: the file's name and folder are the server's.
/// The folder goes when the server stops.
package final class PreviewExport: Sendable {
  /// The formats offered, by name: the extension of the file made.
  package static let formats = ["gif", "mp4", "webm"]
  /// The largest export served (it is sent from memory).
  package static let maximumDownloadBytes = 512 << 20

  private struct Job: Sendable {
    var id: String
    var format: String
    var path: String
    var name: String
    var done = false
    var failed: String?
    let cancelled = CancelFlag()
  }

  /// Set once to stop an export.
  private final class CancelFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
  }

  private let folder: String
  private let events: EventHub
  private let current = Mutex<Job?>(nil)

  /// Exports into a new private folder under the system's temporary one.
  package init(events: EventHub) {
    self.events = events
    var template = Array((NSTemporaryDirectory() + "/zoetrope-preview-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    folder = made.map { String(cString: $0) } ?? NSTemporaryDirectory()
  }

  /// Removes the folder and what it holds.
  package func removeFiles() {
    current.withLock { $0?.cancelled.set() }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Starts an export of `state`'s clip as `format` at device `scale`; the
  /// answer (202 with the export's id, or why not).
  package func start(format: String, scale: Double, state: PreviewSession.State, sceneFile: String) -> PreviewResponse {
    guard PreviewExport.formats.contains(format) else {
      return .problem(400, "format must be one of \(PreviewExport.formats.joined(separator: ", "))")
    }
    let id = String(UInt64.random(in: 1..<UInt64.max), radix: 36)
    let base = (sceneFile as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? "scene"
    let name = "\(base).\(format)"
    let path = folder + "/\(id).\(format)"
    let accepted: Bool = current.withLock { job in
      if let job, !job.done, job.failed == nil { return false }
      if let old = job?.path { try? FileManager.default.removeItem(atPath: old) }
      job = Job(id: id, format: format, path: path, name: name)
      return true
    }
    guard accepted else { return .problem(409, "an export is already running; cancel it first") }
    let cancelled = current.withLock { $0!.cancelled }
    let events = self.events
    let started = WorkerThread.start(stackSize: LargeStack.size) { [self] in
      let failure = PreviewExport.render(state: state, scale: scale, to: path, id: id,
                                         isCancelled: { cancelled.isSet }, events: events)
      current.withLock { job in
        guard job?.id == id else { return }
        job?.done = failure == nil
        job?.failed = failure
      }
      if let failure {
        events.send("export", "{\"id\": \(JSONText.string(id)), \"state\": \"failed\", \"error\": \(JSONText.string(failure))}")
      } else {
        events.send("export", "{\"id\": \(JSONText.string(id)), \"state\": \"done\", \"url\": \"/export/\(id)\", "
          + "\"name\": \(JSONText.string(name))}")
      }
    }
    guard started else {
      current.withLock { $0?.failed = "no thread could be made" }
      return .problem(503, "no thread could be made for the export")
    }
    return .json("{\"id\": \(JSONText.string(id)), \"format\": \(JSONText.string(format))}\n", status: 202)
  }

  /// Cancels the running export, if any.
  package func cancel() -> PreviewResponse {
    let running = current.withLock { job -> Bool in
      guard let job, !job.done, job.failed == nil else { return false }
      job.cancelled.set()
      return true
    }
    return running ? .json("{\"cancelled\": true}\n") : .problem(409, "no export is running")
  }

  /// The finished export `id`'s file as a download, or 404.
  package func download(_ id: String) -> PreviewResponse {
    guard let job = current.withLock({ $0 }), job.id == id, job.done else {
      return .problem(404, "no finished export with this id")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: job.path)[.size] as? Int) ?? nil
    guard let size, size <= PreviewExport.maximumDownloadBytes else {
      return .problem(413, "the export is over \(PreviewExport.maximumDownloadBytes >> 20) MiB; render it with zoetrope render")
    }
    guard let bytes = FileManager.default.contents(atPath: job.path) else { return .problem(404, "the export is gone") }
    let type = ["gif": "image/gif", "mp4": "video/mp4", "webm": "video/webm"][job.format] ?? "application/octet-stream"
    return PreviewResponse(contentType: type, body: [UInt8](bytes),
                           headers: [("Content-Disposition", "attachment; filename=\"\(job.name)\"")])
  }

  /// Renders every frame of the clip into `path`; the failure's message, or `nil`.
  static func render(state: PreviewSession.State, scale: Double, to path: String, id: String,
                     isCancelled: @escaping @Sendable () -> Bool, events: EventHub) -> String? {
    let renderer = state.renderer
    let canvas = renderer.canvas
    let size = renderer.frameSize(scale: scale)
    do {
      let output = try RenderOutput(path: path)
      let sink = try output.makeSink(width: size.width, height: size.height, frameRate: canvas.frameRate)
      let clip = ClipRender(renderer: renderer, frames: 0..<canvas.frameCount, frameRate: canvas.frameRate,
                            scale: scale, threads: Swift.max(1, ProcessInfo.processInfo.activeProcessorCount))
      var last: UInt64 = 0
      try clip.run(into: sink, isCancelled: isCancelled) { progress in
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - last > 100_000_000 || progress.framesDone == progress.frameCount else { return }
        last = now
        events.send("export", "{\"id\": \(JSONText.string(id)), \"state\": \"running\", \"fraction\": "
          + "\(JSONText.number(progress.fraction)), \"frame\": \(progress.framesDone), \"frames\": \(progress.frameCount), "
          + "\"pass\": \(progress.pass), \"passes\": \(progress.passCount)}")
      }
      return nil
    } catch let error as RenderError {
      return error == .cancelled ? "cancelled" : error.description
    } catch {
      return "\(error)"
    }
  }
}
