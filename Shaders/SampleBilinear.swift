// SPDX-License-Identifier: Apache-2.0
// sampleBilinear: premultiplied bilinear interpolation of an image at fixed-point coordinates.

/// Writes `count` premultiplied RGBA8 pixels to `destination`, each the
/// bilinear interpolation of the four image pixels around its coordinate
/// pair (`coordinates[2i]`, `coordinates[2i + 1]`, 20.12 fixed point; see
/// ``SampleImageContext``), edge pixels extended outwards:
///
///     fx, fy = the coordinate's fractions, 0…4095
///     w00 = (4096 − fx)(4096 − fy), w10 = fx (4096 − fy), w01 = (4096 − fx) fy, w11 = fx fy
///     c = ⌊(((c00 w00 + c10 w10) + c01 w01) + c11 w11 + 2²³) × 2⁻²⁴⌋     in Float, in this order
///
/// The weights are integers summing to 2²⁴ (each exact in a `Float`), so a
/// coordinate on a pixel centre gives that pixel exactly; the sums carry
/// Float's relative error of 2⁻²⁴, a hundred-thousandth of a level.
///
/// One pixel per step, its four channels in the lanes of a `SIMD4<Float>`:
/// the lanes do the very operations of the scalar twin in the same order
/// (IEEE single precision, no fused multiply-add), so the bytes equal
/// ``sampleBilinearScalar(_:coordinates:count:context:)``'s on every
/// machine. (32-bit integer multiplies are not baseline SSE2; float ones
/// are.) No per-pixel branch but the edge clamps, which compile to selects.
@inlinable
package func sampleBilinear(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  let width = context.width, height = context.height
  let lastX = width &- 1, lastY = height &- 1
  let pixels = context.pixels
  let stride = Int(width)
  let half = SIMD4<Float>(repeating: 8_388_608), unit = SIMD4<Float>(repeating: 1.0 / 16_777_216)
  let out = UnsafeMutableRawPointer(destination)
  @inline(__always) func channels(_ word: UInt32) -> SIMD4<Float> {
    SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(UInt32(littleEndian: word), to: SIMD4<UInt8>.self)))
  }
  for i in 0..<count {
    let x = coordinates[2 &* i], y = coordinates[2 &* i &+ 1]
    let x0 = x &>> 12, y0 = y &>> 12
    let fx = x & 4095, fy = y & 4095
    // Clamp both columns and both rows into the image (selects, not branches).
    let xa = x0 < 0 ? 0 : (x0 > lastX ? lastX : x0)
    let xb = x0 &+ 1 < 0 ? 0 : (x0 &+ 1 > lastX ? lastX : x0 &+ 1)
    let ya = y0 < 0 ? 0 : (y0 > lastY ? lastY : y0)
    let yb = y0 &+ 1 < 0 ? 0 : (y0 &+ 1 > lastY ? lastY : y0 &+ 1)
    let top = pixels + Int(ya) &* stride, bottom = pixels + Int(yb) &* stride
    let gx = 4096 &- fx, gy = 4096 &- fy
    let w00 = Float(gx &* gy), w10 = Float(fx &* gy), w01 = Float(gx &* fy), w11 = Float(fx &* fy)
    var sum = channels(top[Int(xa)]) * w00
    sum = sum + channels(top[Int(xb)]) * w10
    sum = sum + channels(bottom[Int(xa)]) * w01
    sum = sum + channels(bottom[Int(xb)]) * w11
    let value = SIMD4<Int32>((sum + half) * unit)
    let bytes = SIMD4<UInt8>(truncatingIfNeeded: value)
    out.storeBytes(of: unsafeBitCast(bytes, to: UInt32.self), toByteOffset: 4 &* i, as: UInt32.self)
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
    let fx = x & 4095, fy = y & 4095
    let t00 = context.clampedPixel(x0, y0), t10 = context.clampedPixel(x0 + 1, y0)
    let t01 = context.clampedPixel(x0, y0 + 1), t11 = context.clampedPixel(x0 + 1, y0 + 1)
    let w00 = Float((4096 - fx) * (4096 - fy)), w10 = Float(fx * (4096 - fy))
    let w01 = Float((4096 - fx) * fy), w11 = Float(fx * fy)
    for channel in 0..<4 {
      let shift = UInt32(8 * channel)
      func c(_ t: UInt32) -> Float { Float(t >> shift & 255) }
      var sum = c(t00) * w00
      sum = sum + c(t10) * w10
      sum = sum + c(t01) * w01
      sum = sum + c(t11) * w11
      destination[4 * i + channel] = UInt8(truncatingIfNeeded: Int32((sum + 8_388_608) * (1.0 / 16_777_216)))
    }
  }
}
