// SPDX-License-Identifier: Apache-2.0
// Exact golden-image comparison with expected/actual/diff artifacts on failure. Not API.

import Foundation
import ZoetropeMedia

/// Golden PNGs under `Fixtures/Golden/`.
package enum Golden {
  /// Where failures write their images: `.build/zoetrope-artifacts/`.
  package static let artifacts = Fixtures.packageRoot.appendingPathComponent(".build/zoetrope-artifacts")

  /// Compares `actual` with the golden at `Fixtures/Golden/<name>.png`; `nil` when
  /// equal, else a message naming the first difference and the artifact paths.
  /// With `ZOETROPE_RECORD=1` in the environment the golden is (re)written instead.
  package static func compare(_ actual: RGBAImage, name: String) -> String? {
    let goldenPath = Fixtures.url("Golden/\(name).png").path
    if ProcessInfo.processInfo.environment["ZOETROPE_RECORD"] == "1" {
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
    if expected.width == actual.width && expected.height == actual.height {
      var diff = [UInt8](repeating: 255, count: actual.pixels.count)
      var differing = 0, maximum = 0
      for i in 0..<(actual.width * actual.height) {
        var delta = 0
        for c in 0..<4 { delta = max(delta, abs(Int(actual.pixels[4 * i + c]) - Int(expected.pixels[4 * i + c]))) }
        if delta > 0 {
          differing += 1
          maximum = max(maximum, delta)
          diff[4 * i] = 255; diff[4 * i + 1] = 0; diff[4 * i + 2] = 0
        } else {
          let r = Int(actual.pixels[4 * i]), g = Int(actual.pixels[4 * i + 1]), b = Int(actual.pixels[4 * i + 2])
          let sum: Int = r + g + b
          let grey = UInt8(sum / 6 + 128)
          diff[4 * i] = grey; diff[4 * i + 1] = grey; diff[4 * i + 2] = grey
        }
      }
      try? RGBAImage(width: actual.width, height: actual.height, pixels: diff).writePNG(to: diffPath)
      summary = "\(differing) pixels differ, by up to \(maximum)/255"
    }
    return "\(name): \(summary); expected \(expectedPath), actual \(actualPath), diff \(diffPath)"
  }
}
