// SPDX-License-Identifier: Apache-2.0
// A solid colour blended under each run as a band's edges are resolved, without laying the runs out.

import ZoetropeShaders

/// A colour blended into a band's pixels (`band`: device row `top`,
/// `width` pixels a row) under each run as it comes.
struct SolidRuns: SolidRowRunSink {
  /// The colour and its kernels.
  let solid: SolidBlend
  /// The band's first row's pixels.
  let band: UnsafeMutablePointer<UInt8>
  /// The device row of the band's first row.
  let top: Int
  /// Pixels a row.
  let width: Int

  /// The pixel at device column `x` of device row `y`. Wrapping: the
  /// resolve hands on only the band's rows and columns within its width,
  /// so nothing overflows (checked, the offset cost a run a dozen
  /// instructions and kept its flags on the stack).
  @inline(__always)
  func pixels(y: Int32, x: Int) -> UnsafeMutablePointer<UInt8> {
    band + 4 &* ((Int(y) &- top) &* width &+ x)
  }

  @inline(__always)
  var rowBytes: Int { 4 &* width }

  @inline(__always)
  var resolvingBlendWord: UInt32? { solid.wordForResolvingBlend }

  @inline(__always)
  func varying(y: Int32, x: Int, count: Int, bytes: UnsafePointer<UInt8>) {
    solid.fill(pixels(y: y, x: x), coverage: bytes, count: count)
  }

  @inline(__always)
  func constant(y: Int32, x: Int, count: Int, value: UInt8) {
    solid.fillRun(pixels(y: y, x: x), count: count, coverage: value)
  }
}

/// ``SolidRuns`` within the runs of columns `clips` (apart, left to
/// right): each run cut to each of them (and dropped where it lies outside
/// all), as ``DisplayList/clipped(_:_:to:)`` cuts a laid-out span.
struct ClippedSolidRuns: RowRunSink {
  let runs: SolidRuns
  let clips: UnsafeBufferPointer<Range<Int>>

  @inline(__always)
  func varying(y: Int32, x: Int, count: Int, bytes: UnsafePointer<UInt8>) {
    let end = x &+ count
    for clip in clips {
      guard clip.lowerBound < end else { return }
      let low = Swift.max(x, clip.lowerBound), high = Swift.min(end, clip.upperBound)
      if low < high { runs.varying(y: y, x: low, count: high &- low, bytes: bytes + (low &- x)) }
    }
  }

  @inline(__always)
  func constant(y: Int32, x: Int, count: Int, value: UInt8) {
    let end = x &+ count
    for clip in clips {
      guard clip.lowerBound < end else { return }
      let low = Swift.max(x, clip.lowerBound), high = Swift.min(end, clip.upperBound)
      if low < high { runs.constant(y: y, x: low, count: high &- low, value: value) }
    }
  }
}
