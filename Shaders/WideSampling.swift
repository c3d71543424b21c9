// SPDX-License-Identifier: Apache-2.0
// The sampling kernels the renderer calls: the AVX2 bilinear kernel where the CPU has it, else the portable one.

import CZoetropeKernels

/// The sampling entry points of image paints. ``bilinear(_:coordinates:count:context:)``
/// runs the AVX2 twin of ``sampleBilinear(_:coordinates:count:context:)``
/// (eight pixels a step) for whole groups of eight when
/// ``BlendKernels/usesAVX2`` is true, and the portable kernel for the rest;
/// both give the same bytes, so which one runs changes speed only.
@usableFromInline package enum SampleKernels {
  /// The largest grid the AVX2 kernel takes: it indexes pixels with signed
  /// 32-bit lanes.
  @usableFromInline static let maximumWidePixels = Int(Int32.max)

  /// Whether the AVX2 kernels should sample `count` pixels of `context`.
  @inlinable @inline(__always)
  static func usesWide(count: Int, context: SampleImageContext) -> Bool {
    count >= 8 && BlendKernels.usesAVX2 && Int(context.width) * Int(context.height) <= maximumWidePixels
  }

  /// ``sampleBilinear(_:coordinates:count:context:)``, wide where it pays.
  /// Nothing happens for `count ≤ 0`.
  @inlinable @inline(__always)
  package static func bilinear(_ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>,
                               count: Int, context: SampleImageContext) {
    bilinear(destination, coordinates: coordinates, count: count, context: context,
             wide: usesWide(count: count, context: context))
  }

  /// ``sampleBilinear(_:coordinates:count:context:)`` at the next `count`
  /// steps of `walk`: the AVX2 kernel computes whole groups of eight steps
  /// in its registers; the rest (and everything on the portable path) goes
  /// through `coordinates`, scratch room for `2 × count` values. The same
  /// bytes as writing the walk's coordinates and sampling them. Nothing
  /// happens for `count ≤ 0`.
  @inlinable @inline(__always)
  package static func bilinear(_ destination: UnsafeMutablePointer<UInt8>, walk: SampleWalk, count: Int,
                               coordinates: UnsafeMutablePointer<Int32>, context: SampleImageContext) {
    bilinear(destination, walk: walk, count: count, coordinates: coordinates, context: context,
             wide: usesWide(count: count, context: context))
  }

  /// The whole groups of eight by the AVX2 kernel when `wide`, the rest by the portable one.
  @inlinable @inline(__always)
  static func bilinear(_ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>,
                       count: Int, context: SampleImageContext, wide: Bool) {
    let done = wide
      ? zk_sample_bilinear_avx2(destination, coordinates, count, context.pixels, context.width, context.height) : 0
    if done < count {
      sampleBilinear(destination + 4 &* done, coordinates: coordinates + 2 &* done, count: count &- done,
                     context: context)
    }
  }

  /// The walk's whole groups of eight by the AVX2 walk kernel when `wide`,
  /// the rest written out and sampled by the portable kernel.
  @inlinable @inline(__always)
  static func bilinear(_ destination: UnsafeMutablePointer<UInt8>, walk: SampleWalk, count: Int,
                       coordinates: UnsafeMutablePointer<Int32>, context: SampleImageContext, wide: Bool) {
    var done = 0
    var rest = walk
    if wide {
      var steps = zk_walk(u: walk.u, du: walk.du, v: walk.v, dv: walk.dv,
                          lowU: walk.lowU, highU: walk.highU, lowV: walk.lowV, highV: walk.highV)
      done = zk_sample_bilinear_walk_avx2(destination, count, &steps, context.pixels, context.width, context.height)
      rest.skip(done)
    }
    guard done < count else { return }
    rest.write(coordinates, count: count &- done)
    sampleBilinear(destination + 4 &* done, coordinates: coordinates, count: count &- done, context: context)
  }
}

/// The AVX2 twin of ``SampleKernels/bilinear(_:walk:count:coordinates:context:)``
/// alone (for the identity tests): whole groups of eight by the AVX2 walk
/// kernel, the rest by the portable path. Requires ``BlendKernels/avx2Available``.
package func sampleBilinearWalkAVX2(_ destination: UnsafeMutablePointer<UInt8>, walk: SampleWalk, count: Int,
                                    coordinates: UnsafeMutablePointer<Int32>, context: SampleImageContext) {
  SampleKernels.bilinear(destination, walk: walk, count: count, coordinates: coordinates, context: context, wide: true)
}

/// The AVX2 twin of ``sampleBilinear(_:coordinates:count:context:)`` alone
/// (for the identity tests): the whole groups of eight by the AVX2 kernel,
/// the rest by the portable one. Requires ``BlendKernels/avx2Available``.
package func sampleBilinearAVX2(_ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>,
                                count: Int, context: SampleImageContext) {
  SampleKernels.bilinear(destination, coordinates: coordinates, count: count, context: context, wide: true)
}
