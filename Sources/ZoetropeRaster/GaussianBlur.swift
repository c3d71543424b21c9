// SPDX-License-Identifier: Apache-2.0
// The separable Gaussian blur of alpha images (shadows): a true sampled kernel, exact to 8 bits.

import Shaders

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Blurs alpha images with a Gaussian: the sampled kernel `exp(−k² / 2σ²)`,
/// normalized, over `k = −R…R` with `R = ⌈3.5 σ⌉` — one row pass, one
/// column pass, in 32-bit floats, rounded to bytes once at the end.
///
/// Why a true kernel and not box passes: three to six box passes (extended
/// boxes, the variance matched exactly) miss the exact Gaussian by 3.8 to
/// 1.9 levels of 255 at a straight edge, whatever σ (the error is one of
/// shape); the sampled kernel cut at 3.5 σ stays within 0.2 of a level
/// (BENCHMARKS.md has the figures). The cost of the taps is kept down by
/// structure instead: identical rows of the image are blurred along the row
/// once, and the column pass weights each run of identical rows by the sum
/// of its taps, so a card's shadow costs a few row operations per output
/// row whatever its height.
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
  /// left out). With both σ ≤ 0 it is the image itself, cut to `target`.
  package static func blur(_ image: AlphaImage, sigmaX: Double, sigmaY: Double, over target: DeviceRect) -> CoverageSpans {
    let rowKernel = kernel(sigma: sigmaX), columnKernel = kernel(sigma: sigmaY)
    let reachX = rowKernel.count / 2, reachY = columnKernel.count / 2
    if reachX == 0 && reachY == 0 { return CoverageSpans(image, within: target) }
    let out = image.rect.grown(by: reachX, reachY).intersection(target)
    guard !out.isEmpty, !image.rect.isEmpty else { return CoverageSpans() }
    let rows = distinctRows(image, columns: out, kernel: rowKernel)
    var result = CoverageSpans()
    let width = out.width
    var sums = [Float](repeating: 0, count: width)
    var bytes = [UInt8](repeating: 0, count: width)
    sums.withUnsafeMutableBufferPointer { sums in
      bytes.withUnsafeMutableBufferPointer { bytes in
        rows.values.withUnsafeBufferPointer { values in
          for y in out.y..<out.maxY {
            sums.update(repeating: 0)
            var any = false
            // Image rows within reach, grouped into runs of one distinct row.
            let first = Swift.max(y - reachY, image.rect.y), last = Swift.min(y + reachY + 1, image.rect.maxY)
            var r = first
            while r < last {
              let id = rows.ids[r - image.rect.y]
              var end = r + 1
              while end < last && rows.ids[end - image.rect.y] == id { end += 1 }
              if id >= 0 {
                var weight: Float = 0
                for k in r..<end { weight = weight + columnKernel[k - y + reachY] }
                addScaledRow(sums.baseAddress!, input: values.baseAddress! + id * width, scale: weight, count: width)
                any = true
              }
              r = end
            }
            guard any else { continue }
            storeCoverageRow(bytes.baseAddress!, values: sums.baseAddress!, count: width)
            result.append(CoverageSpans(AlphaImage(rect: DeviceRect(x: out.x, y: y, width: width, height: 1),
                                                   bytes: Array(bytes))))
          }
        }
      }
    }
    return result
  }

  /// The row pass: every distinct row of `image` convolved along the row
  /// over `columns` (`values`, one row of `columns.width` floats per
  /// distinct row), and for each image row the index of its distinct row
  /// (−1 for a row of zeros).
  static func distinctRows(_ image: AlphaImage, columns: DeviceRect, kernel: [Float])
    -> (values: [Float], ids: [Int])
  {
    let reach = kernel.count / 2
    let width = columns.width, imageWidth = image.rect.width
    var values: [Float] = []
    var ids = [Int](repeating: -1, count: image.rect.height)
    // The input row: the image row placed under the output columns, with the
    // kernel's reach on both sides (zero outside the image).
    var padded = [Float](repeating: 0, count: width + 2 * reach)
    var distinct = 0
    image.bytes.withUnsafeBufferPointer { bytes in
      for row in 0..<image.rect.height {
        let line = bytes.baseAddress! + row * imageWidth
        if row > 0, ids[row - 1] >= 0, memcmp(line, line - imageWidth, imageWidth) == 0 {
          ids[row] = ids[row - 1]
          continue
        }
        guard UnsafeBufferPointer(start: line, count: imageWidth).contains(where: { $0 != 0 }) else { continue }
        padded.withUnsafeMutableBufferPointer { p in
          p.update(repeating: 0)
          // Padded index i holds image column columns.x − reach + i.
          let from = Swift.max(image.rect.x, columns.x - reach), to = Swift.min(image.rect.maxX, columns.maxX + reach)
          for x in from..<Swift.max(from, to) { p[x - (columns.x - reach)] = Float(line[x - image.rect.x]) }
        }
        values.append(contentsOf: repeatElement(0, count: width))
        values.withUnsafeMutableBufferPointer { v in
          padded.withUnsafeBufferPointer { p in
            kernel.withUnsafeBufferPointer { k in
              convolveRow(v.baseAddress! + distinct * width, input: p.baseAddress!, weights: k.baseAddress!,
                          taps: k.count, count: width)
            }
          }
        }
        ids[row] = distinct
        distinct += 1
      }
    }
    return (values, ids)
  }
}
