// SPDX-License-Identifier: Apache-2.0
// Bands a renderer says it drew the same way are taken from the kept frame without comparing them.

import Testing
import ZoetropeMedia

/// An origin that claims the bands of `same` are drawn as in any other
/// frame of this kind (a stand-in for a renderer's drawings).
private final class ClaimedOrigin: FrameOrigin {
  let same: [Bool]
  init(_ same: [Bool]) { self.same = same }
  func sameBands(as other: any FrameOrigin, bandHeight: Int) -> [Bool]? { other is ClaimedOrigin ? same : nil }
}

/// An origin of another kind: it can tell nothing about a ClaimedOrigin's frame.
private final class ForeignOrigin: FrameOrigin {
  func sameBands(as other: any FrameOrigin, bandHeight: Int) -> [Bool]? { nil }
}

@Suite struct PNGBandOriginTests {
  /// 600 × 80: five bands of 16 rows.
  static let first = PNGBandsTests.image(width: 600, height: 80, seed: 7)
  static let bands = (80 + PNGBandCache.rowsPerBand(width: 600) - 1) / PNGBandCache.rowsPerBand(width: 600)

  /// An honest origin (the changed band not claimed) gives the bytes of
  /// encoding the frame alone, and the claimed bands are copied.
  @Test func honestClaimsGiveTheBytesOfEncodingAlone() throws {
    let second = PNGBandsTests.changing(Self.first, rows: 20..<24)
    let cache = try #require(PNGBandCache())
    var claims = [Bool](repeating: true, count: Self.bands)
    claims[1] = false
    _ = try Self.first.bandedPNGData(reusing: cache, origin: ClaimedOrigin(claims))
    let reused = try second.bandedPNGData(reusing: cache, origin: ClaimedOrigin(claims))
    #expect(reused == (try second.bandedPNGData(reusing: nil)))
    #expect(cache.reusedBands == Self.bands - 1)
  }

  /// The claims are trusted, not checked (that is what saves the
  /// comparison): a band falsely claimed the same keeps the kept frame's
  /// bytes. This is what a wrong renderer would do, and why only a
  /// renderer's own drawings make claims.
  @Test func claimedBandsAreNotCompared() throws {
    let second = PNGBandsTests.changing(Self.first, rows: 20..<24)
    let cache = try #require(PNGBandCache())
    let all = ClaimedOrigin([Bool](repeating: true, count: Self.bands))
    _ = try Self.first.bandedPNGData(reusing: cache, origin: all)
    let trusted = try second.bandedPNGData(reusing: cache, origin: all)
    #expect(trusted == (try Self.first.bandedPNGData(reusing: nil)))
  }

  /// Claims about a frame of an origin that cannot tell, a frame written
  /// without one, a wrong number of bands or an image of another size are
  /// ignored: every band is compared.
  @Test func claimsThatCannotApplyAreIgnored() throws {
    let second = PNGBandsTests.changing(Self.first, rows: 20..<24)
    let expected = try second.bandedPNGData(reusing: nil)
    let all = [Bool](repeating: true, count: Self.bands)
    let cases: [(kept: (any FrameOrigin)?, next: (any FrameOrigin)?)] = [
      (ForeignOrigin(), ClaimedOrigin(all)), (nil, ClaimedOrigin(all)), (ClaimedOrigin(all), ForeignOrigin()),
      (ClaimedOrigin(all), ClaimedOrigin(all + [true])),
    ]
    for (kept, next) in cases {
      let cache = try #require(PNGBandCache())
      _ = try Self.first.bandedPNGData(reusing: cache, origin: kept)
      #expect(try second.bandedPNGData(reusing: cache, origin: next) == expected)
    }
    // Another size: nothing kept to copy from.
    let cache = try #require(PNGBandCache())
    _ = try PNGBandsTests.image(width: 600, height: 64, seed: 7).bandedPNGData(reusing: cache, origin: ClaimedOrigin(all))
    #expect(try second.bandedPNGData(reusing: cache, origin: ClaimedOrigin(all)) == expected)
  }
}
