// SPDX-License-Identifier: Apache-2.0
// `--golden DIR`: the expected frames beside the actual ones, their differences, and which frames differ.

import Foundation
import Synchronization
import Zoetrope

/// A folder of expected frames, as `zoetrope compare` and `render -o DIR/`
/// name them: a PNG whose name's last number is the frame index
/// (`0012.png`, `frame_12.png`). The folder is listed once, when the server
/// starts; a request names a time, never a file.
///
/// After each version of the scene decodes, every expected frame is
/// compared with the frame rendered at its time (on the render pool, one at
/// a time), and the frames that differ are announced as `golden` events.
package final class GoldenFrames: Sendable {
  /// The folder, as given.
  package let folder: String
  /// Frame index → the PNG's path, from the folder's listing.
  package let files: [Int: String]

  private struct Verdicts {
    var version = 0
    /// Frame index → whether it differs (`nil` while not compared, or on an error).
    var differs: [Int: Bool] = [:]
    var errors: [Int: String] = [:]
  }

  private let verdicts = Mutex(Verdicts())

  /// Lists `folder`'s PNG frames; throws a message when it is not a folder
  /// or holds none, or more than 100,000.
  package init(folder: String) throws(PreviewServerError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw PreviewServerError(description: "\(folder): --golden must be a folder of PNG frames")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var files: [Int: String] = [:]
    for name in names where name.lowercased().hasSuffix(".png") {
      guard let index = GoldenFrames.frameIndex(of: name), files[index] == nil else { continue }
      files[index] = folder + "/" + name
    }
    guard !files.isEmpty else { throw PreviewServerError(description: "\(folder): no PNG frames (0000.png, 0001.png, …)") }
    guard files.count <= 100_000 else { throw PreviewServerError(description: "\(folder): over 100,000 frames") }
    self.folder = folder
    self.files = files
  }

  /// The last run of digits in `name` (before its extension) as a number.
  static func frameIndex(of name: String) -> Int? {
    let stem = name.dropLast(4)
    guard let end = stem.lastIndex(where: \.isNumber) else { return nil }
    var start = end
    while start > stem.startIndex, stem[stem.index(before: start)].isNumber { start = stem.index(before: start) }
    let digits = stem[start...end]
    return digits.count <= 9 ? Int(digits) : nil
  }

  /// The expected frame at frame `index`, decoded; `nil` when there is none.
  package func expected(_ index: Int) throws(MediaError) -> RGBAImage? {
    guard let path = files[index] else { return nil }
    return try RGBAImage(contentsOfPNG: path)
  }

  /// `{"version", "frames": [indices with an expected frame], "differing": [indices], "compared": n, "errors": {index: message}}`.
  package func json() -> String {
    let v = verdicts.withLock { $0 }
    let differing = v.differs.filter { $0.value }.keys.sorted()
    let errors = v.errors.sorted { $0.key < $1.key }.prefix(100)
      .map { "\"\($0.key)\": \(JSONText.string($0.value))" }.joined(separator: ", ")
    return "{\"version\": \(v.version), \"frames\": [" + files.keys.sorted().map(String.init).joined(separator: ",")
      + "], \"differing\": [" + differing.map(String.init).joined(separator: ",") + "], \"compared\": \(v.differs.count), "
      + "\"errors\": {\(errors)}}"
  }

  /// Compares every expected frame with `state`'s, on `pool`, announcing the
  /// frames that differ as they are found (`golden` events); stops early when a
  /// newer version arrives.
  package func compareAll(_ state: PreviewSession.State, pool: RenderPool, events: EventHub,
                          isCurrent: @escaping @Sendable () -> Bool) async {
    verdicts.withLock { $0 = Verdicts(version: state.version) }
    events.send("golden", json())
    for index in files.keys.sorted() {
      guard isCurrent() else { return }
      let time = Double(index) / state.renderer.canvas.frameRate.framesPerSecond
      let verdict: Result<Bool, GoldenFailure>
      do throws(RenderPool.Failure) {
        let bytes = try await pool.run { [self] isCancelled throws(RenderPool.Failure) in
          do throws(GoldenFailure) {
            let difference = try self.difference(at: index, time: time, state: state, isCancelled: isCancelled)
            return [difference.differingPixels > 0 ? 1 : 0]
          } catch {
            throw .failed(error.message)
          }
        }
        verdict = .success(bytes == [1])
      } catch {
        if case .failed(let message) = error { verdict = .failure(GoldenFailure(message: message)) }
        else { verdict = .failure(GoldenFailure(message: "not compared: the render pool was busy or the frame too slow")) }
      }
      verdicts.withLock { v in
        guard v.version == state.version else { return }
        switch verdict {
        case .success(let differs): v.differs[index] = differs
        case .failure(let failure): v.errors[index] = failure.message
        }
      }
      events.send("golden", json())
    }
  }

  /// Why a frame could not be compared.
  package struct GoldenFailure: Error {
    var message: String
  }

  /// The expected frame `index` against `state`'s frame at `time`.
  package func difference(at index: Int, time: Double, state: PreviewSession.State,
                  isCancelled: @escaping @Sendable () -> Bool) throws(GoldenFailure) -> ImageDifference {
    let expected: RGBAImage
    do {
      guard let image = try self.expected(index) else { throw GoldenFailure(message: "no expected frame \(index)") }
      expected = image
    } catch let error as GoldenFailure {
      throw error
    } catch {
      throw GoldenFailure(message: "\(error)")
    }
    var actual = RGBAImage(width: 0, height: 0, pixels: [])
    do {
      try state.renderer.render(atTime: time, into: &actual, isCancelled: isCancelled)
    } catch {
      throw GoldenFailure(message: error.description)
    }
    guard let difference = actual.difference(from: expected) else {
      throw GoldenFailure(message: "the expected frame is \(expected.width)×\(expected.height), the frame \(actual.width)×\(actual.height)")
    }
    return difference
  }
}
