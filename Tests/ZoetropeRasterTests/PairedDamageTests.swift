// SPDX-License-Identifier: Apache-2.0
// Damage found pair by pair, for drawings with as many commands: sound, as the band-by-band alignment finds it, and only where it applies.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct PairedDamageTests {
  typealias Frames = UnchangedBandsTests

  /// Pairs of drawings with as many commands: moved, recoloured, regrouped,
  /// grown by a fraction, moved sideways, two discs apart, one disc still.
  static let pairs: [(String, DisplayList, DisplayList)] = [
    ("disc moved", Frames.frame(discAt: 20), Frames.frame(discAt: 53.5)),
    ("disc recoloured", Frames.frame(discAt: 20), Frames.frame(discAt: 20, color: Color(red: 0.9, green: 0, blue: 0))),
    ("group opacity", Frames.frame(discAt: 20), Frames.frame(discAt: 20, opacity: 0.6)),
    ("disc and group", Frames.frame(discAt: 20), Frames.frame(discAt: 61.25, opacity: 0.7)),
    ("the same", Frames.frame(discAt: 20), Frames.frame(discAt: 20)),
    ("card taller", Frames.frame(cardAt: 20), Frames.frame(cardAt: 20, height: 80.4)),
    ("card sideways", Frames.frame(cardAt: 20), Frames.frame(cardAt: 20, x: 30.25)),
    ("two discs", Frames.frame(discsAt: 32, 32), Frames.frame(discsAt: 33.5, 34.25)),
    ("one of two discs", Frames.frame(discsAt: 32, 32), Frames.frame(discsAt: 32, 33)),
    ("discs swap rows", Frames.frame(discsAt: 10, 90), Frames.frame(discsAt: 90, 10)),
  ]

  @Test(arguments: 0..<pairs.count)
  func pairByPairFindsWhatTheBandByBandAlignmentFinds(_ index: Int) throws {
    let (name, before, after) = Self.pairs[index]
    for bandHeight in [16, 5, 1, 48] {
      let bands = (after.height + bandHeight - 1) / bandHeight
      let paired = try #require(after.pairedDamage(since: before, bandHeight: bandHeight, bands: bands), "\(name)")
      #expect(paired == after.alignedDamage(since: before, bandHeight: bandHeight, bands: bands), "\(name), \(bandHeight)")
      #expect(after.damage(since: before, bandHeight: bandHeight) == paired, "\(name), \(bandHeight)")
    }
  }

  @Test(arguments: 0..<pairs.count)
  func playingThePairedDamageOverTheEarlierFrameGivesTheFrame(_ index: Int) throws {
    let (name, before, after) = Self.pairs[index]
    for bandHeight in [16, 7] {
      let bands = (after.height + bandHeight - 1) / bandHeight
      let damage = try #require(after.pairedDamage(since: before, bandHeight: bandHeight, bands: bands))
      var pixels = [UInt8](repeating: 0, count: 4 * after.width * after.height)
      var fresh = pixels
      pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
      pixels.withUnsafeMutableBufferPointer {
        _ = after.render(into: $0.baseAddress!, straightAlpha: true, threads: 2, bandHeight: bandHeight, damage: damage)
      }
      fresh.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
      #expect(pixels == fresh, "\(name), bands of \(bandHeight)")
    }
  }

  @Test func whenMoreThanAFewPairsAndAQuarterDifferTheAlignmentDecides() {
    // A card moved far and shortened, or by half a pixel: its group, both
    // ends, its middle and the bar all differ (six of six pairs).
    for after in [Frames.frame(cardAt: 36, height: 60), Frames.frame(cardAt: 20.5)] {
      let before = Frames.frame(cardAt: 20)
      #expect(after.pairedDamage(since: before, bandHeight: 16, bands: 8) == nil)
      #expect(after.damage(since: before, bandHeight: 16) == after.alignedDamage(since: before, bandHeight: 16, bands: 8))
    }
  }

  /// `count` small discs in a row across a 400 × 32 drawing, the first
  /// `skipped` left out and as many added at the end.
  static func row(of count: Int, skipping skipped: Int = 0) -> DisplayList {
    let canvas = Rasterizer.Canvas(width: 400, height: 32)
    var list = DisplayList(width: 400, height: 32, background: Color(red: 1, green: 1, blue: 1))
    for k in skipped..<(count + skipped) {
      let disc = Path.ellipse(in: Rect(x: 2 + 8 * Double(k % 48), y: 4 + 14 * Double(k / 48), width: 6, height: 6))
      if let shape = Rasterizer.shape(of: disc, fillRule: .nonZero, transform: .identity, canvas: canvas) {
        list.fill(shape, color: Color(red: 0.2, green: 0.3, blue: 0.8), opacity: 1)
      }
    }
    return list
  }

  @Test func drawingsWithOtherCountsAreAlignedBandByBand() {
    let before = Self.row(of: 40), after = Self.row(of: 41)
    #expect(after.pairedDamage(since: before, bandHeight: 16, bands: 2) == nil)
    #expect(after.damage(since: before, bandHeight: 16) == after.alignedDamage(since: before, bandHeight: 16, bands: 2))
  }

  @Test func aShiftThatChangesMoreThanAQuarterOfThePairsIsAlignedBandByBand() {
    // The first disc gone and one more at the end: every pair differs, as
    // many commands; the alignment pairs each disc with itself again and
    // damages only the two ends.
    let before = Self.row(of: 40), after = Self.row(of: 40, skipping: 1)
    #expect(after.pairedDamage(since: before, bandHeight: 16, bands: 2) == nil)
    let damage = after.damage(since: before, bandHeight: 16)
    #expect(damage == after.alignedDamage(since: before, bandHeight: 16, bands: 2))
    #expect(damage[0] == .columns([2..<8, 322..<328]))
  }

  @Test func aFewChangedPairsAmongManyArePairedAndDamageOnlyTheirColumns() {
    let before = Self.row(of: 40)
    var after = DisplayList(width: 400, height: 32, background: Color(red: 1, green: 1, blue: 1))
    let canvas = Rasterizer.Canvas(width: 400, height: 32)
    for k in 0..<40 {
      // Disc 10 is recoloured.
      let disc = Path.ellipse(in: Rect(x: 2 + 8 * Double(k), y: 4, width: 6, height: 6))
      if let shape = Rasterizer.shape(of: disc, fillRule: .nonZero, transform: .identity, canvas: canvas) {
        after.fill(shape, color: k == 10 ? Color(red: 1, green: 0, blue: 0) : Color(red: 0.2, green: 0.3, blue: 0.8),
                   opacity: 1)
      }
    }
    let damage = after.pairedDamage(since: before, bandHeight: 16, bands: 2)
    #expect(damage == [.columns([82..<88]), .none])
  }
}
