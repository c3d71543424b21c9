// SPDX-License-Identifier: Apache-2.0
// The blend kernels the renderer calls: AVX2 twins where the CPU has them, else the portable ones.

import CZoetropeKernels

/// (Package types whose `@inlinable` members other modules call are
/// `@usableFromInline`: without it Swift 6.3 calls those members out of line
/// across modules, one call per edge pixel.)
///
/// The entry points the renderer blends through. Each one runs the AVX2 twin
/// of a portable kernel (C, compiled for AVX2 function by function, chosen
/// once per process by CPU feature) when ``usesAVX2`` is true and the run is
/// long enough to fill a 256-bit register, else the portable Swift SIMD
/// kernel. Both give the same bytes (tests compare them over many lengths and
/// offsets), so which one runs changes speed only.
@usableFromInline package enum BlendKernels {
  /// True when this CPU has AVX2 and `ZOETROPE_KERNELS=portable` is not set.
  @usableFromInline package static let usesAVX2 = zk_prefers_avx2() != 0

  /// True when this CPU can run the AVX2 kernels at all (the tests' guard).
  package static let avx2Available = zk_cpu_has_avx2() != 0

  /// True when ``usesAVX2`` is, this CPU has AVX-512 (F, BW, VBMI) and
  /// `ZOETROPE_KERNELS` is not `avx2`: translucent runs of one colour, and
  /// runs of one colour under varying coverage, then blend sixteen pixels a
  /// step.
  @usableFromInline package static let usesAVX512 = usesAVX2 && zk_prefers_avx512() != 0 && avx512Available

  /// True when this CPU can run the AVX-512 kernels at all (the tests' guard).
  package static let avx512Available = zk_prepare_avx512() != 0

  /// ``fillSolidRun(_:count:coverage:context:)``, wide where it pays. Nothing
  /// happens for `count ≤ 0`.
  @inlinable @inline(__always)
  package static func fillSolidRun(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, coverage: UInt8,
                                   context: FillSolidContext) {
    if count >= 8, usesAVX2 {
      let source = weightedSource(context, coverage: coverage)
      if source >> 24 == 255 {
        zk_fill_pixels_avx2(pixels, count, source)
      } else if usesAVX512 {
        zk_fill_solid_run_avx512(pixels, count, source)
      } else {
        zk_fill_solid_run_avx2(pixels, count, source)
      }
    } else {
      ZoetropeShaders.fillSolidRun(pixels, count: count, coverage: coverage, context: context)
    }
  }

  /// ``fillPixels(_:count:word:)`` for a whole band.
  @inlinable @inline(__always)
  package static func fillBand(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, word: UInt32) {
    if count >= 4096, usesAVX2 {
      zk_fill_pixels_string(pixels, count, word)
    } else {
      fillPixels(pixels, count: count, word: word)
    }
  }

  /// ``fillSolid(_:coverage:count:context:)``, wide where it pays. Nothing
  /// happens for `count ≤ 0`.
  @inlinable @inline(__always)
  package static func fillSolid(_ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int,
                                context: FillSolidContext) {
    if count >= 4, usesAVX512 {
      zk_fill_solid_avx512(pixels, coverage, count, word(context.color))
    } else if count >= 8, usesAVX2 {
      zk_fill_solid_avx2(pixels, coverage, count, word(context.color))
    } else {
      ZoetropeShaders.fillSolid(pixels, coverage: coverage, count: count, context: context)
    }
  }

  /// ``sourceOverRow(_:source:coverage:count:)``, wide where it pays. Nothing
  /// happens for `count ≤ 0`.
  @inlinable @inline(__always)
  package static func sourceOverRow(_ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>,
                                    coverage: UnsafePointer<UInt8>, count: Int) {
    if count >= 8, usesAVX2 {
      zk_source_over_row_avx2(pixels, source, coverage, count)
    } else {
      ZoetropeShaders.sourceOverRow(pixels, source: source, coverage: coverage, count: count)
    }
  }

  /// The weighted source word of a run, `div255(color × coverage)` per
  /// channel, R in the low byte. An opaque one (alpha 255) is a plain store.
  @inlinable @inline(__always)
  package static func weightedSource(_ context: FillSolidContext, coverage: UInt8) -> UInt32 {
    let c = context.color, k = UInt32(coverage)
    return div255(c[0] * k) | div255(c[1] * k) << 8 | div255(c[2] * k) << 16 | div255(c[3] * k) << 24
  }

  /// A premultiplied colour as one little-endian word, R in the low byte.
  @inlinable @inline(__always)
  package static func word(_ color: SIMD4<UInt32>) -> UInt32 {
    color[0] | color[1] << 8 | color[2] << 16 | color[3] << 24
  }
}

/// One colour's blends, with what every run of it shares worked out once:
/// the kernel choice, the source word at full coverage (a shape's interior)
/// and the colour's lane pairs for single edge pixels. The same bytes as
/// ``BlendKernels`` and the portable kernels for every run.
@usableFromInline package struct SolidBlend {
  @usableFromInline let context: FillSolidContext
  @usableFromInline let usesAVX2: Bool
  @usableFromInline let usesAVX512: Bool
  /// The source word at full coverage: `div255(c × 255) = c`, so the colour itself.
  @usableFromInline let fullSource: UInt32
  /// Red/blue and green/alpha of the colour in 16-bit lanes.
  @usableFromInline let colorRB: UInt32, colorGA: UInt32
  /// Whether the colour is premultiplied (no channel above its alpha),
  /// as the AVX-512 kernels require: they give any other colour to the AVX2
  /// ones, whose lanes carry where a channel's sum passes 255.
  @usableFromInline package let isPremultiplied: Bool

  /// The blends of `context`'s colour.
  @inlinable @inline(__always) package init(_ context: FillSolidContext) {
    self.context = context
    usesAVX2 = BlendKernels.usesAVX2
    usesAVX512 = BlendKernels.usesAVX512
    fullSource = BlendKernels.word(context.color)
    colorRB = context.color[0] | context.color[2] << 16
    colorGA = context.color[1] | context.color[3] << 16
    let color = context.color
    isPremultiplied = color[0] <= color[3] && color[1] <= color[3] && color[2] <= color[3]
  }

  /// The colour as one word, for a resolve that blends each stretch of
  /// cells as it resolves them (`zk_resolve_fill_solid_avx512` or `_avx2`):
  /// `nil` where those kernels do not give this colour the bytes of
  /// ``fill(_:coverage:count:)`` (no AVX2, or not premultiplied).
  @inlinable package var wordForResolvingBlend: UInt32? {
    usesAVX2 && isPremultiplied ? fullSource : nil
  }

  /// ``fillSolidRun(_:count:coverage:context:)`` of this colour. Nothing
  /// happens for `count ≤ 0`.
  @inlinable @inline(__always)
  package func fillRun(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, coverage: UInt8) {
    // (Runs of one to seven pixels too: the C kernels' four-pixel step and
    // plain stores take them in fewer instructions than the portable kernel.)
    if count > 0, usesAVX2 {
      let source = coverage == 255 ? fullSource : BlendKernels.weightedSource(context, coverage: coverage)
      if source >> 24 == 255 {
        zk_fill_pixels_avx2(pixels, count, source)
      } else if usesAVX512 {
        zk_fill_solid_run_avx512(pixels, count, source)
      } else {
        zk_fill_solid_run_avx2(pixels, count, source)
      }
    } else {
      ZoetropeShaders.fillSolidRun(pixels, count: count, coverage: coverage, context: context)
    }
  }

  /// `rows` rows of a rectangle that share their coverage, `stride` bytes
  /// apart from `pixels` (the first row's left side pixel), in one call
  /// where the AVX-512 or AVX2 kernels run: in each row,
  /// ``fill(_:coverage:)`` of the left side pixel under `left`,
  /// ``fillRun(_:count:coverage:)`` of the `interiorCount` pixels after it
  /// under `interior` (none when it is 0), and ``fill(_:coverage:)`` of the
  /// right side pixel after those under `right` — the same bytes. Returns
  /// false, touching nothing, where the kernels do not run or do not take
  /// the colour (the caller then blends row by row).
  @inlinable @inline(__always)
  package func fillRectangleRows(_ pixels: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, interiorCount: Int,
                                 left: UInt8, interior: UInt8, right: UInt8) -> Bool {
    if usesAVX512,
      zk_fill_rectangle_rows_avx512(pixels, stride, rows, interiorCount, left, interior, right, fullSource) != 0
    {
      return true
    }
    return usesAVX2
      && zk_fill_rectangle_rows_avx2(pixels, stride, rows, interiorCount, left, interior, right, fullSource) != 0
  }

  /// ``fillSolid(_:coverage:count:context:)`` of this colour for one pixel
  /// (a side of a rectangle), inline: the same word arithmetic as the runs.
  @inlinable @inline(__always)
  package func fill(_ pixel: UnsafeMutablePointer<UInt8>, coverage: UInt8) {
    let raw = UnsafeMutableRawPointer(pixel)
    raw.storeBytes(of: blendWord(raw.loadUnaligned(as: UInt32.self), UInt32(coverage), colorRB, colorGA),
                   as: UInt32.self)
  }

  /// ``fillSolid(_:coverage:count:context:)`` of this colour: runs of one to
  /// three pixels (a shape's edges) one word at a time. Nothing happens for
  /// `count ≤ 0`.
  @inlinable @inline(__always)
  package func fill(_ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int) {
    if count < 4 {
      for x in 0..<Swift.max(count, 0) {
        let raw = UnsafeMutableRawPointer(pixels + 4 &* x)
        raw.storeBytes(of: blendWord(raw.loadUnaligned(as: UInt32.self), UInt32(coverage[x]), colorRB, colorGA),
                       as: UInt32.self)
      }
    } else if usesAVX512 {
      zk_fill_solid_avx512(pixels, coverage, count, fullSource)
    } else if usesAVX2 {
      // Four to seven pixels too: one 128-bit step and a word at a time,
      // in half the instructions of the portable kernel's.
      zk_fill_solid_avx2(pixels, coverage, count, fullSource)
    } else {
      ZoetropeShaders.fillSolid(pixels, coverage: coverage, count: count, context: context)
    }
  }
}

/// The AVX2 twin of ``fillSolidRun(_:count:coverage:context:)`` alone (for
/// the identity tests): the plain store of an opaque run, else the blend. Requires ``BlendKernels/avx2Available``.
package func fillSolidRunAVX2(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, coverage: UInt8,
                              context: FillSolidContext) {
  fillSolidRunWide(pixels, count: count, coverage: coverage, context: context, translucent: zk_fill_solid_run_avx2)
}

/// The AVX-512 twin of ``fillSolidRun(_:count:coverage:context:)`` alone
/// (for the identity tests): the blend of a translucent run, or the AVX2
/// plain store of an opaque one. Requires ``BlendKernels/avx512Available``.
package func fillSolidRunAVX512(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, coverage: UInt8,
                                context: FillSolidContext) {
  fillSolidRunWide(pixels, count: count, coverage: coverage, context: context, translucent: zk_fill_solid_run_avx512)
}

/// A run through the C kernels: the AVX2 plain store when the weighted
/// colour is opaque, else `translucent`.
private func fillSolidRunWide(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, coverage: UInt8,
                              context: FillSolidContext,
                              translucent: (UnsafeMutablePointer<UInt8>?, Int, UInt32) -> Void) {
  let source = BlendKernels.weightedSource(context, coverage: coverage)
  if source >> 24 == 255 {
    zk_fill_pixels_avx2(pixels, count, source)
  } else {
    translucent(pixels, count, source)
  }
}

/// The AVX-512 rectangle rows (``SolidBlend/fillRectangleRows(_:stride:rows:interiorCount:left:interior:right:)``)
/// alone, for the identity tests: whether the kernel took them. Requires
/// ``BlendKernels/avx512Available``.
package func fillRectangleRowsAVX512(_ pixels: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, interiorCount: Int,
                                     left: UInt8, interior: UInt8, right: UInt8, context: FillSolidContext) -> Bool {
  zk_fill_rectangle_rows_avx512(pixels, stride, rows, interiorCount, left, interior, right,
                                BlendKernels.word(context.color)) != 0
}

/// The AVX2 kernel of ``SolidBlend/fillRectangleRows(_:stride:rows:interiorCount:left:interior:right:)``
/// alone (for the identity tests); false where it does not take the
/// colour. Requires ``BlendKernels/avx2Available``.
package func fillRectangleRowsAVX2(_ pixels: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, interiorCount: Int,
                                   left: UInt8, interior: UInt8, right: UInt8, context: FillSolidContext) -> Bool {
  zk_fill_rectangle_rows_avx2(pixels, stride, rows, interiorCount, left, interior, right,
                              BlendKernels.word(context.color)) != 0
}

/// The string store of a band's background alone (for the identity
/// tests): ``fillPixels(_:count:word:)``'s bytes, on any CPU.
package func fillPixelsString(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, word: UInt32) {
  zk_fill_pixels_string(pixels, count, word)
}

/// The AVX2 twin of ``fillSolid(_:coverage:count:context:)`` alone (for the
/// identity tests). Requires ``BlendKernels/avx2Available``.
package func fillSolidAVX2(_ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int,
                           context: FillSolidContext) {
  zk_fill_solid_avx2(pixels, coverage, count, BlendKernels.word(context.color))
}

/// The AVX-512 twin of ``fillSolid(_:coverage:count:context:)`` alone (for
/// the identity tests). Requires ``BlendKernels/avx512Available``.
package func fillSolidAVX512(_ pixels: UnsafeMutablePointer<UInt8>, coverage: UnsafePointer<UInt8>, count: Int,
                             context: FillSolidContext) {
  zk_fill_solid_avx512(pixels, coverage, count, BlendKernels.word(context.color))
}

/// The AVX2 twin of ``sourceOverRow(_:source:coverage:count:)`` alone (for
/// the identity tests). Requires ``BlendKernels/avx2Available``.
package func sourceOverRowAVX2(_ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>,
                               coverage: UnsafePointer<UInt8>, count: Int) {
  zk_source_over_row_avx2(pixels, source, coverage, count)
}
