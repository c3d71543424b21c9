// SPDX-License-Identifier: Apache-2.0
// Accumulated areas to coverage bytes, four cells at a time, or eight or sixteen where the CPU has the registers.

import CZoetropeKernels
import ZoetropeShaders

/// Which resolver turns a row's cells into coverage bytes: the portable
/// SIMD one (``resolveCells(_:groups:sum:into:)``) or its AVX2 or AVX-512
/// twin in C, chosen once per process by CPU feature and by
/// `ZOETROPE_KERNELS` as the blend kernels are. All three give the same
/// bytes and sums (integer sums are exact in any order); tests hold the
/// wide ones, like the portable one, to the scalar reference
/// ``resolveCellsScalar(_:groups:sum:evenOdd:into:)``.
enum CoverageResolver {
  case portable, avx2, avx512

  /// The widest resolver this CPU runs and `ZOETROPE_KERNELS` allows.
  static let preferred: CoverageResolver =
    BlendKernels.usesAVX512 ? .avx512 : BlendKernels.usesAVX2 ? .avx2 : .portable

  /// A resolver as a C function: cells, groups, sum and bytes as
  /// ``resolveCells(_:groups:sum:into:)`` takes them.
  typealias Function = @convention(c) (UnsafeMutablePointer<Int32>?, Int, Int32, UnsafeMutablePointer<UInt8>?) -> Int32

  /// ``resolve(_:groups:sum:into:)`` of this resolver as a function
  /// (one call a stretch, with no choice of resolver in it); under the
  /// even-odd rule, the scalar reference's even-odd resolve whatever the
  /// resolver.
  func function(evenOdd: Bool) -> Function {
    if evenOdd { return { resolveCellsScalar($0!, groups: $1, sum: $2, evenOdd: true, into: $3!) } }
    switch self {
    case .portable: return { resolveCells($0!, groups: $1, sum: $2, into: $3!) }
    case .avx2: return zk_resolve_cells_avx2
    case .avx512: return zk_resolve_cells_avx512
    }
  }

  /// ``resolveCells(_:groups:sum:into:)`` on this resolver. The AVX2 and
  /// AVX-512 ones must only be used where the CPU has them.
  @inline(__always)
  func resolve(_ cells: UnsafeMutablePointer<Int32>, groups: Int, sum: Int32,
               into bytes: UnsafeMutablePointer<UInt8>) -> Int32 {
    switch self {
    case .portable: resolveCells(cells, groups: groups, sum: sum, into: bytes)
    case .avx2: zk_resolve_cells_avx2(cells, groups, sum, bytes)
    case .avx512: zk_resolve_cells_avx512(cells, groups, sum, bytes)
    }
  }
}

/// Turns `groups × 4` accumulated area cells into coverage bytes under the
/// non-zero rule, and zeroes the cells: the running sum of the cells,
/// starting at `sum`, taken as `min(|winding|, 1)` and rounded to 0…255
/// (`(a × 255 + 2¹⁶) >> 17` for an area `a` of up to 2¹⁷, halves up).
/// Returns the sum after the last cell.
///
/// Integer sums are exact in any order, so the SIMD prefix sums and the
/// scalar reference ``resolveCellsScalar(_:groups:sum:evenOdd:into:)`` give
/// the same bytes by construction (a test holds them to it); the arithmetic
/// wraps, so absurd windings give wrong bytes but never trap.
@inline(__always)
func resolveCells(
  _ cells: UnsafeMutablePointer<Int32>, groups: Int, sum: Int32, into bytes: UnsafeMutablePointer<UInt8>
) -> Int32 {
  typealias Lanes = SIMD4<Int32>
  let raw = UnsafeMutableRawPointer(cells), out = UnsafeMutableRawPointer(bytes)
  let full = Lanes(repeating: BandCells.fullArea)
  var sum = sum
  for group in 0..<Swift.max(groups, 0) {
    var v = raw.loadUnaligned(fromByteOffset: 16 * group, as: Lanes.self)
    raw.storeBytes(of: Lanes(repeating: 0), toByteOffset: 16 * group, as: Lanes.self)
    v &+= Lanes(0, v[0], v[1], v[2])
    v &+= Lanes(0, 0, v[0], v[1])
    v &+= Lanes(repeating: sum)
    sum = v[3]
    // |v|, and anything past full coverage (or wrapped negative) as full.
    var magnitude = v.replacing(with: 0 &- v, where: v .< 0)
    magnitude.replace(with: full, where: magnitude .> full .| magnitude .< 0)
    let coverage = ((magnitude &<< 8) &- magnitude &+ 65_536) &>> 17
    out.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: coverage), toByteOffset: 4 * group, as: SIMD4<UInt8>.self)
  }
  return sum
}

/// The scalar reference of ``resolveCells(_:groups:sum:into:)``, kept as its
/// oracle, and the even-odd resolver: with `evenOdd`, the winding folds into
/// 0…1 with period 2 before rounding.
func resolveCellsScalar(
  _ cells: UnsafeMutablePointer<Int32>, groups: Int, sum: Int32, evenOdd: Bool, into bytes: UnsafeMutablePointer<UInt8>
) -> Int32 {
  var sum = sum
  for i in 0..<(4 * Swift.max(groups, 0)) {
    sum &+= cells[i]
    cells[i] = 0
    bytes[i] = coverageByte(sum, evenOdd: evenOdd)
  }
  return sum
}

/// The coverage byte of one running area sum, rounded as the kernels round.
@inline(__always)
func coverageByte(_ sum: Int32, evenOdd: Bool) -> UInt8 {
  var magnitude: Int32
  if evenOdd {
    // The winding modulo 2 (2 × full area = 2¹⁸), mirrored above 1.
    magnitude = sum & 0x3_FFFF
    if magnitude > BandCells.fullArea { magnitude = 2 &* BandCells.fullArea &- magnitude }
  } else {
    magnitude = sum < 0 ? 0 &- sum : sum
    if magnitude > BandCells.fullArea || magnitude < 0 { magnitude = BandCells.fullArea }
  }
  // 0 ≤ magnitude ≤ 2¹⁷ here: nothing below can overflow.
  return UInt8(truncatingIfNeeded: ((magnitude &<< 8) &- magnitude &+ 65_536) &>> 17)
}

/// The resolving blend of a wide resolver alone, for the identity tests
/// (`zk_resolve_fill_solid_avx2` or `_avx512`): the cells of `groups`
/// groups resolved (and zeroed) and the first `count` pixels blended under
/// their coverage with the premultiplied `color` word; the running sum after
/// the last cell. Requires the CPU to run the resolver (not `.portable`).
func resolveFillingSolid(_ resolver: CoverageResolver, _ cells: UnsafeMutablePointer<Int32>, groups: Int, sum: Int32,
                         pixels: UnsafeMutablePointer<UInt8>, count: Int, color: UInt32) -> Int32 {
  resolver == .avx512 ? zk_resolve_fill_solid_avx512(cells, groups, sum, pixels, count, color)
    : zk_resolve_fill_solid_avx2(cells, groups, sum, pixels, count, color)
}
