// SPDX-License-Identifier: Apache-2.0
// falseColorRow, a layer's falseColor filter: chosen pixels by hand, and every pixel against the formula in doubles.

import Testing
import ZoetropeShaders

@Suite struct FalseColorRowTests {
  static func run(_ pixels: [UInt8], _ filter: FalseColorContext) -> [UInt8] {
    var out = pixels
    out.withUnsafeMutableBufferPointer { falseColorRow($0.baseAddress!, count: pixels.count / 4, filter: filter) }
    return out
  }

  static let blueToRed = FalseColorContext(black: (0, 0, 255), white: (255, 0, 0), intensity: 255)

  @Test func whiteAndBlackTakeTheRampsEnds() {
    #expect(Self.run([255, 255, 255, 255, 0, 0, 0, 255], Self.blueToRed) == [255, 0, 0, 255, 0, 0, 255, 255])
  }

  @Test func aTranslucentPixelIsRecolouredUnpremultipliedAndKeepsItsAlpha() {
    // Premultiplied grey 64 at alpha 128 is straight 128: luminance 128, the
    // ramp (127, 0, 128), premultiplied again (64, 0, 64).
    #expect(Self.run([64, 64, 64, 128], Self.blueToRed) == [64, 0, 64, 128])
    #expect(Self.run([0, 0, 0, 0], Self.blueToRed) == [0, 0, 0, 0], "transparent stays transparent")
  }

  @Test func noIntensityLeavesEveryPixelAsItWas() {
    var random = SystemRandomNumberGenerator()
    var pixels: [UInt8] = []
    for _ in 0..<256 {
      let a = UInt8.random(in: 0...255, using: &random)
      pixels += (0..<3).map { _ in UInt8.random(in: 0...a, using: &random) } + [a]
    }
    let filter = FalseColorContext(black: (10, 200, 30), white: (250, 20, 90), intensity: 0)
    let out = Self.run(pixels, filter)
    // Unpremultiplying and premultiplying again moves a channel by at most one level.
    #expect(zip(out, pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    #expect(stride(from: 3, to: out.count, by: 4).allSatisfy { out[$0] == pixels[$0] })
  }

  /// Every opaque grey and random opaque colours at every intensity step of
  /// 17: within one level of the formula computed in doubles.
  @Test func opaquePixelsFollowTheFormula() {
    var random = SystemRandomNumberGenerator()
    let black: (Double, Double, Double) = (12, 180, 40), white: (Double, Double, Double) = (230, 15, 200)
    for k in stride(from: 0, through: 255, by: 17) {
      let filter = FalseColorContext(black: (12, 180, 40), white: (230, 15, 200), intensity: UInt8(k))
      for _ in 0..<64 {
        let c = (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) }
        let out = Self.run(c + [255], filter)
        let l = Double((54 * Int(c[0]) + 183 * Int(c[1]) + 19 * Int(c[2]) + 128) >> 8)
        let ramp = [black.0 + (white.0 - black.0) * l / 255, black.1 + (white.1 - black.1) * l / 255,
                    black.2 + (white.2 - black.2) * l / 255]
        for i in 0..<3 {
          let expected = Double(c[i]) + (ramp[i] - Double(c[i])) * Double(k) / 255
          #expect(abs(Double(out[i]) - expected) <= 1, "\(c) at \(k): \(out) channel \(i), expected \(expected)")
        }
        #expect(out[3] == 255)
      }
    }
  }
}
