// SPDX-License-Identifier: Apache-2.0
// A band played in several runs of columns at once: each run as the whole band draws it, nothing outside them.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct SeveralRunsPlaybackTests {
  static let canvas = Rasterizer.Canvas(width: 160, height: 64)

  /// Shapes across every run (a translucent rounded card kept as edges, a
  /// disc half hidden by a later opaque rectangle), a group at 0.7 and a
  /// group through a mask, each across the canvas, over a translucent
  /// background.
  static func drawing() -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height,
                           background: Color(red: 0.9, green: 0.9, blue: 1, alpha: 0.8))
    func shape(_ path: Path) -> ShapeCoverage? {
      Rasterizer.shape(of: path, fillRule: .nonZero, transform: .identity, canvas: canvas)
    }
    if let card = shape(.roundedRect(Rect(x: 3.5, y: 2.25, width: 150, height: 40), cornerRadius: 12)) {
      list.fill(card, color: Color(red: 0.1, green: 0.5, blue: 0.9), opacity: 0.6)
    }
    if let disc = shape(.ellipse(in: Rect(x: 20.5, y: 4, width: 120, height: 44))) {
      list.fill(disc, color: Color(red: 0.9, green: 0.2, blue: 0.1), opacity: 0.9)
    }
    if let cover = Rasterizer.rectangle(minX: 60, minY: 0, maxX: 90, maxY: 64, canvasWidth: canvas.width,
                                        canvasHeight: canvas.height) {
      list.fill(cover, color: Color(red: 0.2, green: 0.7, blue: 0.3), opacity: 1)
    }
    list.beginGroup()
    if let bar = shape(.roundedRect(Rect(x: 8, y: 30.5, width: 140, height: 20), cornerRadius: 9)) {
      list.fill(bar, color: Color(red: 0.3, green: 0.1, blue: 0.6), opacity: 1)
    }
    list.endGroup(opacity: 0.7)
    list.beginGroup()
    if let band = shape(.roundedRect(Rect(x: 2, y: 40, width: 154, height: 22), cornerRadius: 4)) {
      list.fill(band, color: Color(red: 1, green: 0.8, blue: 0), opacity: 1)
    }
    let mask = shape(.ellipse(in: Rect(x: 0, y: 36, width: 160, height: 30)))?.runs() ?? CoverageSpans()
    list.endGroup(opacity: 0.9, mode: nil, mask: mask)
    return list
  }

  @Test(arguments: [[0..<160], [5..<30, 100..<140], [0..<12, 50..<70, 75..<80, 150..<160], [64..<65, 66..<67]])
  func everyRunIsDrawnAsTheWholeBandDrawsItAndNothingElse(_ runs: [Range<Int>]) {
    let list = Self.drawing()
    let (width, height) = (Self.canvas.width, Self.canvas.height)
    var whole = [UInt8](repeating: 0, count: 4 * width * height)
    whole.withUnsafeMutableBufferPointer { _ = list.render(into: $0.baseAddress!, straightAlpha: true) }
    // Over bytes nothing draws: those outside the runs must stay.
    var played = [UInt8](repeating: 0x5A, count: 4 * width * height)
    let bands = (height + 15) / 16
    played.withUnsafeMutableBufferPointer {
      _ = list.render(into: $0.baseAddress!, straightAlpha: true,
                      damage: [DisplayList.BandDamage](repeating: .columns(runs), count: bands))
    }
    var wrong = 0
    for y in 0..<height {
      for x in 0..<width {
        let inRun = runs.contains { $0.contains(x) }
        for c in 0..<4 where played[4 * (y * width + x) + c] != (inRun ? whole[4 * (y * width + x) + c] : 0x5A) {
          wrong += 1
        }
      }
    }
    #expect(wrong == 0, "\(runs): \(wrong) bytes differ")
  }
}
