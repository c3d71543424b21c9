// SPDX-License-Identifier: Apache-2.0
// The separable Gaussian blur of alpha images (shadows): a true sampled kernel, exact to 8 bits.

import ZoetropeRaster
import ZoetropeShaders

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Blurs alpha images with a Gaussian: the sampled kernel `exp(−k² / 2σ²)`,
/// normalized, over `k = −R…R` with `R = ⌈3.5 σ⌉` — a pass along the rows,
/// a pass along the columns, in 32-bit floats, rounded to bytes once at the
/// end.
///
/// Why a true kernel and not box passes: three to six box passes (extended
/// boxes, the variance matched exactly) miss the exact Gaussian by 3.8 to
/// 1.9 levels of 255 at a straight edge, whatever σ (the error is one of
/// shape); the sampled kernel cut at 3.5 σ stays within 0.2 of a level
/// (BENCHMARKS.md has the figures). The cost of the taps is kept down by
/// the structure of what casts shadows — long runs of equal pixels, many
/// equal rows:
///
/// - Row pass: each distinct row once. A stretch of equal pixels adds its
///   value times a difference of the kernel's prefix sums (two look-ups per
///   output), a lone pixel adds its value times the kernel; rows of zeros
///   cost nothing.
/// - Column pass: every row is the most common row plus a difference that
///   is zero outside a few columns (a card's corner rows differ from its
///   middle rows only near its sides), so each output row is one weighted
///   copy of the common row and a few short ones.
/// - Pixels the caller will cover opaquely (`hidden`) are not computed.
package enum GaussianBlur {
  /// The reach of the kernel for `sigma`: `⌈3.5 σ⌉`, 0 for σ ≤ 0 or NaN.
  package static func radius(sigma: Double) -> Int {
    guard sigma > 0 else { return 0 }
    return Int((3.5 * sigma).rounded(.up))
  }

  /// The normalized kernel for `sigma`: `2R + 1` weights for offsets −R…R
  /// (computed in double precision, stored as floats); `[1]` for σ ≤ 0.
  package static func kernel(sigma: Double) -> [Float] {
    let reach = radius(sigma: sigma)
    guard reach > 0 else { return [1] }
    let weights = (-reach...reach).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
    let total = weights.reduce(0, +)
    return weights.map { Float($0 / total) }
  }

  /// `image` blurred by `sigmaX` along rows and `sigmaY` along columns, as
  /// coverage runs over the pixels of `target` the blur reaches (zero pixels
  /// left out), except the columns `hidden(y)` of each row `y` (which the
  /// caller covers; `nil` for none). With both σ ≤ 0 it is the image itself.
  ///
  /// From σ = 8 on (the smaller of the two), the blur runs on the image
  /// averaged over 2 × 2 pixels (4 × 4 from σ = 32, …) with σ reduced to
  /// match, and is interpolated back (GaussianBlur+Decimated.swift): within
  /// a quarter of a level of the exact blur, at a quarter of the cost or less.
  package static func blur(_ image: AlphaImage, sigmaX: Double, sigmaY: Double, over target: DeviceRect,
                           hidden: ((Int) -> Range<Int>?)? = nil) -> CoverageSpans {
    if radius(sigma: sigmaX) == 0 && radius(sigma: sigmaY) == 0 { return CoverageSpans(image, within: target) }
    let factor = decimation(sigma: Swift.min(sigmaX, sigmaY))
    return blurDecimated(image, sigmaX: sigmaX, sigmaY: sigmaY, factor: factor, over: target, hidden: hidden)
  }

  /// The separable convolution of `image` over the device pixels `out`:
  /// calls `emit(y, columns, values)` for each stretch of columns of each
  /// row that the blur reaches and `hidden` leaves (rows in order, stretches
  /// left to right), with `columns.count` unrounded values in 0…255.
  static func convolve(_ image: FloatImage, sigmaX: Double, sigmaY: Double, over out: DeviceRect,
                       hidden: ((Int) -> Range<Int>?)?,
                       emit: (Int, Range<Int>, UnsafePointer<Float>) -> Void) {
    let rowKernel = kernel(sigma: sigmaX), columnKernel = kernel(sigma: sigmaY)
    let reachY = columnKernel.count / 2
    guard !out.isEmpty, !image.rect.isEmpty else { return }
    var rows = RowPass(image, columns: out, kernel: rowKernel)
    guard !rows.extents.isEmpty else { return }
    rows.subtractCommonRow()
    // Prefix sums of the column kernel: the weight of image rows a..<b for
    // output row y is prefix[b − y + R] − prefix[a − y + R].
    var prefix: [Float] = [0]
    for w in columnKernel { prefix.append(prefix[prefix.count - 1] + w) }
    let runs = rows.runs(originY: image.rect.y)
    let width = out.width
    var sums = [Float](repeating: 0, count: width)
    var groups: [(id: Int, weight: Float)] = []
    var firstRun = 0
    sums.withUnsafeMutableBufferPointer { sums in
      rows.values.withUnsafeBufferPointer { values in
        for y in out.y..<out.maxY {
          let top = y - reachY, bottom = y + reachY + 1
          // The runs of equal image rows within reach (runs are in row order).
          while firstRun < runs.count && runs[firstRun].end <= top { firstRun += 1 }
          groups.removeAll(keepingCapacity: true)
          var common: Float = 0
          var k = firstRun
          while k < runs.count && runs[k].start < bottom {
            let run = runs[k]
            let weight = prefix[Swift.min(run.end, bottom) - top] - prefix[Swift.max(run.start, top) - top]
            common = common + weight
            if run.id != rows.common { groups.append((run.id, weight)) }
            k += 1
          }
          guard k > firstRun else { continue }
          // The columns to compute: where the rows are non-zero, less the hidden ones.
          let reach = rows.reach
          var spans = (reach, 0..<0)
          if let hide = hidden?(y) {
            let h = (hide.lowerBound - out.x)..<(hide.upperBound - out.x)
            spans = (reach.lowerBound..<Swift.max(reach.lowerBound, Swift.min(reach.upperBound, h.lowerBound)),
                     Swift.min(reach.upperBound, Swift.max(reach.lowerBound, h.upperBound))..<reach.upperBound)
          }
          for span in [spans.0, spans.1] where !span.isEmpty {
            let base = sums.baseAddress! + span.lowerBound
            base.update(repeating: 0, count: span.count)
            if common != 0 {
              addScaledRow(base, input: values.baseAddress! + rows.common * width + span.lowerBound, scale: common,
                           count: span.count)
            }
            for group in groups {
              for extent in rows.extents[group.id] {
                let lo = Swift.max(extent.lowerBound, span.lowerBound)
                let hi = Swift.min(extent.upperBound, span.upperBound)
                guard lo < hi else { continue }
                addScaledRow(sums.baseAddress! + lo, input: values.baseAddress! + group.id * width + lo,
                             scale: group.weight, count: hi - lo)
              }
            }
            emit(y, (out.x + span.lowerBound)..<(out.x + span.upperBound), UnsafePointer(base))
          }
        }
      }
    }
  }
}

/// Values in 0…255 over a rectangle of device pixels, rows top to bottom:
/// an alpha image on its way through the blur.
struct FloatImage {
  var rect: DeviceRect
  var values: [Float]

  init(rect: DeviceRect, values: [Float]) {
    self.rect = rect
    self.values = values
  }

  init(_ image: AlphaImage) {
    rect = image.rect
    values = image.bytes.map { Float($0) }
  }
}

/// The row pass of ``GaussianBlur``: every distinct row of an image blurred
/// along the row over the output columns.
struct RowPass {
  /// One row of `width` floats per distinct row (after
  /// ``subtractCommonRow()``, the common row as it is and every other as
  /// its difference from it).
  var values: [Float] = []
  /// For each image row, its distinct row (−1 for a row of zeros).
  var ids: [Int]
  /// For each distinct row, the columns where it is non-zero (after
  /// ``subtractCommonRow()``: where its difference is, as stretches apart
  /// from one another).
  var extents: [[Range<Int>]] = []
  /// The distinct row most image rows are, or −1.
  var common = -1
  /// The columns where any row is non-zero.
  var reach = 0..<0
  let width: Int

  init(_ image: FloatImage, columns: DeviceRect, kernel: [Float]) {
    width = columns.width
    ids = [Int](repeating: -1, count: image.rect.height)
    let reachX = kernel.count / 2
    // Prefix sums of the kernel: prefix[m] = Σ_{j < m} kernel[j].
    var prefix: [Float] = [0]
    for w in kernel { prefix.append(prefix[prefix.count - 1] + w) }
    var uses: [Int] = []
    let imageWidth = image.rect.width
    image.values.withUnsafeBufferPointer { bytes in
      for row in 0..<image.rect.height {
        let line = bytes.baseAddress! + row * imageWidth
        if row > 0, ids[row - 1] >= 0, memcmp(line, line - imageWidth, 4 * imageWidth) == 0 {
          ids[row] = ids[row - 1]
          uses[ids[row]] += 1
          continue
        }
        guard let first = (0..<imageWidth).first(where: { line[$0] != 0 }) else { continue }
        let last = (0..<imageWidth).last(where: { line[$0] != 0 })!
        let id = extents.count
        values.append(contentsOf: repeatElement(0, count: width))
        values.withUnsafeMutableBufferPointer { v in
          kernel.withUnsafeBufferPointer { k in
            RowPass.convolve(line, from: first, through: last, imageX: image.rect.x, columns: columns, kernel: k,
                             prefix: prefix, reach: reachX, into: v.baseAddress! + id * columns.width)
          }
        }
        // Output columns this row reaches.
        let lo = Swift.max(image.rect.x + first - reachX - columns.x, 0)
        let hi = Swift.min(image.rect.x + last + 1 + reachX - columns.x, width)
        extents.append([lo..<Swift.max(lo, hi)])
        reach = reach.isEmpty ? lo..<Swift.max(lo, hi) : Swift.min(reach.lowerBound, lo)..<Swift.max(reach.upperBound, hi)
        uses.append(1)
        ids[row] = id
      }
    }
    common = uses.indices.max { uses[$0] < uses[$1] } ?? -1
  }

  /// One row blurred: stretches of four or more equal pixels add
  /// `value × (prefix[hi] − prefix[lo])` to each output they reach (the
  /// kernel's weight over the stretch), other pixels add `value × kernel`.
  private static func convolve(_ line: UnsafePointer<Float>, from first: Int, through last: Int, imageX: Int,
                               columns: DeviceRect, kernel: UnsafeBufferPointer<Float>, prefix: [Float], reach: Int,
                               into out: UnsafeMutablePointer<Float>) {
    let taps = kernel.count, width = columns.width
    var x = first
    while x <= last {
      let value = line[x]
      var end = x + 1
      while end <= last && line[end] == value { end += 1 }
      defer { x = end }
      guard value != 0 else { continue }
      // Image columns x..<end, device columns imageX + x ..< imageX + end.
      let start = imageX + x - columns.x, stop = imageX + end - columns.x  // in output columns
      let c = value
      if end - x >= 4 {
        let lo = Swift.max(start - reach, 0), hi = Swift.min(stop + reach, width)
        guard lo < hi else { continue }
        for o in lo..<hi {
          // Σ_{p in start..<stop} kernel[p − o + reach]
          let upper = Swift.min(Swift.max(stop - o + reach, 0), taps)
          let lower = Swift.min(Swift.max(start - o + reach, 0), taps)
          out[o] = out[o] + c * (prefix[upper] - prefix[lower])
        }
      } else {
        for p in start..<stop {
          // Outputs p − reach … p + reach, kernel taps in order (symmetric).
          let lo = Swift.max(p - reach, 0), hi = Swift.min(p + reach + 1, width)
          guard lo < hi else { continue }
          addScaledRow(out + lo, input: kernel.baseAddress! + (lo - (p - reach)), scale: c, count: hi - lo)
        }
      }
    }
  }

  /// Replaces every distinct row but the common one by its difference from
  /// the common row, and its extent by the stretches of columns where that
  /// difference is non-zero (stretches closer than 32 columns are joined).
  mutating func subtractCommonRow() {
    guard common >= 0 else { return }
    let width = self.width, common = self.common
    var extents = self.extents
    values.withUnsafeMutableBufferPointer { v in
      let base = v.baseAddress! + common * width
      for id in extents.indices where id != common {
        let row = v.baseAddress! + id * width
        var stretches: [Range<Int>] = []
        for x in 0..<width {
          let d = row[x] - base[x]
          row[x] = d
          guard d != 0 else { continue }
          if let last = stretches.last, x - last.upperBound < 32 {
            stretches[stretches.count - 1] = last.lowerBound..<(x + 1)
          } else {
            stretches.append(x..<(x + 1))
          }
        }
        extents[id] = stretches
      }
    }
    self.extents = extents
  }

  /// The image rows as runs of one distinct row, in order (rows of zeros left out).
  func runs(originY: Int) -> [(start: Int, end: Int, id: Int)] {
    var result: [(start: Int, end: Int, id: Int)] = []
    var row = 0
    while row < ids.count {
      let id = ids[row]
      var end = row + 1
      while end < ids.count && ids[end] == id { end += 1 }
      if id >= 0 { result.append((originY + row, originY + end, id)) }
      row = end
    }
    return result
  }
}
