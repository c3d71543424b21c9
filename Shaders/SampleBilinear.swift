// SPDX-License-Identifier: Apache-2.0
// sampleBilinear: premultiplied bilinear interpolation of an image at fixed-point coordinates.

/// Writes `count` premultiplied RGBA8 pixels to `destination`, each the
/// bilinear interpolation of the four image pixels around its coordinate
/// pair (`coordinates[2i]`, `coordinates[2i + 1]`, 20.12 fixed point; see
/// ``SampleImageContext``), edge pixels extended outwards. Per channel, in
/// `Float`, in this order:
///
///     wx, wy = the coordinate's fractions / 4096
///     top = c00 + (c10 − c00) wx,   bottom = c01 + (c11 − c01) wx
///     c   = nearest integer (ties to even) to top + (bottom − top) wy, at most the pixel's alpha
///
/// `top` and `bottom` are exact (integers over 4096 below 2²⁰); the last
/// line carries Float's relative error of 2⁻²⁴, a hundred-thousandth of a
/// level. A coordinate on a pixel centre gives that pixel exactly.
///
/// Four pixels per step, channel by channel in `SIMD4<Float>` lanes (one
/// lane per pixel): the lanes do the very operations of the scalar twin in
/// the same order — IEEE single precision, no fused multiply-add — so the
/// bytes equal ``sampleBilinearScalar(_:coordinates:count:context:)``'s on
/// every machine. Integers become floats and back by the magic-number trick
/// (`bits(n | 0x4B000000) − 2²³`; `v + 1.5 × 2²³` rounds to an integer in the
/// low mantissa bits), which is plain SSE2 vector arithmetic: the standard
/// library's vector conversions were generic per-element loops that took
/// 70 % of render/images_1920x1080, and 32-bit integer multiplies are not
/// baseline SSE2. The four pixels' loads are scalar (a gather).
@inlinable
package func sampleBilinear(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  typealias Floats = SIMD4<Float>
  typealias Words = SIMD4<UInt32>
  let lastX = context.width &- 1, lastY = context.height &- 1
  let pixels = context.pixels
  let stride = Int(context.width)
  let exponent = Words(repeating: 0x4B00_0000), two23 = Floats(repeating: 8_388_608)
  let round = Floats(repeating: 12_582_912), roundBits = Words(repeating: 0x4B40_0000)
  let low = Words(repeating: 255), fraction = Floats(repeating: 1.0 / 4096)
  // Unsigned compares (`x0 < lastX` as UInt32) test 0 ≤ x0 < lastX at once.
  @inline(__always) func float(_ v: Words) -> Floats { unsafeBitCast(v | exponent, to: Floats.self) - two23 }
  @inline(__always) func channel(_ words: Words, _ shift: UInt32) -> Floats { float((words &>> shift) & low) }
  @inline(__always) func integer(_ v: Floats) -> Words { unsafeBitCast(v + round, to: Words.self) &- roundBits }
  /// One pixel's four neighbours and fractions, as scalars, clamped at the edges.
  @inline(__always) func gather(_ n: Int) -> (SIMD2<UInt32>, SIMD2<UInt32>) {
    let x = coordinates[2 &* n], y = coordinates[2 &* n &+ 1]
    let x0 = x &>> 12, y0 = y &>> 12
    // Clamp both columns and both rows into the image (selects, not branches).
    let xa = x0 < 0 ? 0 : (x0 > lastX ? lastX : x0)
    let xb = x0 &+ 1 < 0 ? 0 : (x0 &+ 1 > lastX ? lastX : x0 &+ 1)
    let ya = y0 < 0 ? 0 : (y0 > lastY ? lastY : y0)
    let yb = y0 &+ 1 < 0 ? 0 : (y0 &+ 1 > lastY ? lastY : y0 &+ 1)
    let top = pixels + Int(ya) &* stride, bottom = pixels + Int(yb) &* stride
    return (SIMD2(top[Int(xa)], top[Int(xb)]), SIMD2(bottom[Int(xa)], bottom[Int(xb)]))
  }
  /// The same inside the image: each row's two neighbours in one 8-byte load.
  @inline(__always) func gatherInside(_ x0: Int32, _ y0: Int32) -> (SIMD2<UInt32>, SIMD2<UInt32>) {
    let p = UnsafeRawPointer(pixels + (Int(y0) &* stride &+ Int(x0)))
    return (p.loadUnaligned(as: SIMD2<UInt32>.self), p.loadUnaligned(fromByteOffset: 4 &* stride, as: SIMD2<UInt32>.self))
  }
  let insideX = UInt32(bitPattern: lastX), insideY = UInt32(bitPattern: lastY)
  var i = 0
  while i &+ 4 <= count {
    let pairs = UnsafeRawPointer(coordinates + 2 &* i).loadUnaligned(as: SIMD8<Int32>.self)
    let xs = pairs.evenHalf, ys = pairs.oddHalf
    let x0 = xs &>> 12, y0 = ys &>> 12
    let fx = Words(truncatingIfNeeded: xs & 4095), fy = Words(truncatingIfNeeded: ys & 4095)
    // Vectors are built from whole values at once (lanes written one by one
    // went through the stack and stalled on every reload). Pixels whose four
    // neighbours are all inside the image — nearly all of them — skip the clamps.
    var rows0: (SIMD2<UInt32>, SIMD2<UInt32>), rows1: (SIMD2<UInt32>, SIMD2<UInt32>)
    var rows2: (SIMD2<UInt32>, SIMD2<UInt32>), rows3: (SIMD2<UInt32>, SIMD2<UInt32>)
    let ux = Words(truncatingIfNeeded: x0), uy = Words(truncatingIfNeeded: y0)
    if all(ux .< Words(repeating: insideX)) && all(uy .< Words(repeating: insideY)) {
      rows0 = gatherInside(x0[0], y0[0]); rows1 = gatherInside(x0[1], y0[1])
      rows2 = gatherInside(x0[2], y0[2]); rows3 = gatherInside(x0[3], y0[3])
    } else {
      rows0 = gather(i); rows1 = gather(i &+ 1); rows2 = gather(i &+ 2); rows3 = gather(i &+ 3)
    }
    let upper = SIMD8(lowHalf: SIMD4(lowHalf: rows0.0, highHalf: rows1.0), highHalf: SIMD4(lowHalf: rows2.0, highHalf: rows3.0))
    let lower = SIMD8(lowHalf: SIMD4(lowHalf: rows0.1, highHalf: rows1.1), highHalf: SIMD4(lowHalf: rows2.1, highHalf: rows3.1))
    let t00 = upper.evenHalf, t10 = upper.oddHalf, t01 = lower.evenHalf, t11 = lower.oddHalf
    let wx = float(fx) * fraction, wy = float(fy) * fraction
    @inline(__always) func sample(_ shift: UInt32) -> Floats {
      let c00 = channel(t00, shift), c10 = channel(t10, shift), c01 = channel(t01, shift), c11 = channel(t11, shift)
      let top = c00 + (c10 - c00) * wx, bottom = c01 + (c11 - c01) * wx
      return top + (bottom - top) * wy
    }
    let alpha = sample(24)
    // At most the alpha (a select: `pointwiseMin` was a call per vector).
    @inline(__always) func clamped(_ v: Floats) -> Floats { v.replacing(with: alpha, where: v .> alpha) }
    let red = clamped(sample(0)), green = clamped(sample(8)), blue = clamped(sample(16))
    let words = integer(red) | integer(green) &<< 8 | integer(blue) &<< 16 | integer(alpha) &<< 24
    UnsafeMutableRawPointer(destination + 4 &* i).storeBytes(of: words, as: Words.self)
    i &+= 4
  }
  if i < count {
    sampleBilinearScalar(destination + 4 &* i, coordinates: coordinates + 2 &* i, count: count &- i, context: context)
  }
}

/// The scalar reference of ``sampleBilinear(_:coordinates:count:context:)``:
/// the same Float operations, one channel at a time, kept as its oracle.
@inlinable
package func sampleBilinearScalar(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  for i in 0..<count {
    let x = coordinates[2 * i], y = coordinates[2 * i + 1]
    let x0 = x >> 12, y0 = y >> 12
    let wx = Float(x & 4095) * (1.0 / 4096), wy = Float(y & 4095) * (1.0 / 4096)
    let t00 = context.clampedPixel(x0, y0), t10 = context.clampedPixel(x0 + 1, y0)
    let t01 = context.clampedPixel(x0, y0 + 1), t11 = context.clampedPixel(x0 + 1, y0 + 1)
    func sample(_ shift: UInt32) -> Float {
      func c(_ t: UInt32) -> Float { Float(t >> shift & 255) }
      let top = c(t00) + (c(t10) - c(t00)) * wx, bottom = c(t01) + (c(t11) - c(t01)) * wx
      return top + (bottom - top) * wy
    }
    let alpha = sample(24)
    for channel in 0..<4 {
      let value = channel == 3 ? alpha : Swift.min(sample(UInt32(8 * channel)), alpha)
      // Nearest integer, ties to even: what adding 1.5 × 2²³ does in the vector lanes.
      destination[4 * i + channel] = UInt8(truncatingIfNeeded: Int32((value + 12_582_912) - 12_582_912))
    }
  }
}
