// SPDX-License-Identifier: Apache-2.0
// Wide blurs on an averaged image: 2 × 2 (or coarser) blocks, σ reduced to match, bilinear back.

import ZoetropeRaster
import ZoetropeShaders

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

  /// ``blur(_:sigmaX:sigmaY:over:hidden:)`` on `factor × factor` blocks
  /// (`factor` 1: on the pixels themselves).
  ///
  /// Blocks are aligned to multiples of `factor` in device pixels (so a
  /// shape moved by whole blocks gets the same shadow, moved). Averaging a
  /// block blurs by a box of variance (f² − 1) / 12 and the bilinear way
  /// back by about (f² − 1) / 6 more; the coarse Gaussian's σ is reduced by
  /// both so that the whole has the variance σ².
  ///
  /// A uniform middle (identical columns, identical rows) is cut down before
  /// the blur and stretched back after it (``BlurShrink``): a card's shadow
  /// costs its corners, not its area. Each output row is the blur between
  /// two coarse rows, interpolated along the row; the columns that read only
  /// the uniform middle are one constant run, and a row that repeats the
  /// previous one (the middle of a card) repeats its runs, bytes shared.
  static func blurDecimated(_ image: AlphaImage, sigmaX: Double, sigmaY: Double, factor f: Int,
                            over target: DeviceRect, hidden: ((Int) -> Range<Int>?)?) -> CoverageSpans {
    let out = image.rect.grown(by: radius(sigma: sigmaX), radius(sigma: sigmaY)).intersection(target)
    guard !out.isEmpty, !image.rect.isEmpty else { return CoverageSpans() }
    func coarseSigma(_ sigma: Double) -> Double {
      let spread = Double(f * f - 1) / 12 + Double(f * f - 1) / 6
      return (Swift.max(sigma * sigma - spread, 0)).squareRoot() / Double(f)
    }
    let sigmas = (x: coarseSigma(sigmaX), y: coarseSigma(sigmaY))
    let (small, shrinkX, shrinkY) = shrunk(image, factor: f, reach: (radius(sigma: sigmas.x), radius(sigma: sigmas.y)))
    let kept = f > 1 ? average(small, factor: f) : FloatImage(small)
    // Fine pixel x lies at coarse coordinate u = (x − (f − 1) / 2) / f:
    // between coarse samples ⌊u⌋ and ⌊u⌋ + 1.
    let offset = Double(f - 1) / 2
    func coarseIndex(_ x: Int) -> Int { Int(((Double(x) - offset) / Double(f)).rounded(.down)) }
    let cx0 = coarseIndex(out.x), cx1 = coarseIndex(out.maxX - 1) + 2
    let cy0 = coarseIndex(out.y), cy1 = coarseIndex(out.maxY - 1) + 2
    // The coarse outputs in the kept image's columns and rows.
    let keptOut = DeviceRect(x: shrinkX.map(cx0), y: shrinkY.map(cy0), width: shrinkX.map(cx1 - 1) + 1 - shrinkX.map(cx0),
                             height: shrinkY.map(cy1 - 1) + 1 - shrinkY.map(cy0))
    var blurred = [Float](repeating: 0, count: keptOut.width * keptOut.height)
    blurred.withUnsafeMutableBufferPointer { blurred in
      convolve(kept, sigmaX: sigmas.x, sigmaY: sigmas.y, over: keptOut, hidden: nil) { y, columns, row in
        (blurred.baseAddress! + (y - keptOut.y) * keptOut.width + (columns.lowerBound - keptOut.x))
          .update(from: row, count: columns.count)
      }
    }
    // The fine columns whose two coarse samples both read the uniform middle
    // (one value, one constant run); left of them the kept columns are the
    // coarse columns themselves, right of them shifted by what was removed.
    var uniform = out.x..<out.x
    if shrinkX.removed > 0 {
      func fine(_ c: Int) -> Int { Int((Double(c * f) + offset).rounded(.up)) }
      let low = Swift.min(Swift.max(fine(shrinkX.uniform.lowerBound), out.x), out.maxX)
      uniform = low..<Swift.min(Swift.max(fine(shrinkX.uniform.upperBound - 1), low), out.maxX)
    }
    let middleColumn = shrinkX.map(shrinkX.uniform.lowerBound) - keptOut.x
    // Per phase r = x mod f: the step to the left sample and the weight of the right one.
    let phases = (0..<f).map { r -> (Int, Float) in
      let u = (Double(r) - offset) / Double(f)
      return u < 0 ? (-1, Float(u + 1)) : (0, Float(u))
    }
    let steps = phases.map(\.0), weights = phases.map(\.1)
    var result = CoverageSpans()
    var between = [Float](repeating: 0, count: keptOut.width)
    // The previous row's blend of coarse rows, hidden columns and runs: a
    // row that repeats them (the middle of a card) repeats its runs, bytes shared.
    var previous = [Float](repeating: .nan, count: keptOut.width)
    var previousHidden: Range<Int>?
    var previousRuns = 0..<0
    var values = [Float](repeating: 0, count: out.width)
    var bytes = [UInt8](repeating: 0, count: out.width)
    steps.withUnsafeBufferPointer { steps in
    weights.withUnsafeBufferPointer { weights in
    blurred.withUnsafeBufferPointer { blurred in
      previous.withUnsafeMutableBufferPointer { previous in
      between.withUnsafeMutableBufferPointer { between in
        values.withUnsafeMutableBufferPointer { values in
          bytes.withUnsafeMutableBufferPointer { bytes in
            for y in out.y..<out.maxY {
              let v = (Double(y) - offset) / Double(f)
              let j = Int(v.rounded(.down)), s = Float(v - Double(j))
              let upper = blurred.baseAddress! + (shrinkY.map(j) - keptOut.y) * keptOut.width
              let lower = blurred.baseAddress! + (shrinkY.map(j + 1) - keptOut.y) * keptOut.width
              // The row between the two coarse rows: upper + s × (lower − upper).
              between.baseAddress!.update(from: upper, count: keptOut.width)
              addScaledRow(between.baseAddress!, input: lower, scale: s, count: keptOut.width)
              addScaledRow(between.baseAddress!, input: upper, scale: -s, count: keptOut.width)
              let hide = hidden?(y)
              if hide == previousHidden, memcmp(between.baseAddress!, previous.baseAddress!, 4 * keptOut.width) == 0 {
                let start = result.spans.count
                for k in previousRuns {
                  var run = result.spans[k]
                  run.y = Int32(y)
                  result.spans.append(run)
                }
                previousRuns = start..<result.spans.count
                continue
              }
              previous.baseAddress!.update(from: between.baseAddress!, count: keptOut.width)
              previousHidden = hide
              let firstRun = result.spans.count
              defer { previousRuns = firstRun..<result.spans.count }
              // Columns `part`, reading the coarse row from column `base` (kept coordinates)
              // on, or the one value of the uniform middle.
              @inline(__always) func emit(_ part: Range<Int>, base: Int, constant: Bool) {
                guard !part.isEmpty else { return }
                if constant {
                  var byte: UInt8 = 0
                  storeCoverageRow(&byte, values: between.baseAddress! + middleColumn, count: 1)
                  if byte > 0 {
                    result.spans.append(CoverageSpans.Span(y: Int32(y), x: Int32(part.lowerBound),
                                                           count: Int32(part.count), offset: -1, value: byte))
                  }
                  return
                }
                let column = part.lowerBound - out.x
                upsample(UnsafePointer(between.baseAddress! - base), fine: part, factor: f, steps: steps.baseAddress!,
                         weights: weights.baseAddress!, into: values.baseAddress! + column)
                storeCoverageRow(bytes.baseAddress! + column, values: values.baseAddress! + column, count: part.count)
                // One run of bytes, zeros trimmed from its ends (a soft edge varies
                // from pixel to pixel: there is little to gain in finding flat stretches).
                var first = column, end = column + part.count
                while first < end && bytes[first] == 0 { first += 1 }
                while end > first && bytes[end - 1] == 0 { end -= 1 }
                result.appendBytes(UnsafePointer(bytes.baseAddress! + first), count: end - first, y: y, x: out.x + first)
              }
              @inline(__always) func emitVisible(_ range: Range<Int>, base: Int, constant: Bool) {
                guard let hide, !range.isEmpty else { return emit(range, base: base, constant: constant) }
                emit(range.lowerBound..<Swift.max(range.lowerBound, Swift.min(range.upperBound, hide.lowerBound)),
                     base: base, constant: constant)
                emit(Swift.min(range.upperBound, Swift.max(range.lowerBound, hide.upperBound))..<range.upperBound,
                     base: base, constant: constant)
              }
              emitVisible(out.x..<Swift.max(uniform.lowerBound, out.x), base: keptOut.x, constant: false)
              emitVisible(uniform, base: 0, constant: true)
              emitVisible(Swift.max(uniform.upperBound, out.x)..<out.maxX, base: keptOut.x + shrinkX.removed,
                          constant: false)
            }
          }
        }
      }
      }
    }
    }
    }
    return result
  }

  /// The fine values of columns `fine` (device) from a coarse row indexed by
  /// coarse column (`coarse[i]` for coarse column i): column x lies at
  /// u = (x − (f − 1) / 2) / f, between samples ⌊u⌋ and ⌊u⌋ + 1, at weight
  /// `weights[x mod f]` of the right one (left sample `x / f + steps[x mod f]`).
  ///
  /// Blocks of 2 take eight pairs of columns at a time in vectors, the same
  /// arithmetic lane by lane as ``upsampleScalar(_:fine:factor:steps:weights:into:)``,
  /// its portable twin, which does the rest (the bytes are the same: tested).
  @inline(__always)
  static func upsample(_ coarse: UnsafePointer<Float>, fine: Range<Int>, factor f: Int, steps: UnsafePointer<Int>,
                       weights: UnsafePointer<Float>, into values: UnsafeMutablePointer<Float>) {
    guard f == 2 else {
      return upsampleScalar(coarse, fine: fine, factor: f, steps: steps, weights: weights, into: values)
    }
    var x = fine.lowerBound, n = 0
    // (An even first column, three quarters of the way from its pair's left sample, the twin's way.)
    if x & 1 == 0, x < fine.upperBound {
      upsampleScalar(coarse, fine: x..<(x + 1), factor: f, steps: steps, weights: weights, into: values)
      x += 1
      n = 1
    }
    // Columns 2k + 1 and 2k + 2 for eight k at once: a quarter and three
    // quarters of the way from coarse sample k to k + 1, interleaved.
    while x + 15 < fine.upperBound {
      let k = x >> 1
      let a = UnsafeRawPointer(coarse + k).loadUnaligned(as: SIMD8<Float>.self)
      let b = UnsafeRawPointer(coarse + k + 1).loadUnaligned(as: SIMD8<Float>.self)
      let d = b - a
      let quarter = a + 0.25 * d, threeQuarters = a + 0.75 * d
      var both = SIMD16<Float>()
      for i in 0..<8 {
        both[2 * i] = quarter[i]
        both[2 * i + 1] = threeQuarters[i]
      }
      UnsafeMutableRawPointer(values + n).storeBytes(of: both, as: SIMD16<Float>.self)
      x += 16
      n += 16
    }
    upsampleScalar(coarse, fine: x..<fine.upperBound, factor: f, steps: steps, weights: weights, into: values + n)
  }

  /// ``upsample(_:fine:factor:steps:weights:into:)`` a column at a time (a pair at a time for blocks of 2).
  @inline(__always)
  static func upsampleScalar(_ coarse: UnsafePointer<Float>, fine: Range<Int>, factor f: Int,
                             steps: UnsafePointer<Int>, weights: UnsafePointer<Float>,
                             into values: UnsafeMutablePointer<Float>) {
    guard f > 1 else {
      values.update(from: coarse + fine.lowerBound, count: fine.count)
      return
    }
    let shift = f.trailingZeroBitCount
    var x = fine.lowerBound, n = 0
    if f == 2 {
      // Pairs: columns 2k + 1 and 2k + 2 lie a quarter and three quarters of
      // the way from coarse sample k to k + 1.
      if x & 1 == 0, x < fine.upperBound {
        let a = coarse[(x >> 1) - 1], b = coarse[x >> 1]
        values[0] = a + 0.75 * (b - a)
        x += 1
        n = 1
      }
      while x + 1 < fine.upperBound {
        let a = coarse[x >> 1], b = coarse[(x >> 1) + 1]
        let d = b - a
        values[n] = a + 0.25 * d
        values[n + 1] = a + 0.75 * d
        x += 2
        n += 2
      }
    }
    while x < fine.upperBound {
      let r = x & (f - 1)
      let i = (x >> shift) + steps[r]
      let a = coarse[i], b = coarse[i + 1]
      values[n] = a + weights[r] * (b - a)
      x += 1
      n += 1
    }
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
