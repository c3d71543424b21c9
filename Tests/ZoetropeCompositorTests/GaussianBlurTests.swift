// SPDX-License-Identifier: Apache-2.0
// The shadow blur against an exact double-precision Gaussian, and its special cases.

import Foundation
import Testing
import ZoetropeCompositor
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct GaussianBlurTests {
  /// Test images of 48 × 40 pixels: edges, corners, thin lines, a dot, a
  /// disc with anti-aliased edges, a checkerboard and noise.
  static let images: [(String, AlphaImage)] = {
    let rect = DeviceRect(x: 3, y: -2, width: 48, height: 40)
    func image(_ value: (Int, Int) -> UInt8) -> AlphaImage {
      var bytes: [UInt8] = []
      for y in 0..<rect.height { for x in 0..<rect.width { bytes.append(value(x, y)) } }
      return AlphaImage(rect: rect, bytes: bytes)
    }
    var noise = SeededRandom(state: 42)
    return [
      ("edge", image { x, _ in x < 20 ? 0 : 255 }),
      ("square", image { x, y in (10..<30).contains(x) && (8..<26).contains(y) ? 255 : 0 }),
      ("line", image { x, _ in x == 17 ? 255 : 0 }),
      ("dot", image { x, y in x == 24 && y == 20 ? 255 : 0 }),
      ("disc", image { x, y in
        let d = (Double(x) + 0.5 - 24).hypot(Double(y) + 0.5 - 20) - 12
        return UInt8(max(0, min(1, 0.5 - d)) * 255)
      }),
      ("checker", image { x, y in (x / 3 + y / 3) % 2 == 0 ? 255 : 40 }),
      ("noise", image { _, _ in
        noise.byte()
      }),
    ]
  }()

  /// The exact blur in double precision: the sampled Gaussian normalized over
  /// ±10 σ (no truncation to speak of), separable, at one output pixel.
  static func exact(_ image: AlphaImage, sigmaX: Double, sigmaY: Double, x: Int, y: Int) -> Double {
    func weights(_ sigma: Double) -> [Double] {
      let reach = Int((10 * sigma).rounded(.up))
      let w = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
      let total = w.reduce(0, +)
      return w.map { $0 / total }
    }
    let wx = weights(sigmaX), wy = weights(sigmaY)
    let rx = wx.count / 2, ry = wy.count / 2
    var sum = 0.0
    for j in -ry...ry {
      let row = y - j - image.rect.y
      guard row >= 0, row < image.rect.height else { continue }
      var line = 0.0
      for i in -rx...rx {
        let column = x - i - image.rect.x
        guard column >= 0, column < image.rect.width else { continue }
        line += wx[i + rx] * Double(image.bytes[row * image.rect.width + column])
      }
      sum += wy[j + ry] * line
    }
    return sum
  }

  @Test(arguments: [(0.6, 0.6), (1, 1), (1.5, 1.5), (2.2, 2.2), (3.3, 3.3), (6, 6), (9.5, 9.5), (2, 7)])
  func blurIsWithinOneLevelOfTheExactGaussian(_ sigmaX: Double, _ sigmaY: Double) {
    for (name, image) in Self.images {
      let target = image.rect.grown(by: 6, 6)
      let runs = GaussianBlur.blur(image, sigmaX: sigmaX, sigmaY: sigmaY, over: target)
      let result = runs.mask(x: target.x, y: target.y, width: target.width, height: target.height)
      var worst = 0.0
      for y in target.y..<target.maxY {
        for x in target.x..<target.maxX {
          let expected = Self.exact(image, sigmaX: sigmaX, sigmaY: sigmaY, x: x, y: y)
          worst = max(worst, abs(Double(result.coverage(atX: x, y: y)) - expected))
        }
      }
      #expect(worst <= 1, "\(name) at σ = (\(sigmaX), \(sigmaY)): off by \(worst) levels")
    }
  }

  /// The exact blur at one pixel, summed over the image's pixels only (so
  /// that wide kernels cost the image's size, not the kernel's).
  static func exactOverImage(_ image: AlphaImage, sigma: Double, x: Int, y: Int) -> Double {
    let reach = Int((10 * sigma).rounded(.up))
    let total = (-reach...reach).reduce(0.0) { $0 + exp(-Double($1 * $1) / (2 * sigma * sigma)) }
    func w(_ d: Int) -> Double { abs(d) > reach ? 0 : exp(-Double(d * d) / (2 * sigma * sigma)) / total }
    var sum = 0.0
    for row in 0..<image.rect.height {
      let wy = w(y - image.rect.y - row)
      guard wy > 0 else { continue }
      for column in 0..<image.rect.width {
        sum += wy * w(x - image.rect.x - column) * Double(image.bytes[row * image.rect.width + column])
      }
    }
    return sum
  }

  /// Wide blurs run on averaged blocks (2 × 2 up to 16 × 16): still within a
  /// level of the exact Gaussian, sampled over the area the shadow reaches.
  @Test(arguments: [8.0, 12, 20, 33, 70, 140])
  func wideBlursOnAveragedBlocksStayWithinOneLevel(_ sigma: Double) {
    for (name, image) in Self.images where ["edge", "square", "disc", "line"].contains(name) {
      let reach = Int(3 * sigma)
      let target = image.rect.grown(by: reach, reach)
      let runs = GaussianBlur.blur(image, sigmaX: sigma, sigmaY: sigma, over: target)
      let result = runs.mask(x: target.x, y: target.y, width: target.width, height: target.height)
      var worst = 0.0
      let step = Swift.max(1, target.width / 40)
      for y in stride(from: target.y, to: target.maxY, by: step) {
        for x in stride(from: target.x, to: target.maxX, by: step) {
          let expected = Self.exactOverImage(image, sigma: sigma, x: x, y: y)
          worst = max(worst, abs(Double(result.coverage(atX: x, y: y)) - expected))
        }
      }
      #expect(worst <= 1, "\(name) at σ = \(sigma): off by \(worst) levels")
    }
  }

  /// A card-like image — a rounded rectangle with a long uniform middle —
  /// is blurred as its corners and a few middle columns and rows, then
  /// stretched back (the nine-patch of its shadow): still within a level of
  /// the exact Gaussian everywhere, also under a hidden interior.
  @Test(arguments: [3.0, 12])
  func aUniformMiddleIsCutAndStretchedBackExactly(_ sigma: Double) {
    let rect = DeviceRect(x: 7, y: 4, width: 200, height: 120)
    var bytes: [UInt8] = []
    for y in 0..<rect.height {
      for x in 0..<rect.width {
        // Distance outside a rounded rectangle of radius 12 inside the image, anti-aliased.
        let cx = min(max(Double(x) + 0.5, 14), 186), cy = min(max(Double(y) + 0.5, 14), 106)
        let d = (Double(x) + 0.5 - cx).hypot(Double(y) + 0.5 - cy) - 12
        bytes.append(UInt8((max(0, min(1, 0.5 - d)) * 255).rounded()))
      }
    }
    let image = AlphaImage(rect: rect, bytes: bytes)
    let reach = Int(3.5 * sigma) + 1
    let target = rect.grown(by: reach, reach)
    let hidden: (Int) -> Range<Int>? = { y in (30...90).contains(y) ? 40..<160 : nil }
    for hide in [false, true] {
      let runs = GaussianBlur.blur(image, sigmaX: sigma, sigmaY: sigma, over: target, hidden: hide ? hidden : nil)
      let result = runs.mask(x: target.x, y: target.y, width: target.width, height: target.height)
      var worst = 0.0
      for y in stride(from: target.y, to: target.maxY, by: 5) {
        for x in stride(from: target.x, to: target.maxX, by: 5) {
          if hide, let h = hidden(y), h.contains(x) {
            #expect(result.coverage(atX: x, y: y) == 0, "hidden (\(x), \(y)) was drawn")
            continue
          }
          let expected = Self.exactOverImage(image, sigma: sigma, x: x, y: y)
          worst = max(worst, abs(Double(result.coverage(atX: x, y: y)) - expected))
        }
      }
      #expect(worst <= 1, "σ = \(sigma), hidden \(hide): off by \(worst) levels")
    }
  }

  @Test func radiusZeroIsTheImageItself() {
    for (name, image) in Self.images {
      let runs = GaussianBlur.blur(image, sigmaX: 0, sigmaY: 0, over: image.rect.grown(by: 2, 2))
      let dense = runs.mask(x: image.rect.x, y: image.rect.y, width: image.rect.width, height: image.rect.height)
      #expect(dense.coverage == image.bytes, "\(name)")
    }
  }

  @Test func theBlurStaysWithinTheTarget() {
    let image = Self.images[1].1
    let target = DeviceRect(x: 10, y: 5, width: 7, height: 9)
    let runs = GaussianBlur.blur(image, sigmaX: 4, sigmaY: 4, over: target)
    #expect(!runs.spans.isEmpty)
    for span in runs.spans {
      #expect(Int(span.y) >= target.y && Int(span.y) < target.maxY)
      #expect(Int(span.x) >= target.x && Int(span.x) + Int(span.count) <= target.maxX)
    }
  }

  @Test func theKernelIsNormalizedAndReachesThreeAndAHalfSigmas() {
    for sigma in [0.3, 1.0, 4.2, 12.0, 100.0] {
      let kernel = GaussianBlur.kernel(sigma: sigma)
      #expect(kernel.count == 2 * Int((3.5 * sigma).rounded(.up)) + 1)
      #expect(abs(kernel.reduce(0, +) - 1) < 1e-5)
    }
    #expect(GaussianBlur.kernel(sigma: 0) == [1])
    #expect(GaussianBlur.kernel(sigma: .nan) == [1])
  }
}

private extension Double {
  func hypot(_ other: Double) -> Double { (self * self + other * other).squareRoot() }
}
