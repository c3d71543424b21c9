// SPDX-License-Identifier: Apache-2.0
// sampleBilinear: premultiplied bilinear interpolation of an image at fixed-point coordinates.

/// Writes `count` premultiplied RGBA8 pixels to `destination`, each the
/// bilinear interpolation of the four image pixels around its coordinate
/// pair (`coordinates[2i]`, `coordinates[2i + 1]`, 24.8 fixed point; see
/// ``SampleImageContext``), edge pixels extended outwards:
///
///     fx, fy = the coordinate's fractions, 0…255
///     c = (c00 (256 − fx)(256 − fy) + c10 fx (256 − fy) + c01 (256 − fx) fy + c11 fx fy + 32768) >> 16
///
/// The weights sum to 65,536, so a coordinate on a pixel centre gives that
/// pixel exactly, and premultiplied colours stay ≤ their alpha.
///
/// One pixel per step, its four channels in the lanes of a `SIMD4<Float>`:
/// every product and partial sum is an integer below 2²⁴ (at most
/// 255 × 65,536), so single-precision arithmetic is exact and the result
/// equals the integer formula of ``sampleBilinearScalar(_:coordinates:count:context:)``
/// byte for byte, whatever the compiler fuses or reorders. (32-bit integer
/// multiplies are not baseline SSE2; float multiplies are.) No per-pixel
/// branch but the edge clamps, which compile to selects.
@inlinable
package func sampleBilinear(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  let width = context.width, height = context.height
  let lastX = width &- 1, lastY = height &- 1
  let pixels = context.pixels
  let stride = Int(width)
  let half = SIMD4<Float>(repeating: 32768), unit = SIMD4<Float>(repeating: 1.0 / 65536)
  let out = UnsafeMutableRawPointer(destination)
  @inline(__always) func channels(_ word: UInt32) -> SIMD4<Float> {
    SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(UInt32(littleEndian: word), to: SIMD4<UInt8>.self)))
  }
  for i in 0..<count {
    let x = coordinates[2 &* i], y = coordinates[2 &* i &+ 1]
    let x0 = x &>> 8, y0 = y &>> 8
    let fx = x & 255, fy = y & 255
    // Clamp both columns and both rows into the image (selects, not branches).
    let xa = x0 < 0 ? 0 : (x0 > lastX ? lastX : x0)
    let xb = x0 &+ 1 < 0 ? 0 : (x0 &+ 1 > lastX ? lastX : x0 &+ 1)
    let ya = y0 < 0 ? 0 : (y0 > lastY ? lastY : y0)
    let yb = y0 &+ 1 < 0 ? 0 : (y0 &+ 1 > lastY ? lastY : y0 &+ 1)
    let top = pixels + Int(ya) &* stride, bottom = pixels + Int(yb) &* stride
    let gx = 256 &- fx, gy = 256 &- fy
    let w00 = Float(gx &* gy), w10 = Float(fx &* gy), w01 = Float(gx &* fy), w11 = Float(fx &* fy)
    var sum = channels(top[Int(xa)]) * w00
    sum += channels(top[Int(xb)]) * w10
    sum += channels(bottom[Int(xa)]) * w01
    sum += channels(bottom[Int(xb)]) * w11
    let value = SIMD4<Int32>((sum + half) * unit)
    let bytes = SIMD4<UInt8>(truncatingIfNeeded: value)
    out.storeBytes(of: unsafeBitCast(bytes, to: UInt32.self), toByteOffset: 4 &* i, as: UInt32.self)
  }
}

/// The scalar reference of ``sampleBilinear(_:coordinates:count:context:)``,
/// in integers, kept as its oracle.
@inlinable
package func sampleBilinearScalar(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  for i in 0..<count {
    let x = coordinates[2 * i], y = coordinates[2 * i + 1]
    let x0 = x >> 8, y0 = y >> 8
    let fx = UInt32(x & 255), fy = UInt32(y & 255)
    let t00 = context.clampedPixel(x0, y0), t10 = context.clampedPixel(x0 + 1, y0)
    let t01 = context.clampedPixel(x0, y0 + 1), t11 = context.clampedPixel(x0 + 1, y0 + 1)
    for channel in 0..<4 {
      let shift = UInt32(8 * channel)
      let c00 = t00 >> shift & 255, c10 = t10 >> shift & 255, c01 = t01 >> shift & 255, c11 = t11 >> shift & 255
      let sum = c00 * (256 - fx) * (256 - fy) + c10 * fx * (256 - fy) + c01 * (256 - fx) * fy + c11 * fx * fy
      destination[4 * i + channel] = UInt8((sum + 32768) >> 16)
    }
  }
}
