// SPDX-License-Identifier: Apache-2.0
// The iOS snippets in Snippets/, rendered, against what Core Animation draws, worked out by hand from
// its timing rules and matrices (timing curves solved independently in Support/Probe.swift).

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct SnippetPixelTests {
  /// The ring: strokeEnd eases in and out over 1.2 s from twelve o'clock, clockwise; forwards fill keeps it whole.
  @Test(arguments: [0.3, 0.6, 0.9, 1.5])
  func ringIsDrawnToItsEasedEnd(_ time: Double) throws {
    let frame = try Frame(makeRing(), at: time)
    let drawn = 360 * easeInEaseOut(min(time / 1.2, 1))
    for degrees in stride(from: 0.0, to: 360, by: 5) {
      let (x, y) = pointOnCircle(center: (60, 60), radius: 50, degrees: degrees)
      let pixel = frame.pixel(x, y)
      if degrees < drawn - 8 {
        #expect(pixel == Pixel(red: 0, green: 122, blue: 255, alpha: 255), "\(degrees)° at t = \(time): \(pixel)")
      } else if degrees > drawn + 8 {
        #expect(pixel.alpha == 0, "\(degrees)° at t = \(time): \(pixel)")
      }
    }
    #expect(frame.pixel(60, 60).alpha == 0)   // a clear fill
  }

  /// The loader: head = strokeEnd, tail = strokeStart 0.5 s later, in a 1.5 s group; the circle turns
  /// once in 2 s; the oval path starts at three o'clock and runs clockwise.
  @Test(arguments: [0.25, 0.75, 1.25, 2.1])
  func loaderShowsTheArcBetweenTailAndHead(_ time: Double) throws {
    let frame = try Frame(makeStrokeLoader(), at: time)
    let groupTime = time.truncatingRemainder(dividingBy: 1.5)
    let head = groupTime < 1 ? easeInEaseOut(groupTime) : 1
    let tail = groupTime >= 0.5 ? easeInEaseOut(min(groupTime - 0.5, 1)) : 0
    let turn = 360 * time.truncatingRemainder(dividingBy: 2) / 2
    // Degrees clockwise from twelve o'clock: the path starts at 90°.
    let from = 90 + 360 * tail + turn, to = 90 + 360 * head + turn
    for offset in stride(from: 0.0, to: 360, by: 6) {
      let degrees = from + offset
      let (x, y) = pointOnCircle(center: (50, 50), radius: 45, degrees: degrees)
      let pixel = frame.pixel(x, y)
      if degrees > from + 6, degrees < to - 6 {
        #expect(pixel.isClose(to: 232, 31, 99, alpha: 255, tolerance: 0), "\(degrees)° at t = \(time): \(pixel)")
      } else if degrees < from - 6 + 360, degrees > to + 6 {
        #expect(pixel.alpha == 0, "\(degrees)° at t = \(time): \(pixel)")
      }
    }
  }

  /// The pulse: scale 1 → 1.5 and opacity 1 → 0, eased out over 1.5 s, repeating.
  @Test(arguments: [0.0, 0.5, 0.75, 1.2, 2.25])
  func pulseGrowsAndFades(_ time: Double) throws {
    let frame = try Frame(makePulse(), at: time)
    let progress = easeOut(time.truncatingRemainder(dividingBy: 1.5) / 1.5)
    let radius = 20 * (1 + 0.5 * progress), alpha = Int((255 * (1 - progress)).rounded())
    for (dx, dy) in [(0.0, 0.0), (radius - 2, 0), (0, -(radius - 2)), (-(radius - 2) * 0.7, (radius - 2) * 0.7)] {
      let pixel = frame.pixel(60 + dx, 60 + dy)
      #expect(pixel.isClose(to: 255, 59, 48, alpha: alpha), "(\(dx), \(dy)) at t = \(time): \(pixel), alpha \(alpha)")
    }
    #expect(frame.pixel(60 + radius + 2, 60).alpha == 0)
    #expect(frame.pixel(60, 60 - radius - 2).alpha == 0)
  }

  /// The spinner: copy k sits k × 30° clockwise and runs k/12 s behind; each dot fades 1 → 0 every
  /// second; before its copy starts, a dot shows its model opacity, 0.
  @Test(arguments: [0.5, 1.5, 2.3])
  func spinnerDotsFadeInTurn(_ time: Double) throws {
    let frame = try Frame(makeReplicatorSpinner(), at: time)
    for copy in 0..<12 {
      let local = time - Double(copy) / 12
      let opacity = local < 0 ? 0 : 1 - fraction(local)
      let (x, y) = pointOnCircle(center: (60, 60), radius: 40, degrees: Double(copy) * 30)
      let pixel = frame.pixel(x, y)
      #expect(pixel.isClose(to: 85, 85, 85, alpha: Int((255 * opacity).rounded())),
              "copy \(copy) at t = \(time): \(pixel), opacity \(opacity)")
    }
  }

  /// The shake: nine values, eight linear segments over 0.6 s, then the model (no translation).
  @Test(arguments: [0.0, 0.05, 0.15, 0.2625, 0.45, 0.7])
  func shakeMovesByTheKeyframeValue(_ time: Double) throws {
    let frame = try Frame(makeShake(), at: time)
    let values = [-20.0, 20, -20, 20, -10, 10, -5, 5, 0]
    var offset = 0.0
    if time < 0.6 {
      let u = time / 0.6 * 8, segment = Int(u.rounded(.down))
      offset = values[segment] + (values[segment + 1] - values[segment]) * (u - Double(segment))
    }
    let left = 60 + offset, right = 100 + offset
    #expect(frame.pixel(left + 1.5, 30) == Pixel(red: 0, green: 0, blue: 0, alpha: 255), "t = \(time)")
    #expect(frame.pixel(right - 1.5, 30) == Pixel(red: 0, green: 0, blue: 0, alpha: 255), "t = \(time)")
    #expect(frame.pixel(left - 1.5, 30) == Pixel(red: 255, green: 255, blue: 255, alpha: 255), "t = \(time)")
    #expect(frame.pixel(right + 1.5, 30) == Pixel(red: 255, green: 255, blue: 255, alpha: 255), "t = \(time)")
  }

  /// The card: the transform slerps from the identity to a quarter turn about y (θ = π/4 at 0.5 s).
  /// A corner (u, v) of the card (from its centre, the stage's centre too) goes to x = u·cos θ,
  /// z = −u·sin θ, and m34 = −1/500 divides by w = 1 + u·sin θ / 500: the right edge recedes.
  @Test(arguments: [0.25, 0.5, 0.75])
  func cardTurnsInPerspective(_ time: Double) throws {
    let frame = try Frame(makeCardFlip(), at: time)
    let theta = time * .pi / 2
    func project(_ u: Double, _ v: Double) -> (Double, Double) {
      let w = 1 + u * sin(theta) / 500
      return (80 + u * cos(theta) / w, 60 + v / w)
    }
    let indigo = Pixel(red: 88, green: 86, blue: 214, alpha: 255)
    for u in [-40.0, 40] {
      let (x, top) = project(u, -40), (_, bottom) = project(u, 40)
      let inward = u < 0 ? 1.5 : -1.5
      #expect(frame.pixel(x + inward, 60) == indigo, "edge u = \(u) at t = \(time)")
      #expect(frame.pixel(x - inward, 60).alpha == 0, "beyond edge u = \(u) at t = \(time)")
      #expect(frame.pixel(x + 2 * inward, top + 1.5) == indigo, "top corner u = \(u) at t = \(time)")
      #expect(frame.pixel(x + 2 * inward, top - 1.5).alpha == 0, "above corner u = \(u) at t = \(time)")
      #expect(frame.pixel(x + 2 * inward, bottom - 1.5) == indigo, "bottom corner u = \(u) at t = \(time)")
      #expect(frame.pixel(x + 2 * inward, bottom + 1.5).alpha == 0, "below corner u = \(u) at t = \(time)")
    }
  }

  /// At the end the card is edge-on (forwards fill): nothing of it covers a pixel.
  @Test func cardEdgeOnCoversNothing() throws {
    let frame = try Frame(makeCardFlip(), at: 1.5)
    #expect(frame.image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
  }

  /// The shimmer: locations run linearly from [-1, -0.5, 0] to [1, 1.5, 2] in 1.5 s; between stops the
  /// grey is interpolated, and beyond the first and last stops it is the end colour.
  @Test(arguments: [0.0, 0.3, 0.75, 1.2, 1.9])
  func shimmerBandSweepsAcross(_ time: Double) throws {
    let frame = try Frame(makeShimmer(), at: time)
    let progress = time.truncatingRemainder(dividingBy: 1.5) / 1.5
    let stops = zip([-1.0, -0.5, 0], [1.0, 1.5, 2]).map { $0 + ($1 - $0) * progress }
    let greys = [0.85, 0.95, 0.85]
    for column in 0..<200 {
      let q = (Double(column) + 0.5) / 200
      var grey = greys[0]
      if q >= stops[2] { grey = greys[2] } else if q > stops[0] {
        let i = q < stops[1] ? 0 : 1
        grey = greys[i] + (greys[i + 1] - greys[i]) * (q - stops[i]) / (stops[i + 1] - stops[i])
      }
      let expected = Int((grey * 255).rounded())
      let pixel = frame.pixel(Double(column) + 0.5, 10)
      #expect(pixel.isClose(to: expected, expected, expected, alpha: 255, tolerance: 1),
              "column \(column) at t = \(time): \(pixel), expected \(expected)")
    }
  }

  /// The counter: ten discrete values over 2.5 s show digit ⌊t / 0.25⌋, then 9 (forwards fill). Each
  /// frame must equal the same window drawing that one digit alone.
  @Test(arguments: [0.0, 0.3, 0.6, 1.1, 2.4, 3.0])
  func counterShowsTheDigitOfItsStep(_ time: Double) throws {
    let shown = min(Int((time / 0.25).rounded(.down)), 9)
    let frame = try Frame(makeTextCounter(), at: time)
    func digitAlone(_ digit: Int) throws -> RGBAImage {
      let window = CALayer()
      window.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
      window.masksToBounds = true
      window.backgroundColor = UIColor.white.cgColor
      let text = CATextLayer()
      text.string = "\(digit)"
      text.font = UIFont.systemFont(ofSize: 32, weight: .bold)
      text.fontSize = 32
      text.foregroundColor = UIColor.black.cgColor
      text.alignmentMode = .center
      text.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
      window.addSublayer(text)
      return try ZoetropeRender.image(of: window, at: 0)
    }
    let expected = try digitAlone(shown)
    let difference = try #require(frame.image.difference(from: expected, perChannel: 0))
    #expect(difference.maximumChannelDifference <= 2, "t = \(time): digit \(shown)")
    let other = try #require(frame.image.difference(from: try digitAlone((shown + 1) % 10), perChannel: 0))
    #expect(other.differingPixels > 20, "t = \(time)")
  }
}
