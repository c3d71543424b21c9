// SPDX-License-Identifier: Apache-2.0
// A rounded card's corner rows know the pixels they cover wholly: every one at 255, and what the schedule and the damage skip there.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct CardInteriorTests {
  static let canvas = Rasterizer.Canvas(width: 160, height: 80)

  /// A card with shaped corners (rounded, continuous, or with some square)
  /// filling `bounds` under `transform`, made as the compositor makes a
  /// layer's rounded background.
  static func card(_ bounds: Rect, radius: Double, kind: Int, transform: Transform3D) -> ShapeCoverage? {
    let path: Path
    switch kind {
    case 0: path = .roundedRect(bounds, cornerRadius: radius)
    case 1: path = .continuousRoundedRect(bounds, cornerRadius: radius)
    default:
      path = .roundedOutline(bounds, radius: radius, topLeft: true, topRight: false, bottomRight: true,
                             bottomLeft: false, continuous: false)
    }
    let extent = kind == 1 ? ContinuousCorner(radius: radius, rect: bounds).extent : radius
    return Rasterizer.roundedShape(path, bounds: bounds, cornerExtents: (extent, extent), transform: transform,
                                   canvas: canvas, findsInterior: true)
  }

  @Test func everyPixelOfACornerListsInteriorIsCoveredWholly() throws {
    var random = SeededRandom(state: 7)
    func next() -> Double { random.unit() }
    var checked = 0
    for trial in 0..<300 {
      // Mostly corners a band (16 rows) tall or more: shorter ones list no interior.
      let bounds = Rect(x: 0, y: 0, width: 30 + next() * 120, height: 30 + next() * 45)
      let radius = (0.3 + 0.7 * next()) * Swift.min(bounds.width, bounds.height) / 2
      let flip = trial % 5 == 0 ? -1.0 : 1.0
      let transform = Transform3D.translation(x: next() * 30 - 10, y: next() * 30 - 10 + (flip < 0 ? 70 : 0), z: 0)
        .concatenating(.scale(x: 0.6 + next(), y: flip * (0.6 + next()), z: 1))
      guard let card = Self.card(bounds, radius: radius, kind: trial % 3, transform: transform) else { continue }
      for piece in card.pieces {
        guard case .edges(let list) = piece, !list.interior.isEmpty else { continue }
        let inside = list.interior
        let coverage = ShapeCoverage(piece).runs().mask(x: inside.x, y: inside.y, width: inside.width,
                                                        height: inside.height).coverage
        #expect(coverage.allSatisfy { $0 == 255 }, "trial \(trial): \(bounds) r \(radius), interior \(inside)")
        checked += 1
      }
    }
    // Cards with corners a band tall, and whole rows between their top side and their corners' end.
    #expect(checked > 100)
  }

  /// Content under an opaque card (a disc, a translucent bar), the card,
  /// and a disc over it.
  static func drawing(cardAt y: Double, color: Color = Color(red: 0.95, green: 0.7, blue: 0.1)) throws -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 0.2, green: 0.2, blue: 0.3))
    let green = Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.7)
    if let disc = Rasterizer.shape(of: .ellipse(in: Rect(x: 20, y: 10, width: 30, height: 30)), fillRule: .nonZero,
                                   transform: .identity, canvas: canvas) {
      list.fill(disc, color: green, opacity: 1)
    }
    if let bar = Rasterizer.rectangle(minX: 2, minY: 5.5, maxX: 90.25, maxY: 20, canvasWidth: canvas.width,
                                      canvasHeight: canvas.height) {
      list.fill(bar, color: Color(red: 0.9, green: 0.2, blue: 0.2), opacity: 0.5)
    }
    let card = try #require(Self.card(Rect(x: 0, y: 0, width: 150, height: 76), radius: 30, kind: 0,
                                      transform: .translation(x: 3.25, y: y, z: 0)))
    list.fill(card, color: color, opacity: 1)
    if let disc = Rasterizer.shape(of: .ellipse(in: Rect(x: 60, y: 30, width: 12, height: 12)), fillRule: .nonZero,
                                   transform: .identity, canvas: canvas) {
      list.fill(disc, color: green, opacity: 1)
    }
    return list
  }

  @Test(arguments: [16, 5, 7, 1])
  func anOpaqueCardsCornerRowsLeaveTheBackgroundUnfilledWithTheSameBytes(_ bandHeight: Int) throws {
    let list = try Self.drawing(cardAt: 3.4)
    let everything = BandPlayback.rendered(list, bandHeight: bandHeight, schedules: false)
    #expect(BandPlayback.rendered(list, bandHeight: bandHeight, schedules: true) == everything)
    // The upper corners reach rows 3.4…33.4, and the card covers columns
    // 34…122 of rows 4…33 wholly: the band of row 16 leaves them unfilled.
    let bands = (list.height + bandHeight - 1) / bandHeight
    let schedule = try #require(list.schedule(bandHeight: bandHeight, bands: bands))
    #expect(schedule.unfilledColumns(16 / bandHeight).contains { $0.contains(34) && $0.contains(122) })
  }

  @Test func aCardMovedByAFractionDamagesOnlyItsCornersInItsCornerRows() throws {
    let before = try Self.drawing(cardAt: 3.4), after = try Self.drawing(cardAt: 3.75)
    for bandHeight in [16, 4] {
      let damage = after.damage(since: before, bandHeight: bandHeight)
      var pixels = [UInt8](repeating: 0, count: 4 * after.width * after.height)
      var fresh = pixels
      pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
      pixels.withUnsafeMutableBufferPointer {
        _ = after.render(into: $0.baseAddress!, straightAlpha: true, bandHeight: bandHeight, damage: damage)
      }
      fresh.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
      #expect(pixels == fresh, "bands of \(bandHeight)")
      // Rows 16…31 lie between the card's top side and its corners' end
      // (rows 4…33), where it covers columns 34…122 wholly, before and
      // after; the bands of rows 32 and 48 hold the end of the upper
      // corners' rows and the start of the middle rectangle's (rows 34…48),
      // and that and the start of the lower corners' (rows 49…78).
      for row in [16, 32, 48] {
        let band = row / bandHeight
        guard case .columns(let runs) = damage[band] else {
          Issue.record("band \(band) of \(bandHeight) rows: \(damage[band])")
          continue
        }
        #expect(!runs.contains { $0.overlaps(36..<121) }, "band \(band) of \(bandHeight) rows: \(runs)")
      }
    }
  }

  @Test func aRecolouredCardDamagesItsInteriorToo() throws {
    let before = try Self.drawing(cardAt: 3.4)
    let after = try Self.drawing(cardAt: 3.75, color: Color(red: 0.2, green: 0.7, blue: 0.95))
    let damage = after.damage(since: before, bandHeight: 4)
    // Rows 16…19: the new colour replaces the old one between the corners too.
    switch damage[4] {
    case .whole: break
    case .columns(let runs): #expect(runs.contains { $0.contains(34) && $0.contains(122) }, "\(runs)")
    case .none: Issue.record("rows 16…19 unchanged")
    }
  }
}
