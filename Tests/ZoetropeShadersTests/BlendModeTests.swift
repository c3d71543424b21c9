// SPDX-License-Identifier: Apache-2.0
// Every blend mode against a double-precision implementation of the W3C formulas, within 1/255.

import Foundation
import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

/// The W3C Compositing and Blending Level 1 formulas (§5.8, §10), written
/// out in double precision from the specification's text: the oracle of
/// the 32-bit float kernels.
enum W3CBlend {
  typealias RGB = (Double, Double, Double)

  static func separable(_ mode: BlendFormula, _ cb: Double, _ cs: Double) -> Double {
    func multiply(_ b: Double, _ s: Double) -> Double { b * s }
    func screen(_ b: Double, _ s: Double) -> Double { b + s - b * s }
    func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1) }
    switch mode {
    case .multiply: return multiply(cb, cs)
    case .screen: return screen(cb, cs)
    case .overlay: return hardLight(cs, cb)
    case .darken: return min(cb, cs)
    case .lighten: return max(cb, cs)
    case .colorDodge: return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
    case .colorBurn: return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
    case .hardLight: return hardLight(cb, cs)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (d - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    default: fatalError("not separable")
    }
  }

  static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }

  static func clipColor(_ c: RGB) -> RGB {
    let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
    var r = [c.0, c.1, c.2]
    if n < 0 { r = r.map { l + (($0 - l) * l) / (l - n) } }
    if x > 1 { r = r.map { l + (($0 - l) * (1 - l)) / (x - l) } }
    return (r[0], r[1], r[2])
  }

  static func setLum(_ c: RGB, _ l: Double) -> RGB {
    let d = l - lum(c)
    return clipColor((c.0 + d, c.1 + d, c.2 + d))
  }

  static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }

  /// SetSat as the specification writes it: sort, scale the middle, set the maximum.
  static func setSat(_ c: RGB, _ s: Double) -> RGB {
    var v = [c.0, c.1, c.2]
    let order = [0, 1, 2].sorted { v[$0] < v[$1] }
    let (minI, midI, maxI) = (order[0], order[1], order[2])
    if v[maxI] > v[minI] {
      v[midI] = ((v[midI] - v[minI]) * s) / (v[maxI] - v[minI])
      v[maxI] = s
    } else {
      v[midI] = 0
      v[maxI] = 0
    }
    v[minI] = 0
    return (v[0], v[1], v[2])
  }

  static func mix(_ mode: BlendFormula, _ b: RGB, _ s: RGB) -> RGB {
    switch mode {
    case .hue: return setLum(setSat(s, sat(b)), lum(b))
    case .saturation: return setLum(setSat(b, sat(s)), lum(b))
    case .color: return setLum(s, lum(b))
    case .luminosity: return setLum(b, lum(s))
    default: return (separable(mode, b.0, s.0), separable(mode, b.1, s.1), separable(mode, b.2, s.2))
    }
  }

  /// The composited pixel, premultiplied, in 0…255 (not rounded), for the
  /// premultiplied bytes of the backdrop and of the source (already scaled
  /// by the group's opacity).
  static func composite(_ mode: BlendFormula, backdrop d: [UInt8], source s: [UInt8]) -> [Double] {
    let ab = Double(d[3]) / 255, asrc = Double(s[3]) / 255
    func straight(_ c: UInt8, _ a: UInt8) -> Double { a == 0 ? 0 : Double(c) / Double(a) }
    let cb = (straight(d[0], d[3]), straight(d[1], d[3]), straight(d[2], d[3]))
    let cs = (straight(s[0], s[3]), straight(s[1], s[3]), straight(s[2], s[3]))
    let m = mix(mode, cb, cs)
    let mixed = [m.0, m.1, m.2]
    var out: [Double] = []
    for i in 0..<3 {
      let value = Double(s[i]) / 255 * (1 - ab) + Double(d[i]) / 255 * (1 - asrc) + asrc * ab * mixed[i]
      out.append(value * 255)
    }
    out.append((asrc + ab - asrc * ab) * 255)
    return out
  }
}

@Suite struct BlendModeTests {
  /// 20,000 random premultiplied pairs per mode (a third of them with an
  /// opaque backdrop, some transparent or grey): every channel within one
  /// level of 255 of the double-precision W3C value.
  @Test(arguments: BlendFormula.allCases)
  func everyModeAgreesWithTheW3CFormulasInDoublePrecision(_ mode: BlendFormula) {
    var random = SeededRandom(state: 0x5EED_0000 &+ UInt64(mode.rawValue))
    var worst = 0.0
    for _ in 0..<20_000 {
      var backdrop = random.premultipliedPixels(1), source = random.premultipliedPixels(1)
      if random.byte() < 40 {
        // Greys and pure colours: the edge cases of SetSat and ClipColor.
        let v = random.byte()
        backdrop = [v, v, v, 255]
        source = [[255, 0, 0, 255], [0, 0, 0, 255], [255, 255, 255, 255], [v, 0, 255 - v, 255]][Int(v) % 4]
      }
      var pixel = backdrop
      pixel.withUnsafeMutableBufferPointer { p in
        source.withUnsafeBufferPointer { blendRow(p.baseAddress!, source: $0.baseAddress!, alpha: 255, count: 1, mode: mode) }
      }
      let expected = W3CBlend.composite(mode, backdrop: backdrop, source: source)
      for channel in 0..<4 {
        let error = abs(Double(pixel[channel]) - expected[channel])
        worst = max(worst, error)
        if error > 1 {
          Issue.record("\(mode): backdrop \(backdrop) source \(source) gave \(pixel), W3C says \(expected)")
          return
        }
      }
    }
    #expect(worst <= 1)
  }

  @Test func aTransparentSourceLeavesTheBackdropUnchangedInEveryMode() {
    for mode in BlendFormula.allCases {
      var pixels: [UInt8] = [10, 200, 30, 255, 5, 6, 7, 9, 0, 0, 0, 0]
      let before = pixels
      let source = [UInt8](repeating: 0, count: 12)
      pixels.withUnsafeMutableBufferPointer { p in
        source.withUnsafeBufferPointer { blendRow(p.baseAddress!, source: $0.baseAddress!, alpha: 255, count: 3, mode: mode) }
      }
      #expect(pixels == before, "\(mode)")
    }
  }

  @Test func multiplyByWhiteAndScreenByBlackChangeNothing() {
    let backdrop: [UInt8] = [12, 34, 200, 255]
    for (mode, source) in [(BlendFormula.multiply, [UInt8](arrayLiteral: 255, 255, 255, 255)),
                           (.screen, [0, 0, 0, 255])] {
      var pixel = backdrop
      pixel.withUnsafeMutableBufferPointer { p in
        source.withUnsafeBufferPointer { blendRow(p.baseAddress!, source: $0.baseAddress!, alpha: 255, count: 1, mode: mode) }
      }
      #expect(pixel == backdrop, "\(mode)")
    }
  }

  @Test func theGroupOpacityScalesTheSourceFirst() {
    // Difference of white over black at half opacity: half grey.
    var pixel: [UInt8] = [0, 0, 0, 255]
    let source: [UInt8] = [255, 255, 255, 255]
    pixel.withUnsafeMutableBufferPointer { p in
      source.withUnsafeBufferPointer { blendRow(p.baseAddress!, source: $0.baseAddress!, alpha: 128, count: 1, mode: .difference) }
    }
    #expect(pixel == [128, 128, 128, 255])
  }
}
