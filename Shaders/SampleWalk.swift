// SPDX-License-Identifier: Apache-2.0
// A straight walk through an image: one row of an affine image paint, in exact fixed-point steps.

/// The sample coordinates of one row of an affinely mapped image: step `i`
/// is at (`u + i du`, `v + i dv`) in 32.32 fixed point (exact integer adds,
/// no drift; they wrap rather than trap), clamped to `lowU…highU` ×
/// `lowV…highV` and rounded to the kernels' 20.12 fixed point as
/// `(c + 2¹⁹) >> 20`. ``SampleKernels/bilinear(_:walk:count:coordinates:context:)``
/// samples a walk without storing its coordinates where it can.
@usableFromInline package struct SampleWalk {
  /// The first step's coordinates, 32.32 fixed point, in pixels with pixel
  /// centres at integers.
  @usableFromInline package var u: Int64, v: Int64
  /// The change from one step to the next, 32.32 fixed point.
  @usableFromInline package let du: Int64, dv: Int64
  /// The clamp of every step: two pixels before the image (−2³³) up to the
  /// highs the caller gives (a pixel past the image).
  @usableFromInline package let lowU: Int64, highU: Int64, lowV: Int64, highV: Int64

  /// A walk from (`u`, `v`) by (`du`, `dv`) a step, clamped to two pixels
  /// before the image and to `highU`, `highV` (which must be below 2⁶²).
  @inlinable package init(u: Int64, du: Int64, v: Int64, dv: Int64, highU: Int64, highV: Int64) {
    self.u = u
    self.du = du
    self.v = v
    self.dv = dv
    lowU = -(Int64(1) << 33)
    lowV = -(Int64(1) << 33)
    self.highU = highU
    self.highV = highV
  }

  /// Writes the next `count` steps' coordinate pairs to `coordinates` and
  /// moves past them. Nothing happens for `count ≤ 0`.
  @inlinable
  package mutating func write(_ coordinates: UnsafeMutablePointer<Int32>, count: Int) {
    let half = Int64(1) << 19
    var i = 0
    while i < count {
      let cu = u > lowU ? (u < highU ? u : highU) : lowU, cv = v > lowV ? (v < highV ? v : highV) : lowV
      coordinates[2 &* i] = Int32(truncatingIfNeeded: (cu &+ half) >> 20)
      coordinates[2 &* i &+ 1] = Int32(truncatingIfNeeded: (cv &+ half) >> 20)
      u &+= du
      v &+= dv
      i &+= 1
    }
  }

  /// Moves past `count` steps without writing them.
  @inlinable
  package mutating func skip(_ count: Int) {
    u &+= du &* Int64(truncatingIfNeeded: count)
    v &+= dv &* Int64(truncatingIfNeeded: count)
  }
}
