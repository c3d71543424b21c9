// SPDX-License-Identifier: Apache-2.0
// Everything `zoetrope preview` runs, put together: session, watch, renders, events, server.

import Dispatch
import Synchronization
import Zoetrope

/// A preview of one scene file on one address: the ``PreviewSession`` and
/// its watch, the ``RenderPool``, the ``EventHub`` and the ``PreviewServer``.
package final class PreviewService: Sendable {
  /// The scene and its reloads.
  package let session: PreviewSession
  /// The HTTP server.
  package let server: PreviewServer
  /// The page's address.
  package var url: String { server.url }

  /// Reads `scene` once (a broken file starts the preview all the same,
  /// showing its errors), starts watching its files, and binds
  /// `host`:`port`; throws when the address cannot be listened on.
  package init(scene: String, host: String, port: UInt16, golden: String? = nil,
               load: @escaping SceneLoader = PreviewSession.decodeFile) throws(PreviewServerError)
  {
    let goldenFrames = try golden.map { folder throws(PreviewServerError) in try GoldenFrames(folder: folder) }
    let events = EventHub()
    let session = PreviewSession(file: scene, load: load, events: events)
    session.start()
    self.session = session
    let pool = RenderPool()
    let bound = host == "localhost" ? "127.0.0.1" : host
    // The port is known only once bound: bind first, then make the router that checks Host against it.
    server = try PreviewServer(host: bound, port: port) { port in
      PreviewRouter(session: session, events: events, pool: pool, golden: goldenFrames, host: bound, port: port)
    }
  }

  /// Serves, and reloads the scene when its files change, until `stop`
  /// returns true (asked ten times a second); blocks the calling thread.
  package func serve(until stop: @escaping @Sendable () -> Bool) {
    let done = DispatchSemaphore(value: 0)
    let server = self.server
    // On the server's own threads from the start: Swift's shared ones may all be busy.
    let task = Task(executorPreference: server.executor) {
      try? await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await server.run() }
        group.addTask {
          // A comment every 15 s finds event streams whose client went away;
          // each new version is compared with the expected frames.
          var ticks = 0, compared = 0
          while !stop() {
            try await Task.sleep(nanoseconds: 100_000_000)
            ticks += 1
            if ticks % 150 == 0 { server.router.events.ping() }
            let router = server.router
            if let golden = router.golden, let state = router.session.state, state.version != compared {
              compared = state.version
              let session = router.session
              Task(executorPreference: server.executor) {
                await golden.compareAll(state, pool: router.pool, events: router.events,
                                        isCurrent: { session.state?.version == state.version })
              }
            }
          }
        }
        defer { group.cancelAll() }
        try await group.next()
      }
      done.signal()
    }
    done.wait()
    task.cancel()
    session.stop()
    server.router.export.removeFiles()
    server.router.events.finishAll()
  }
}
