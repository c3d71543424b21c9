// SPDX-License-Identifier: Apache-2.0
// Reading rendered pixels, and the expectations worked out by hand from Core Animation's rules.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

/// One straight-alpha pixel.
struct Pixel: Equatable, CustomStringConvertible {
  var red: Int, green: Int, blue: Int, alpha: Int
  var description: String { "(\(red), \(green), \(blue), \(alpha))" }

  /// Whether the pixel is within `tolerance` of `(red, green, blue)` at `alpha` (colour
  /// compared only where the pixel is not transparent).
  func isClose(to red: Int, _ green: Int, _ blue: Int, alpha: Int, tolerance: Int = 1) -> Bool {
    guard Swift.abs(self.alpha - alpha) <= tolerance else { return false }
    if self.alpha == 0 { return true }
    // Un-premultiplying a faint pixel magnifies rounding.
    let slack = tolerance + (self.alpha < 128 ? 255 / Swift.max(self.alpha, 1) : 0)
    return Swift.abs(self.red - red) <= slack && Swift.abs(self.green - green) <= slack
      && Swift.abs(self.blue - blue) <= slack
  }
}

/// A rendered frame of a `CALayer` tree, read by layer coordinates.
struct Frame {
  let image: RGBAImage

  init(_ layer: CALayer, at time: Double) throws {
    image = try ZoetropeRender.image(of: layer, at: time)
  }

  /// The pixel containing the point `(x, y)`.
  func pixel(_ x: Double, _ y: Double) -> Pixel {
    let column = Int(x.rounded(.down)), row = Int(y.rounded(.down))
    precondition(column >= 0 && column < image.width && row >= 0 && row < image.height, "(\(x), \(y)) is off the frame")
    let i = 4 * (row * image.width + column)
    let p = image.pixels
    return Pixel(red: Int(p[i]), green: Int(p[i + 1]), blue: Int(p[i + 2]), alpha: Int(p[i + 3]))
  }
}

/// Core Animation's cubic timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1) at input `x`,
/// solved by bisection here (independently of Zoetrope's solver).
func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
  func sample(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
  }
  var low = 0.0, high = 1.0
  for _ in 0..<100 {
    let middle = (low + high) / 2
    if sample(x1, x2, middle) < x { low = middle } else { high = middle }
  }
  return sample(y1, y2, (low + high) / 2)
}

/// `easeInEaseOut` (0.42, 0, 0.58, 1).
func easeInEaseOut(_ x: Double) -> Double { cubicBezier(0.42, 0, 0.58, 1, at: x) }
/// `easeOut` (0, 0, 0.58, 1).
func easeOut(_ x: Double) -> Double { cubicBezier(0, 0, 0.58, 1, at: x) }

/// The point at `degrees` clockwise from twelve o'clock on a circle (y down).
func pointOnCircle(center: (Double, Double), radius: Double, degrees: Double) -> (Double, Double) {
  let a = degrees * .pi / 180
  return (center.0 + radius * sin(a), center.1 - radius * cos(a))
}

/// The fractional part of a non-negative number.
func fraction(_ x: Double) -> Double { x - x.rounded(.down) }
