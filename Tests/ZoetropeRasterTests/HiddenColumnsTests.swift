// SPDX-License-Identifier: Apache-2.0
// Shapes that later opaque rectangles replace in some columns of a band are played in the others alone: the same bytes.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct HiddenColumnsTests {
  static let width = 96, height = 48

  static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> ShapeCoverage {
    ShapeCoverage(.rectangle(RectangleCoverage(minX: x0, minY: y0, maxX: x1, maxY: y1, canvasWidth: width,
                                               canvasHeight: height)!))
  }

  static func ellipse(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ShapeCoverage {
    Rasterizer.shape(of: Path.ellipse(in: Rect(x: x, y: y, width: w, height: h)), fillRule: .nonZero,
                     transform: .identity, canvas: Rasterizer.Canvas(width: width, height: height))!
  }

  /// A card's shadow under the card (translucent, two columns wider), a
  /// disc (edges) and a gradient partly under a second card, a disc wholly
  /// under it, a rounded shape inside a group under it (never cut: the group
  /// is played whole), a translucent card over it all (hides nothing) and a
  /// disc over the first card (drawn after it: not hidden).
  static func drawing() -> DisplayList {
    var list = DisplayList(width: width, height: height, background: Color(red: 0.9, green: 0.9, blue: 0.95, alpha: 1))
    let shadow = Color(red: 0, green: 0, blue: 0, alpha: 0.12), white = Color(red: 1, green: 1, blue: 1, alpha: 1)
    let red = Color(red: 0.9, green: 0.1, blue: 0.2, alpha: 0.7), blue = Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
    list.fill(rectangle(4, 3, 44.5, 45), color: shadow, opacity: 1)
    list.fill(ellipse(40, 5, 30, 30), color: red, opacity: 0.8)
    list.fill(ellipse(55.5, 10, 20, 20), color: blue, opacity: 0.9)
    list.fill(rectangle(50, 2, 95, 40),
              gradient: GradientPaint(colors: [red, blue], locations: nil, kind: .axial, start: Point(x: 50, y: 0),
                                      end: Point(x: 95, y: 0), deviceToLayer: Homography(values: [1, 0, 0, 0, 1, 0, 0, 0, 1]),
                                      opacity: 1)!)
    list.beginGroup()
    list.fill(ellipse(60, 4, 24, 36), color: red, opacity: 1)
    list.endGroup(opacity: 0.5)
    list.fill(rectangle(2, 0, 42, 42), color: white, opacity: 1)
    list.fill(rectangle(52, 0, 90, 48), color: white, opacity: 1)
    list.fill(rectangle(0, 0, 96, 48), color: red, opacity: 0.3)
    list.fill(ellipse(10, 10, 16, 16), color: blue, opacity: 0.9)
    return list
  }

  @Test(arguments: [16, 5, 7, 1, 48])
  func hiddenColumnsHaveTheBytesOfPlayingEveryShapeWhole(_ bandHeight: Int) {
    let list = Self.drawing()
    let everything = BandPlayback.rendered(list, bandHeight: bandHeight, schedules: false)
    #expect(BandPlayback.rendered(list, bandHeight: bandHeight, schedules: true) == everything)
    // Damage replays some runs of columns (inside, across and outside the hidden ones) over spoilt pixels.
    let runs = [0..<5, 30..<47, 50..<60, 88..<96]
    #expect(BandPlayback.replayed(list, bandHeight: bandHeight, runs: runs, over: everything) == everything)
  }

  /// In the band of rows 16–31 the first card (columns 2–42) cuts the
  /// shadow to 42–45 and the first disc to 42–70; the second card (52–90)
  /// cuts that disc to 42–52, the gradient to 50–52 and 90–95, and hides
  /// the second disc; the group's content, the cards and the translucent
  /// card are played whole, and so is the disc drawn over the first card.
  @Test func laterOpaqueRectanglesCutOrHideTheShapesBeforeThem() throws {
    let list = Self.drawing()
    #expect(list.commands.count == 11, "a shape recorded in more than one piece: the indices below are off")
    let schedule = try #require(list.schedule(bandHeight: 16, bands: 3))
    let played = schedule.played(1)
    let byCommand = Dictionary(uniqueKeysWithValues: played.map { (Int(schedule.commands[$0]), $0) })
    func visible(_ command: Int) -> [Range<Int>]? { schedule.visibleColumns(byCommand[command]!) }
    #expect(visible(0) == [42..<45])
    #expect(visible(1) == [42..<52])
    #expect(visible(2) == [])
    #expect(visible(3) == [50..<52, 90..<95])
    #expect(visible(5) == nil)
    for command in 7..<11 { #expect(visible(command) == nil) }
    // In rows 32–47 the first card stops at row 42 and cuts nothing; the second still hides what it covers.
    let last = schedule.played(2)
    let lastByCommand = Dictionary(uniqueKeysWithValues: last.map { (Int(schedule.commands[$0]), $0) })
    #expect(schedule.visibleColumns(lastByCommand[0]!) == nil)
    #expect(schedule.visibleColumns(lastByCommand[3]!) == [50..<52, 90..<95])
  }

  @Test func insertMergedJoinsOverlappingAndTouchingRanges() {
    var ranges: [Range<Int>] = []
    DisplayList.insertMerged(40..<50, into: &ranges)
    DisplayList.insertMerged(0..<10, into: &ranges)
    DisplayList.insertMerged(60..<70, into: &ranges)
    #expect(ranges == [0..<10, 40..<50, 60..<70])
    DisplayList.insertMerged(10..<20, into: &ranges)
    #expect(ranges == [0..<20, 40..<50, 60..<70])
    DisplayList.insertMerged(45..<65, into: &ranges)
    #expect(ranges == [0..<20, 40..<70])
    DisplayList.insertMerged(80..<90, into: &ranges)
    DisplayList.insertMerged(25..<30, into: &ranges)
    #expect(ranges == [0..<20, 25..<30, 40..<70, 80..<90])
    DisplayList.insertMerged(0..<100, into: &ranges)
    #expect(ranges == [0..<100])
  }
}
