// SPDX-License-Identifier: Apache-2.0
// Wide blurs on an averaged image: 2 × 2 (or coarser) blocks, σ reduced to match, bilinear back.

import Shaders

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension GaussianBlur {
  /// The block size a blur of standard deviation `sigma` (device pixels)
  /// runs on: 1 below 8, 2 below 32, 4 below 64, 8 below 128, else 16.
  ///
  /// Measured against the exact blur of a rounded rectangle (max error in
  /// levels of 255): blocks of 2 at σ = 8 → 0.23, σ = 12 → 0.09, σ = 16 →
  /// 0.13; blocks of 4 at σ = 16 would be 0.46, hence the later switch.
  static func decimation(sigma: Double) -> Int {
    guard sigma >= 8 else { return 1 }
    if sigma < 32 { return 2 }
    if sigma < 64 { return 4 }
    return sigma < 128 ? 8 : 16
  }

  /// ``blur(_:sigmaX:sigmaY:over:hidden:)`` on `factor × factor` blocks.
  ///
  /// Blocks are aligned to multiples of `factor` in device pixels (so a
  /// shape moved by whole blocks gets the same shadow, moved). Averaging a
  /// block blurs by a box of variance (f² − 1) / 12 and the bilinear way
  /// back by about (f² − 1) / 6 more; the coarse Gaussian's σ is reduced by
  /// both so that the whole has the variance σ².
  static func blurDecimated(_ image: AlphaImage, sigmaX: Double, sigmaY: Double, factor f: Int,
                            over target: DeviceRect, hidden: ((Int) -> Range<Int>?)?) -> CoverageSpans {
    let out = image.rect.grown(by: radius(sigma: sigmaX), radius(sigma: sigmaY)).intersection(target)
    guard !out.isEmpty, !image.rect.isEmpty else { return CoverageSpans() }
    let coarse = average(image, factor: f)
    func coarseSigma(_ sigma: Double) -> Double {
      let spread = Double(f * f - 1) / 12 + Double(f * f - 1) / 6
      return (Swift.max(sigma * sigma - spread, 0)).squareRoot() / Double(f)
    }
    // Fine pixel x lies at coarse coordinate u = (x − (f − 1) / 2) / f:
    // between coarse samples ⌊u⌋ and ⌊u⌋ + 1.
    let offset = Double(f - 1) / 2
    func coarseIndex(_ x: Int) -> Int { Int(((Double(x) - offset) / Double(f)).rounded(.down)) }
    let cx0 = coarseIndex(out.x), cx1 = coarseIndex(out.maxX - 1) + 2
    let cy0 = coarseIndex(out.y), cy1 = coarseIndex(out.maxY - 1) + 2
    let coarseOut = DeviceRect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0)
    var blurred = [Float](repeating: 0, count: coarseOut.width * coarseOut.height)
    blurred.withUnsafeMutableBufferPointer { blurred in
      convolve(coarse, sigmaX: coarseSigma(sigmaX), sigmaY: coarseSigma(sigmaY), over: coarseOut, hidden: nil) {
        y, columns, row in
        (blurred.baseAddress! + (y - coarseOut.y) * coarseOut.width + (columns.lowerBound - coarseOut.x))
          .update(from: row, count: columns.count)
      }
    }
    // Fine column x = f·i + r lies between coarse samples i − 1 and i (for
    // r below (f − 1) / 2) or i and i + 1, at a weight that depends on r alone.
    let shift = f.trailingZeroBitCount
    let phases = (0..<f).map { r -> (step: Int, weight: Float) in
      let u = (Double(r) - offset) / Double(f)
      return u < 0 ? (-1, Float(u + 1)) : (0, Float(u))
    }
    var result = CoverageSpans()
    var between = [Float](repeating: 0, count: coarseOut.width)
    // The previous row's blend of coarse rows, hidden columns and runs: a
    // row that repeats them (the middle of a card) repeats its runs, bytes shared.
    var previous = [Float](repeating: .nan, count: coarseOut.width)
    var previousHidden: Range<Int>?
    var previousRuns = 0..<0
    var values = [Float](repeating: 0, count: out.width)
    var bytes = [UInt8](repeating: 0, count: out.width)
    blurred.withUnsafeBufferPointer { blurred in
      previous.withUnsafeMutableBufferPointer { previous in
      between.withUnsafeMutableBufferPointer { between in
        values.withUnsafeMutableBufferPointer { values in
          bytes.withUnsafeMutableBufferPointer { bytes in
            for y in out.y..<out.maxY {
              let v = (Double(y) - offset) / Double(f)
              let j = Int(v.rounded(.down)), s = Float(v - Double(j))
              let upper = blurred.baseAddress! + (j - cy0) * coarseOut.width
              // The row between the two coarse rows: upper + s × (lower − upper).
              between.baseAddress!.update(from: upper, count: coarseOut.width)
              addScaledRow(between.baseAddress!, input: upper + coarseOut.width, scale: s, count: coarseOut.width)
              addScaledRow(between.baseAddress!, input: upper, scale: -s, count: coarseOut.width)
              let hide = hidden?(y)
              if hide == previousHidden, memcmp(between.baseAddress!, previous.baseAddress!, 4 * coarseOut.width) == 0 {
                let start = result.spans.count
                for k in previousRuns {
                  var run = result.spans[k]
                  run.y = Int32(y)
                  result.spans.append(run)
                }
                previousRuns = start..<result.spans.count
                continue
              }
              previous.baseAddress!.update(from: between.baseAddress!, count: coarseOut.width)
              previousHidden = hide
              let firstRun = result.spans.count
              defer { previousRuns = firstRun..<result.spans.count }
              var spans = [0..<out.width]
              if let hide {
                let h = (hide.lowerBound - out.x)..<(hide.upperBound - out.x)
                spans = [0..<Swift.max(0, Swift.min(out.width, h.lowerBound)),
                         Swift.min(out.width, Swift.max(0, h.upperBound))..<out.width]
              }
              for span in spans where !span.isEmpty {
                phases.withUnsafeBufferPointer { phases in
                  for column in span {
                    let x = out.x + column
                    let phase = phases[x & (f - 1)]
                    let i = (x >> shift) + phase.step - cx0
                    let a = between[i], b = between[i + 1]
                    values[column] = a + phase.weight * (b - a)
                  }
                }
                storeCoverageRow(bytes.baseAddress! + span.lowerBound, values: values.baseAddress! + span.lowerBound,
                                 count: span.count)
                result.appendRow(UnsafePointer(bytes.baseAddress! + span.lowerBound), count: span.count, y: y,
                                 x: out.x + span.lowerBound)
              }
            }
          }
        }
      }
      }
    }
    return result
  }

  /// `image` averaged over `f × f` blocks aligned to multiples of `f` (a
  /// power of two; pixels outside the image count as 0).
  static func average(_ image: AlphaImage, factor f: Int) -> FloatImage {
    let shift = f.trailingZeroBitCount
    // Arithmetic shifts divide rounding down, negative coordinates too.
    let x0 = image.rect.x >> shift, y0 = image.rect.y >> shift
    let x1 = (image.rect.maxX + f - 1) >> shift, y1 = (image.rect.maxY + f - 1) >> shift
    let rect = DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    var sums = [Float](repeating: 0, count: rect.width * rect.height)
    var line = [UInt32](repeating: 0, count: rect.width)
    let scale = 1 / Float(f * f)
    // Where the image's first column falls in its block.
    let lead = image.rect.x - (x0 << shift)
    image.bytes.withUnsafeBufferPointer { bytes in
      sums.withUnsafeMutableBufferPointer { sums in
        line.withUnsafeMutableBufferPointer { line in
          var row = 0
          while row < image.rect.height {
            // The image rows of one block row, summed as integers (exact).
            let blockRow = (image.rect.y + row) >> shift
            line.update(repeating: 0)
            while row < image.rect.height && (image.rect.y + row) >> shift == blockRow {
              let source = bytes.baseAddress! + row * image.rect.width
              // Block by block, summed in a register (adding pixel by pixel
              // into memory chains every add through a store).
              var column = 0, block = 0
              if f == 2 {
                // Pairs, the common case (σ from 8 to 32), without an inner loop.
                if lead == 1 {
                  line[0] &+= UInt32(source[0])
                  column = 1
                  block = 1
                }
                while column + 1 < image.rect.width {
                  line[block] &+= UInt32(source[column]) &+ UInt32(source[column + 1])
                  column += 2
                  block += 1
                }
              }
              while block < rect.width {
                let end = Swift.min((block + 1) * f - lead, image.rect.width)
                var sum: UInt32 = 0
                while column < end {
                  sum &+= UInt32(source[column])
                  column += 1
                }
                line[block] &+= sum
                block += 1
              }
              row += 1
            }
            let target = sums.baseAddress! + (blockRow - y0) * rect.width
            for i in 0..<rect.width { target[i] = Float(line[i]) * scale }
          }
        }
      }
    }
    return FloatImage(rect: rect, values: sums)
  }
}
