// SPDX-License-Identifier: Apache-2.0
// Accumulated areas to coverage bytes, four cells at a time.

/// Turns `groups × 4` accumulated area cells into coverage bytes under the
/// non-zero rule, and zeroes the cells: the running sum of the cells, starting
/// at `sum`, taken as `min(|winding|, 1)` and rounded to 0…255. Returns the
/// sum after the last cell.
///
/// The sums are formed as a prefix tree within each group of four
/// (`c0, c0+c1, (c1+c2)+c0, (c2+c3)+(c0+c1)`, then plus the running sum), the
/// same order ``resolveCoverageScalar(_:groups:sum:evenOdd:into:)`` follows, so
/// both give the same bytes on every machine. Rounding is to nearest, ties to
/// even. A NaN or infinite sum gives full coverage.
@inline(__always)
func resolveCoverage(
  _ cells: UnsafeMutablePointer<Float>, groups: Int, sum: Float, into bytes: UnsafeMutablePointer<UInt8>
) -> Float {
  typealias Lanes = SIMD4<Float>
  let raw = UnsafeMutableRawPointer(cells), out = UnsafeMutableRawPointer(bytes)
  var sum = sum
  for group in 0..<Swift.max(groups, 0) {
    var v = raw.loadUnaligned(fromByteOffset: 16 * group, as: Lanes.self)
    raw.storeBytes(of: Lanes(repeating: 0), toByteOffset: 16 * group, as: Lanes.self)
    v += Lanes(0, v[0], v[1], v[2])
    v += Lanes(0, 0, v[0], v[1])
    v += Lanes(repeating: sum)
    sum = v[3]
    var magnitude = v.replacing(with: -v, where: v .< 0)
    magnitude.replace(with: 1, where: .!(magnitude .< 1))
    // Adding 2^23 rounds 0…255 to an integer held in the low mantissa bits.
    let rounded = magnitude * 255 + 8_388_608
    let coverage = SIMD4<UInt8>(truncatingIfNeeded: unsafeBitCast(rounded, to: SIMD4<UInt32>.self))
    out.storeBytes(of: coverage, toByteOffset: 4 * group, as: SIMD4<UInt8>.self)
  }
  return sum
}

/// The scalar reference of ``resolveCoverage(_:groups:sum:into:)``, kept as its
/// oracle, and the even-odd resolver: with `evenOdd`, the winding folds into
/// 0…1 with period 2 (`w − 2⌊w/2⌋`, mirrored above 1) before rounding.
func resolveCoverageScalar(
  _ cells: UnsafeMutablePointer<Float>, groups: Int, sum: Float, evenOdd: Bool, into bytes: UnsafeMutablePointer<UInt8>
) -> Float {
  var sum = sum
  for group in 0..<Swift.max(groups, 0) {
    let c = cells + 4 * group
    let a0 = c[0] + 0, a1 = c[1] + c[0], a2 = c[2] + c[1], a3 = c[3] + c[2]
    let tree = (a0 + 0, a1 + 0, a2 + a0, a3 + a1)
    let sums = (tree.0 + sum, tree.1 + sum, tree.2 + sum, tree.3 + sum)
    sum = sums.3
    c[0] = 0; c[1] = 0; c[2] = 0; c[3] = 0
    let b = bytes + 4 * group
    b[0] = coverageByte(sums.0, evenOdd: evenOdd)
    b[1] = coverageByte(sums.1, evenOdd: evenOdd)
    b[2] = coverageByte(sums.2, evenOdd: evenOdd)
    b[3] = coverageByte(sums.3, evenOdd: evenOdd)
  }
  return sum
}

/// The coverage byte of one winding sum, rounded as the kernels round.
@inline(__always)
func coverageByte(_ sum: Float, evenOdd: Bool) -> UInt8 {
  var magnitude = sum < 0 ? -sum : sum
  if evenOdd {
    magnitude -= 2 * (magnitude * 0.5).rounded(.down)
    if magnitude > 1 { magnitude = 2 - magnitude }
  }
  if !(magnitude < 1) { magnitude = 1 }
  return UInt8(truncatingIfNeeded: (magnitude * 255 + 8_388_608).bitPattern)
}
