// SPDX-License-Identifier: Apache-2.0
// Which bands a frame need not play again: exactly those where it draws what the earlier frame drew.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct UnchangedBandsTests {
  static let canvas = Rasterizer.Canvas(width: 96, height: 128)

  /// A frame of a red disc at `y`, a blue card in a group of `opacity` at
  /// rows 80…100, over white.
  static func frame(discAt y: Double, color: Color = Color(red: 1, green: 0, blue: 0), opacity: Double = 0.5,
                    background: Color = Color(red: 1, green: 1, blue: 1)) -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: background)
    let disc = Path.ellipse(in: Rect(x: 10, y: y, width: 20, height: 20))
    if let shape = Rasterizer.shape(of: disc, fillRule: .nonZero, transform: .identity, canvas: canvas) {
      list.fill(shape, color: color, opacity: 1)
    }
    list.beginGroup()
    let card = Path.roundedRect(Rect(x: 40, y: 80, width: 40, height: 20), cornerRadius: 6)
    if let shape = Rasterizer.shape(of: card, fillRule: .nonZero, transform: .identity, canvas: canvas) {
      list.fill(shape, color: Color(red: 0, green: 0, blue: 1), opacity: 1)
      list.fill(shape, color: Color(red: 0, green: 1, blue: 0), opacity: 0.5)
    }
    list.endGroup(opacity: opacity)
    return list
  }

  /// The bands (of 16 rows) marked unchanged.
  static func unchanged(_ list: DisplayList, since previous: DisplayList) -> [Int] {
    list.damage(since: previous, bandHeight: 16).enumerated().filter { $0.element == .none }.map(\.offset)
  }

  @Test func theSameDrawingMadeAgainIsUnchangedEverywhere() {
    #expect(Self.unchanged(Self.frame(discAt: 20), since: Self.frame(discAt: 20)) == Array(0..<8))
  }

  @Test func aMovedShapeChangesTheBandsOfItsOldAndNewRowsOnly() {
    // Rows 20…40 (bands 1, 2) before, 50…70 (bands 3, 4) after.
    #expect(Self.unchanged(Self.frame(discAt: 50), since: Self.frame(discAt: 20)) == [0, 5, 6, 7])
  }

  @Test func aNewColourOrGroupOpacityChangesItsBands() {
    #expect(Self.unchanged(Self.frame(discAt: 20, color: Color(red: 0.9, green: 0, blue: 0)),
                           since: Self.frame(discAt: 20)) == [0, 3, 4, 5, 6, 7])
    // The group reaches rows 80…100: bands 5 and 6.
    #expect(Self.unchanged(Self.frame(discAt: 20, opacity: 0.6), since: Self.frame(discAt: 20)) == [0, 1, 2, 3, 4, 7])
  }

  @Test func anotherSizeOrBackgroundChangesEverything() {
    let other = DisplayList(width: 96, height: 128, background: Color(red: 0, green: 0, blue: 0))
    let white = DisplayList(width: 96, height: 128, background: Color(red: 1, green: 1, blue: 1))
    #expect(Self.unchanged(white, since: other).isEmpty)
    #expect(Self.unchanged(DisplayList(width: 96, height: 112, background: .clear),
                           since: DisplayList(width: 96, height: 128, background: .clear)).isEmpty)
  }

  @Test func aChangedShapeDamagesOnlyItsColumns() {
    let damage = Self.frame(discAt: 50).damage(since: Self.frame(discAt: 20), bandHeight: 16)
    // The disc spans columns 10…30 (its edges' pixels).
    #expect(damage == [.none, .columns([10..<30]), .columns([10..<30]), .columns([10..<30]), .columns([10..<30]), .none,
                       .none, .none])
  }

  @Test(arguments: [Color(red: 1, green: 1, blue: 1), Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5), .clear])
  func playingOnlyTheDamageOverTheEarlierFrameGivesTheFrame(_ background: Color) {
    let before = Self.frame(discAt: 20, background: background)
    let after = Self.frame(discAt: 53.5, opacity: 0.7, background: background)
    var pixels = [UInt8](repeating: 0, count: 4 * 96 * 128)
    var fresh = pixels
    pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
    let damage = after.damage(since: before, bandHeight: 16)
    #expect(damage.contains(.none) && damage.contains { if case .columns = $0 { true } else { false } })
    pixels.withUnsafeMutableBufferPointer {
      _ = after.render(into: $0.baseAddress!, straightAlpha: true, threads: 2, damage: damage)
    }
    fresh.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
    #expect(pixels == fresh)
  }

  /// A frame of a tall rounded card at `y` (rows `y…y + height`, columns
  /// `x…x + 40`) and a bar beside it (rows `y + 20.3…y + 45.6`), both
  /// translucent, in a group of opacity 0.8, over white: the card's middle
  /// rows are a rectangle, its rounded ends edges; the bar is a rectangle.
  static func frame(cardAt y: Double, height: Double = 80, x: Double = 30) -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 1, green: 1, blue: 1))
    list.beginGroup()
    let card = Path.roundedRect(Rect(x: x, y: y, width: 40, height: height), cornerRadius: 6)
    if let shape = Rasterizer.shape(of: card, fillRule: .nonZero, transform: .identity, canvas: canvas) {
      list.fill(shape, color: Color(red: 0.1, green: 0.5, blue: 0.9), opacity: 0.75)
    }
    if let bar = Rasterizer.rectangle(minX: 4, minY: y + 20.3, maxX: 20.5, maxY: y + 45.6, canvasWidth: canvas.width,
                                      canvasHeight: canvas.height) {
      list.fill(bar, color: Color(red: 0.9, green: 0.3, blue: 0.1), opacity: 0.6)
    }
    list.endGroup(opacity: 0.8)
    return list
  }

  @Test func aCardMovedByAFractionOfAPixelChangesOnlyTheBandsOfItsEnds() {
    // Rows 20…100 before: the ends (rounded, 6 rows) in bands 1 and 5–6;
    // bands 2–4 see only the middle rectangle, full in every row, both
    // times, and the bar, whose ends (rows 40.3, 65.6) move in bands 2 and 4.
    #expect(Self.unchanged(Self.frame(cardAt: 20.5), since: Self.frame(cardAt: 20)) == [0, 3, 7])
    // Taller by a fraction at the bottom: the top band keeps its rows too.
    #expect(Self.unchanged(Self.frame(cardAt: 20, height: 80.4), since: Self.frame(cardAt: 20)) == [0, 1, 2, 3, 4, 7])
    // Moved sideways by a fraction: its sides differ in every row it covers.
    #expect(Self.unchanged(Self.frame(cardAt: 20, x: 30.25), since: Self.frame(cardAt: 20)) == [0, 7])
  }

  @Test(arguments: [(20.0, 80.0, 30.0), (20.25, 80.0, 30.0), (21.0, 80.0, 30.0), (19.5, 80.7, 30.0), (36.0, 60.0, 30.0),
                    (20.0, 80.0, 31.5)])
  func aCardPlayedOverItsEarlierPlaceGivesTheFrame(_ card: (y: Double, height: Double, x: Double)) {
    let before = Self.frame(cardAt: 20)
    let after = Self.frame(cardAt: card.y, height: card.height, x: card.x)
    let (played, fresh) = after.playedOver(before)
    #expect(played == fresh)
  }

  /// Two discs in the same rows, far apart (columns 4…20 and 70…86), at `y`
  /// and `y2`.
  static func frame(discsAt y: Double, _ y2: Double) -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 1, green: 1, blue: 1))
    for (x, top) in [(4.0, y), (70.0, y2)] {
      if let shape = Rasterizer.shape(of: Path.ellipse(in: Rect(x: x, y: top, width: 16, height: 16)),
                                      fillRule: .nonZero, transform: .identity, canvas: canvas) {
        list.fill(shape, color: Color(red: 0.2, green: 0.6, blue: 0.3), opacity: 0.9)
      }
    }
    return list
  }

  @Test func changesFarApartInABandArePlayedAsSeparateRuns() {
    // Both discs move within band 2 (rows 32…48): its damage is two runs.
    let damage = Self.frame(discsAt: 33.5, 34.25).damage(since: Self.frame(discsAt: 32, 32), bandHeight: 16)
    #expect(damage[2] == .columns([4..<20, 70..<86]))
    // Only the second moves: one run.
    #expect(Self.frame(discsAt: 32, 33).damage(since: Self.frame(discsAt: 32, 32), bandHeight: 16)[2] == .columns([70..<86]))
    var pixels = [UInt8](repeating: 0, count: 4 * 96 * 128)
    var fresh = pixels
    let before = Self.frame(discsAt: 32, 32), after = Self.frame(discsAt: 33.5, 34.25)
    pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
    pixels.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true, damage: damage) }
    fresh.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
    #expect(pixels == fresh)
  }

  @Test func runsOfDamageJoinWhenCloserThanTheSmallestKeptGap() {
    let gap = DisplayList.smallestKeptGap
    #expect(DisplayList.merged([50..<60, 0..<10], joiningGapsBelow: gap) == [0..<10, 50..<60])
    #expect(DisplayList.merged([0..<10, (10 + gap - 1)..<80], joiningGapsBelow: gap) == [0..<80])
    #expect(DisplayList.merged([0..<10, (10 + gap)..<80], joiningGapsBelow: gap) == [0..<10, (10 + gap)..<80])
    #expect(DisplayList.merged([0..<30, 5..<10, 20..<40], joiningGapsBelow: 0) == [0..<40])
  }

  @Test func aBandIsPlayedInAtMostAFewRuns() {
    // Six discs 65 columns apart in a 400-pixel band, all moving: the
    // nearest runs join until four are left (the gaps tie: the leftmost
    // join first, then the run they made with the next).
    let canvas = Rasterizer.Canvas(width: 400, height: 32)
    func frame(_ y: Double) -> DisplayList {
      var list = DisplayList(width: 400, height: 32, background: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5))
      for x in stride(from: 10.0, to: 400, by: 65) {
        if let disc = Rasterizer.shape(of: Path.ellipse(in: Rect(x: x, y: y, width: 8, height: 8)), fillRule: .nonZero,
                                       transform: .identity, canvas: canvas) {
          list.fill(disc, color: Color(red: 0.9, green: 0.2, blue: 0.1), opacity: 0.8)
        }
      }
      return list
    }
    let before = frame(4), after = frame(5.5)
    let damage = after.damage(since: before, bandHeight: 16)
    #expect(damage[0] == .columns([10..<148, 205..<213, 270..<278, 335..<343]))
    var pixels = [UInt8](repeating: 0, count: 4 * 400 * 32)
    var fresh = pixels
    pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
    pixels.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true, damage: damage) }
    fresh.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
    #expect(pixels == fresh)
  }
}

/// A drawing keeps its commands by band once aligned band by band with an
/// earlier one: the next frame aligned with it reads them, and finds what a
/// drawing listed afresh finds — for the same band height only, and not
/// once the drawing holds other commands.
@Suite struct KeptBandIndexTests {
  typealias Frames = UnchangedBandsTests

  @Test(arguments: [(20.0, 50.0), (20, 20), (50, 21.5), (20, 90)])
  func aDrawingsKeptBandsGiveTheDamageItsFreshListGives(_ first: Double, _ second: Double) {
    let before = Frames.frame(discAt: 40), middle = Frames.frame(discAt: first), after = Frames.frame(discAt: second)
    // `middle` keeps its bands for 16 rows; a copy made before the
    // comparison shares them, one made anew does not.
    _ = middle.alignedDamage(since: before, bandHeight: 16, bands: 8)
    #expect(middle.bandIndex.entries(bandHeight: 16, bands: 8, commands: middle.commands.count) != nil)
    #expect(Frames.frame(discAt: first).bandIndex.entries(bandHeight: 16, bands: 8, commands: 4) == nil)
    #expect(after.alignedDamage(since: middle, bandHeight: 16, bands: 8)
      == after.alignedDamage(since: Frames.frame(discAt: first), bandHeight: 16, bands: 8))
    // Another band height lists them again.
    #expect(middle.bandIndex.entries(bandHeight: 8, bands: 16, commands: middle.commands.count) == nil)
    #expect(after.alignedDamage(since: middle, bandHeight: 8, bands: 16)
      == after.alignedDamage(since: Frames.frame(discAt: first), bandHeight: 8, bands: 16))
  }

  @Test func aDrawingComparedPairByPairKeepsNoList() {
    let middle = Frames.frame(discAt: 20)
    #expect(middle.damage(since: Frames.frame(discAt: 40), bandHeight: 16).count == 8)
    #expect(middle.bandIndex.entries(bandHeight: 16, bands: 8, commands: middle.commands.count) == nil)
  }

  @Test func aDrawingRecordedFurtherListsItsCommandsAgain() throws {
    var middle = Frames.frame(discAt: 20)
    _ = middle.alignedDamage(since: Frames.frame(discAt: 40), bandHeight: 16, bands: 8)
    let disc = Path.ellipse(in: Rect(x: 50, y: 100, width: 20, height: 20))
    let shape = try #require(Rasterizer.shape(of: disc, fillRule: .nonZero, transform: .identity,
                                              canvas: Frames.canvas))
    middle.fill(shape, color: Color(red: 0, green: 0, blue: 0), opacity: 1)
    #expect(middle.bandIndex.entries(bandHeight: 16, bands: 8, commands: middle.commands.count) == nil)
    let after = Frames.frame(discAt: 20)
    // The disc added at rows 100…120 (bands 6, 7) is damage.
    #expect(Frames.unchanged(after, since: middle) == [0, 1, 2, 3, 4, 5])
  }
}
