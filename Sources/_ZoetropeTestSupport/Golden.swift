// SPDX-License-Identifier: Apache-2.0
// Exact golden-image comparison with expected/actual/diff artifacts on failure. Not API.

import Foundation
import ZoetropeImages
import ZoetropeMedia

/// Golden PNGs under `Fixtures/Golden/`.
package enum Golden {
  /// Where failures write their images: `.build/zoetrope-artifacts/`.
  package static let artifacts = Fixtures.packageRoot.appendingPathComponent(".build/zoetrope-artifacts")

  /// Compares `actual` with the golden at `Fixtures/Golden/<name>.png`; `nil` when
  /// equal, else a message naming the first difference and the artifact paths.
  /// With `ZOETROPE_RECORD=1` in the environment the golden is (re)written
  /// instead, unless `recording` is false (checks that must only compare).
  package static func compare(_ actual: RGBAImage, name: String, recording: Bool = true) -> String? {
    let goldenPath = Fixtures.url("Golden/\(name).png").path
    if recording && ProcessInfo.processInfo.environment["ZOETROPE_RECORD"] == "1" {
      try? FileManager.default.createDirectory(atPath: (goldenPath as NSString).deletingLastPathComponent,
                                               withIntermediateDirectories: true)
      do { try actual.writePNG(to: goldenPath) } catch { return "could not record \(goldenPath): \(error)" }
      return nil
    }
    let expected: RGBAImage
    do { expected = try RGBAImage(contentsOfPNG: goldenPath) } catch { return "no golden: \(error)" }
    if expected == actual { return nil }
    let folder = artifacts.appendingPathComponent(name)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let expectedPath = folder.appendingPathComponent("expected.png").path
    let actualPath = folder.appendingPathComponent("actual.png").path
    let diffPath = folder.appendingPathComponent("diff.png").path
    try? expected.writePNG(to: expectedPath)
    try? actual.writePNG(to: actualPath)
    var summary = "size \(actual.width)×\(actual.height) vs golden \(expected.width)×\(expected.height)"
    if let difference = actual.difference(from: expected, perChannel: 0) {
      try? difference.image.writePNG(to: diffPath)
      summary = "\(difference.differingPixels) pixels differ, by up to \(difference.maximumChannelDifference)/255"
    }
    return "\(name): \(summary); expected \(expectedPath), actual \(actualPath), diff \(diffPath)"
  }
}
