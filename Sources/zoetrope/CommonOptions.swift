// SPDX-License-Identifier: Apache-2.0
// The options several commands share, declared and checked once: --scale, --threads, --fps and --duration.

import ArgumentParser
import Zoetrope

/// `--scale S`: an extra device scale on top of the canvas scale (`still`,
/// `sheet`, `render`, `palette`). Any positive finite number; whether the
/// canvas at that scale is a picture (at least a pixel, at most
/// ``Limits/maximumPixelsPerSide`` a side) is checked once the scene is read
/// (``CommandChecks/checkCanvas(_:scale:scene:)``).
struct ScaleOption: ParsableArguments {
  @Option(name: .customLong("scale"), help: "Extra device scale on top of the canvas scale (a positive number).")
  var scale: Double = 1

  func validate() throws {
    guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be a positive number") }
  }
}

/// `--threads N`: rendering threads, 1…256 (``Limits/threads``); default one per core.
struct ThreadsOption: ParsableArguments {
  @Option(name: .customLong("threads"), help: "Rendering threads, 1 to 256; default one per core.")
  var threads: Int?

  func validate() throws { try CommandChecks.validateThreads(threads) }
}

/// `--fps` and `--duration`: the clip's frame rate and length when not the
/// scene's (`render`, `palette`, and `plan` through the render options).
struct ClipTimingOptions: ParsableArguments {
  @Option(name: .customLong("fps"), help: "Frames per second (30, 29.97, 30000/1001), 0.001 to 1000; default the scene's.")
  var fps: String?

  @Option(name: .customLong("duration"), help: "Seconds of the clip, at most 86400 (a day); default the scene's.")
  var duration: Double?

  func validate() throws {
    try CommandChecks.validateDuration(duration)
    if let fps {
      guard ClipTimingOptions.frameRate(fps) != nil else {
        throw ValidationError("--fps must be a rate in 0.001…1000 like 30, 29.97 or 30000/1001")
      }
    }
  }

  /// `canvas` with the frame rate and duration these options give.
  func applied(to canvas: Canvas) -> Canvas {
    var canvas = canvas
    if let fps, let rate = ClipTimingOptions.frameRate(fps) { canvas.frameRate = rate }
    if let duration { canvas.duration = duration }
    return canvas
  }

  /// `30`, `29.97` (read as 30000/1001), `30000/1001`, `12.5`.
  static func frameRate(_ text: String) -> FrameRate? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0, n <= 1_000_000, d <= 1_000_000,
        Limits.frameRates.contains(Double(n) / Double(d))
      else { return nil }
      return FrameRate(numerator: n, denominator: d)
    }
    guard let value = Double(text), Limits.frameRates.contains(value) else { return nil }
    let ntsc = (value * 1.001).rounded()
    if value != value.rounded(), ntsc >= 1, Swift.abs(ntsc * 1000 / 1001 - value) < 0.006 {
      return FrameRate(numerator: Int(ntsc) * 1000, denominator: 1001)
    }
    let thousandths = Int((value * 1000).rounded())
    var n = thousandths, d = 1000
    func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    let g = gcd(n, d)
    n /= g
    d /= g
    return FrameRate(numerator: n, denominator: d)
  }
}
