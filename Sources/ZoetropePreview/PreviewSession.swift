// SPDX-License-Identifier: Apache-2.0
// The scene being previewed: its last good version, its current problem, and the reloads.

import Synchronization
import Zoetrope

/// Reads a scene file: the scene, or the error that refused it (with the
/// files read either way). `zoetrope preview` passes the CLI's loader, so a
/// preview reads every kind of file the other commands read.
package typealias SceneLoader = @Sendable (_ file: String) -> (result: Result<Scene, SceneError>, read: [String])

/// The scene file the server was started with, reloaded whenever it or a
/// file it references changes (``SourceWatch``, the watch of `render --watch`).
///
/// The last scene that decoded stays in use while the file is broken: the
/// page shows its frames under the error. Each reload that decodes gets a new
/// ``State/version``; frames are cached per version.
package final class PreviewSession: Sendable {
  /// A scene that decoded, ready to render from any thread.
  package final class State: Sendable {
    /// 1 for the first scene that decoded, then one more per reload that did.
    package let version: Int
    /// Renders its frames.
    package let renderer: Renderer
    /// `GET /scene.json`'s body.
    package let outline: String
    /// The files it was read from.
    package let sourceFiles: [String]

    init(version: Int, scene: Scene, file: String) {
      self.version = version
      renderer = Renderer(scene)
      sourceFiles = scene.sourceFiles
      outline = SceneOutline.json(version: version, file: file, canvas: scene.canvas, tree: renderer.evaluator.tree,
                                  warnings: scene.decodingWarnings)
    }
  }

  /// The scene file, as given.
  package let file: String
  private let load: SceneLoader
  private let events: EventHub
  private let current = Mutex<(state: State?, problem: SceneError?)>((nil, nil))
  private let stopped = Atomic<Bool>(false)

  /// Reads `file` once now (a broken file is a ``problem``, not a failure)
  /// and announces every reload on `events`; ``watch()`` reloads on change.
  package init(file: String, load: @escaping SceneLoader, events: EventHub) {
    self.file = file
    self.load = load
    self.events = events
  }

  /// The scene in use, `nil` until one decodes.
  package var state: State? { current.withLock { $0.state } }
  /// Why the file as it is now was refused, `nil` when it decoded.
  package var problem: SceneError? { current.withLock { $0.problem } }

  /// Reads the file now, on the calling thread, then reloads it on a thread
  /// of its own whenever a file it was read from changes, until ``stop()``.
  /// False when that thread could not be made (the first read is done all the same).
  @discardableResult
  package func start() -> Bool {
    var watch = SourceWatch(scene: file)
    let before = watch.stamp()
    let read = reload()
    let baseline = watch.settle(before: before, read: read, decoded: problem == nil)
    return WorkerThread.start(stackSize: LargeStack.size) { [self, watch, baseline] in
      var watch = watch, baseline = baseline
      while watch.waitForChange(from: baseline, stop: { self.stopped.load(ordering: .relaxed) }) != nil {
        let before = watch.stamp()
        let read = reload()
        baseline = watch.settle(before: before, read: read, decoded: problem == nil)
      }
    }
  }

  /// Stops the watch after its current poll.
  package func stop() { stopped.store(true, ordering: .relaxed) }

  /// Reads the file once and publishes the outcome; returns the files read.
  @discardableResult
  package func reload() -> [String] {
    let (result, read) = load(file)
    switch result {
    case .success(let scene):
      let version = (state?.version ?? 0) + 1
      let state = State(version: version, scene: scene, file: file)
      current.withLock { $0 = (state, nil) }
      events.send("scene", "{\"version\": \(version)}", greets: true)
    case .failure(let error):
      current.withLock { $0.problem = error }
      events.send("problem", PreviewSession.problemJSON(error, version: state?.version ?? 0), greets: true)
    }
    return read
  }

  /// `{"version": last good version, "file", "problems": [{"path", "message"}], "more"}`:
  /// the first hundred problems and how many more there are.
  static func problemJSON(_ error: SceneError, version: Int) -> String {
    let shown = error.issues.prefix(SceneError.describedIssues)
    return "{\"version\": \(version), \"file\": \(JSONText.string(error.file)), \"problems\": ["
      + shown.map { "{\"path\": \(JSONText.string($0.path)), \"message\": \(JSONText.string($0.message))}" }
      .joined(separator: ", ") + "], \"more\": \(error.issues.count - shown.count)}"
  }

  /// The default loader: any scene file the other commands read, a scene
  /// file or a Lottie animation (`Scene(contentsOf:)`, by its content).
  package static let decodeFile: SceneLoader = { file in
    do throws(SceneError) {
      let scene = try Scene(contentsOf: file)
      return (.success(scene), scene.sourceFiles)
    } catch {
      return (.failure(error), error.sourceFiles)
    }
  }
}
