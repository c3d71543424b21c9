// SPDX-License-Identifier: Apache-2.0
// fillSolidRun: source-over of one colour at one coverage over a run of pixels.

/// Blends `context.color` at one coverage value over `count` premultiplied
/// RGBA8 pixels — the interior runs of a shape, where coverage is constant.
///
///     s = div255(color × coverage)     (once per run)
///     d = s + div255(d × (255 − s.a))  (per pixel)
///
/// Byte-identical to ``fillSolidScalar(_:coverage:count:context:)`` with every
/// coverage byte equal to `coverage`. An opaque result (`s.a == 255`) is a plain
/// store, chosen once per run — no per-pixel branch.
@inlinable
package func fillSolidRun(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, coverage: UInt8, context: FillSolidContext) {
  typealias Words = SIMD4<UInt32>
  typealias Halves = SIMD8<UInt16>
  let c = context.color, k = UInt32(coverage)
  let s = SIMD4(div255(c[0] * k), div255(c[1] * k), div255(c[2] * k), div255(c[3] * k))
  let word = s[0] | s[1] << 8 | s[2] << 16 | s[3] << 24
  if s[3] == 255 {
    // Opaque: the result is the source, whatever was there.
    let raw = UnsafeMutableRawPointer(pixels)
    var x = 0
    let words = Words(repeating: word)
    while x + 4 <= count {
      raw.storeBytes(of: words, toByteOffset: 4 * x, as: Words.self)
      x += 4
    }
    while x < count {
      raw.storeBytes(of: word, toByteOffset: 4 * x, as: UInt32.self)
      x += 1
    }
    return
  }
  // Eight pixels per step as two independent four-pixel vectors (the CPU
  // overlaps their multiplies), then four, then one at a time.
  typealias Words8 = SIMD8<UInt32>
  typealias Halves16 = SIMD16<UInt16>
  // Green and alpha are worked out in the high bytes of their 16-bit lanes:
  // div255(y) << 8 is (y + 128 + ((y + 128) >> 8)) with the low byte cleared,
  // one operation instead of a shift down and a shift back up.
  let sourceRB8 = unsafeBitCast(Words8(repeating: s[0] | s[2] << 16), to: Halves16.self)
  let sourceGAHigh8 = unsafeBitCast(Words8(repeating: (s[1] | s[3] << 16) << 8), to: Halves16.self)
  let inverse8 = Halves16(repeating: UInt16(255 - s[3]))
  let low8 = Words8(repeating: 0x00FF_00FF)
  let highBytes8 = Halves16(repeating: 0xFF00), half8 = Halves16(repeating: 128)
  var x = 0
  // Wrapping index arithmetic: `x + 8` cannot overflow below `count`, and
  // checked adds cost the loop a third of its bookkeeping.
  while x &+ 8 <= count {
    let d = UnsafeRawPointer(pixels + 4 &* x).loadUnaligned(as: Words8.self)
    let rb = sourceRB8 &+ div255(unsafeBitCast(d & low8, to: Halves16.self) &* inverse8)
    let ga = unsafeBitCast(d, to: Halves16.self) &>> 8 &* inverse8 &+ half8
    let gaHigh = ((ga &+ (ga &>> 8)) & highBytes8) &+ sourceGAHigh8
    UnsafeMutableRawPointer(pixels + 4 &* x).storeBytes(of: unsafeBitCast(rb | gaHigh, to: Words8.self),
                                                        as: Words8.self)
    x &+= 8
  }
  let sourceRB = unsafeBitCast(Words(repeating: s[0] | s[2] << 16), to: Halves.self)
  let sourceGA = unsafeBitCast(Words(repeating: s[1] | s[3] << 16), to: Halves.self)
  let inverse = Halves(repeating: UInt16(255 - s[3]))
  let low = Words(repeating: 0x00FF_00FF)
  while x + 4 <= count {
    let d = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: Words.self)
    let rb = unsafeBitCast(sourceRB &+ div255(unsafeBitCast(d & low, to: Halves.self) &* inverse), to: Words.self)
    let ga = unsafeBitCast(sourceGA &+ div255(unsafeBitCast((d &>> 8) & low, to: Halves.self) &* inverse),
                           to: Words.self)
    UnsafeMutableRawPointer(pixels + 4 * x).storeBytes(of: rb | (ga &<< 8), as: Words.self)
    x += 4
  }
  while x < count {
    for channel in 0..<4 {
      let d = UInt32(pixels[4 * x + channel])
      pixels[4 * x + channel] = UInt8(truncatingIfNeeded: s[channel] + div255(d * (255 - s[3])))
    }
    x += 1
  }
}
