// SPDX-License-Identifier: Apache-2.0
// Bands under an opaque rectangle of their full size start playing there: the same bytes as from the background up.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct OpaqueCoverTests {
  static let size = 40

  static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ShapeCoverage {
    ShapeCoverage(.rectangle(RectangleCoverage(minX: x0, minY: y0, maxX: x1, maxY: y1, canvasWidth: size,
                                               canvasHeight: size)!))
  }

  /// Content under and over rectangles the width of the canvas: an opaque
  /// one over rows 0–24 (all of the first band of 16, part of the second),
  /// and ones that must not count — opaque ones with a fractional left
  /// side, short of the right side or below a band's top, a translucent
  /// one, and an opaque one inside a group.
  static func drawing() -> DisplayList {
    var list = DisplayList(width: size, height: size, background: Color(red: 1, green: 0, blue: 0, alpha: 1))
    let blue = Color(red: 0, green: 0, blue: 1, alpha: 1), green = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.6)
    list.fill(rectangle(3, 2, 30, 37), color: green, opacity: 1)
    list.beginGroup()
    list.fill(rectangle(5, 5, 35, 39), color: blue, opacity: 0.7)
    list.endGroup(opacity: 0.5)
    list.fill(rectangle(0, 0, 40, 24), color: Color(red: 0.2, green: 0.3, blue: 0.4, alpha: 1), opacity: 1)
    list.fill(rectangle(10.5, 3.25, 20, 30.5), color: green, opacity: 0.9)
    list.fill(rectangle(0.5, 32, 40, 40), color: blue, opacity: 1)
    list.fill(rectangle(0, 16, 40, 40), color: blue, opacity: 0.5)
    list.beginGroup()
    list.fill(rectangle(0, 0, 40, 40), color: blue, opacity: 1)
    list.endGroup(opacity: 0.25)
    list.fill(rectangle(7, 8, 9, 39), color: green, opacity: 1)
    // Opaque, but short of the right side, and below a 16-row band's top (yet over two bands of 5, rows 20–29).
    list.fill(rectangle(0, 32, 39.75, 40), color: Color(red: 0.9, green: 0.9, blue: 0.1, alpha: 1), opacity: 1)
    list.fill(rectangle(0, 17, 40, 32), color: Color(red: 0.1, green: 0.9, blue: 0.9, alpha: 1), opacity: 1)
    list.fill(rectangle(12, 14, 31, 36), color: green, opacity: 0.8)
    return list
  }

  /// Pixels rendered over `earlier` (every byte 0x5A unless given), so
  /// that a band left unfilled shows.
  static func rendered(_ list: DisplayList, bandHeight: Int, schedules: Bool, damage: [DisplayList.BandDamage]? = nil,
                       over earlier: [UInt8]? = nil) -> [UInt8] {
    var pixels = earlier ?? [UInt8](repeating: 0x5A, count: 4 * size * size)
    pixels.withUnsafeMutableBufferPointer {
      _ = list.render(into: $0.baseAddress!, straightAlpha: false, bandHeight: bandHeight, damage: damage,
                      schedules: schedules)
    }
    return pixels
  }

  @Test(arguments: [16, 5, 7, 1, 40])
  func coveredBandsHaveTheBytesOfPlayingFromTheBackgroundUp(_ bandHeight: Int) {
    let list = Self.drawing()
    let bands = (Self.size + bandHeight - 1) / bandHeight
    let everything = Self.rendered(list, bandHeight: bandHeight, schedules: false)
    #expect(Self.rendered(list, bandHeight: bandHeight, schedules: true) == everything)
    // Replayed in runs of columns, as damage replays them, over the
    // finished frame with those columns spoilt: every pixel of them must be
    // drawn again.
    let runs = [0..<3, 11..<29, 37..<40]
    var spoilt = everything
    for row in 0..<Self.size {
      for column in runs.joined() {
        let pixel = 4 * (row * Self.size + column)
        spoilt.replaceSubrange(pixel..<(pixel + 4), with: [0x5A, 1, 2, 3])
      }
    }
    let columns = [DisplayList.BandDamage](repeating: .columns(runs), count: bands)
    let replayed = Self.rendered(list, bandHeight: bandHeight, schedules: true, damage: columns, over: spoilt)
    #expect(replayed == everything)
  }

  /// The covering rectangle is found where it covers a whole band (rows
  /// 0–15 in bands of 16; in bands of 5, every band above row 24 and the
  /// two of rows 20–29 under the one from row 17) and nowhere else: not over
  /// part of a band's rows, not with a fractional side or short of a side,
  /// not translucent, not inside a group.
  @Test func onlyAnOpaqueRectangleOverAWholeBandOutsideGroupsCovers() throws {
    let list = Self.drawing()
    let sixteen = try #require(list.schedule(bandHeight: 16, bands: 3))
    #expect((0..<3).map(sixteen.isCovered) == [true, false, false])
    let five = try #require(list.schedule(bandHeight: 5, bands: 8))
    #expect((0..<8).map(five.isCovered) == [true, true, true, true, true, true, false, false])
  }
}
