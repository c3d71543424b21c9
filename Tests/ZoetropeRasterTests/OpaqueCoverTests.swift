// SPDX-License-Identifier: Apache-2.0
// Bands under an opaque rectangle of their full size start playing there: the same bytes as from the background up.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct OpaqueCoverTests {
  static let size = 40

  static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, canvasWidth: Int = size)
    -> ShapeCoverage
  {
    ShapeCoverage(.rectangle(RectangleCoverage(minX: x0, minY: y0, maxX: x1, maxY: y1, canvasWidth: canvasWidth,
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

  @Test(arguments: [16, 5, 7, 1, 40])
  func coveredBandsHaveTheBytesOfPlayingFromTheBackgroundUp(_ bandHeight: Int) {
    let list = Self.drawing()
    let everything = BandPlayback.rendered(list, bandHeight: bandHeight, schedules: false)
    #expect(BandPlayback.rendered(list, bandHeight: bandHeight, schedules: true) == everything)
    let replayed = BandPlayback.replayed(list, bandHeight: bandHeight, runs: [0..<3, 11..<29, 37..<40], over: everything)
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

  /// Content under and over opaque rectangles narrower than the canvas
  /// (80 × 40): one over columns 8.5–40 of every row, one over columns
  /// 41–80 from row 3.5 (no band that starts above it counts it), one over
  /// columns 36–60 from row 10 that joins the two, one over columns 64–70
  /// (too narrow to leave unfilled); and ones that must not count —
  /// translucent, and inside a group.
  static func narrowDrawing() -> DisplayList {
    let width = 80
    func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ShapeCoverage {
      Self.rectangle(x0, y0, x1, y1, canvasWidth: width)
    }
    var list = DisplayList(width: width, height: size, background: Color(red: 1, green: 0, blue: 0, alpha: 1))
    let blue = Color(red: 0, green: 0, blue: 1, alpha: 1), green = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.6)
    let grey = Color(red: 0.9, green: 0.9, blue: 0.92, alpha: 1)
    list.fill(rectangle(2, 1, 50, 37), color: green, opacity: 1)
    list.beginGroup()
    list.fill(rectangle(5, 5, 75, 39), color: blue, opacity: 0.7)
    list.endGroup(opacity: 0.5)
    list.fill(rectangle(8.5, 0, 40, 40), color: grey, opacity: 1)
    list.fill(rectangle(30, 2, 44, 30), color: green, opacity: 0.9)
    list.fill(rectangle(36, 10, 60, 40), color: grey, opacity: 1)
    list.fill(rectangle(64, 0, 70, 40), color: blue, opacity: 1)
    list.fill(rectangle(20, 0, 79, 40), color: blue, opacity: 0.5)
    list.beginGroup()
    list.fill(rectangle(0, 0, 80, 40), color: blue, opacity: 1)
    list.endGroup(opacity: 0.25)
    list.fill(rectangle(41, 3.5, 80, 40), color: grey, opacity: 1)
    list.fill(rectangle(12, 14, 71, 36), color: green, opacity: 0.8)
    return list
  }

  @Test(arguments: [16, 5, 7, 1, 40])
  func unfilledColumnsHaveTheBytesOfPlayingFromTheBackgroundUp(_ bandHeight: Int) {
    let list = Self.narrowDrawing()
    let everything = BandPlayback.rendered(list, bandHeight: bandHeight, schedules: false)
    #expect(Self.firstDifference(BandPlayback.rendered(list, bandHeight: bandHeight, schedules: true), everything) == nil)
    // Replayed in runs of columns that start and end inside and outside the unfilled ones.
    let replayed = BandPlayback.replayed(list, bandHeight: bandHeight, runs: [0..<3, 7..<12, 20..<45, 58..<66, 72..<80],
                                 over: everything)
    #expect(Self.firstDifference(replayed, everything) == nil)
  }

  /// The first pixel (column, row) of the 80-pixel-wide drawing where `a` and `b` differ, if one does.
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> (column: Int, row: Int)? {
    guard let byte = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] }) else {
      return a.count == b.count ? nil : (-1, -1)
    }
    return (byte / 4 % 80, byte / 4 / 80)
  }

  /// The columns left unfilled are those opaque rectangles outside groups
  /// replace over all of a band's rows, merged, and at least 16 wide.
  @Test func onlyColumnsOpaqueRectanglesReplaceAreLeftUnfilled() throws {
    let list = Self.narrowDrawing()
    let sixteen = try #require(list.schedule(bandHeight: 16, bands: 3))
    #expect((0..<3).map { Array(sixteen.unfilledColumns($0)) } == [[9..<40], [9..<80], [9..<80]])
    let five = try #require(list.schedule(bandHeight: 5, bands: 8))
    #expect((0..<8).map { Array(five.unfilledColumns($0)) }
      == [[9..<40], [9..<40, 41..<80]] + Array(repeating: [9..<80], count: 6))
    // A covered band leaves every column unfilled.
    let covered = try #require(Self.drawing().schedule(bandHeight: 16, bands: 3))
    #expect(Array(covered.unfilledColumns(0)) == [0..<Self.size])
  }

  @Test func mergedJoinsOverlappingAndTouchingRangesAndDropsNarrowOnes() {
    #expect(DisplayList.merged([30..<40, 0..<10, 10..<12, 35..<50, 60..<75, 80..<81], narrowest: 12)
      == [0..<12, 30..<50, 60..<75])
    #expect(DisplayList.merged([], narrowest: 1).isEmpty)
  }

  /// A card with a fractional right side (its last column is partly
  /// covered, so filled), and one over the first 20 rows only (the bands
  /// below must not inherit its columns), over translucent content.
  @Test(arguments: [16, 5, 7, 1])
  func cardsWithAFractionalSideOrOverSomeRowsLeaveOnlyTheirWholeColumnsUnfilled(_ bandHeight: Int) {
    let width = 80
    func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ShapeCoverage {
      Self.rectangle(x0, y0, x1, y1, canvasWidth: width)
    }
    var list = DisplayList(width: width, height: Self.size, background: Color(red: 1, green: 0, blue: 0, alpha: 1))
    let green = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.6), grey = Color(red: 0.9, green: 0.9, blue: 0.92, alpha: 1)
    list.fill(rectangle(4, 2, 76, 38), color: green, opacity: 1)
    list.fill(rectangle(10, 0, 50.5, 40), color: grey, opacity: 1)
    list.fill(rectangle(55, 0, 78, 20), color: grey, opacity: 1)
    list.fill(rectangle(30, 12, 70, 30), color: green, opacity: 0.5)
    let everything = BandPlayback.rendered(list, bandHeight: bandHeight, schedules: false)
    #expect(Self.firstDifference(BandPlayback.rendered(list, bandHeight: bandHeight, schedules: true), everything) == nil)
  }
}
