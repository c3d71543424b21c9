// SPDX-License-Identifier: Apache-2.0
// sampleNearest: the image pixel nearest to each fixed-point coordinate.

/// Writes `count` premultiplied RGBA8 pixels to `destination`, each the
/// image pixel whose area holds its coordinate pair (20.12 fixed point, see
/// ``SampleImageContext``): column `(x + 2048) >> 12`, row `(y + 2048) >> 12`,
/// clamped to the image. A point exactly between two pixels takes the
/// right (lower) one.
///
/// Four pixels per step: their indices in a `SIMD4<Int32>` (add, shift and
/// clamp in lanes), then four loads and one 16-byte store. Byte-identical to
/// ``sampleNearestScalar(_:coordinates:count:context:)``.
@inlinable
package func sampleNearest(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  typealias Lanes = SIMD4<Int32>
  let lastX = Lanes(repeating: context.width &- 1), lastY = Lanes(repeating: context.height &- 1)
  let zero = Lanes(repeating: 0), half = Lanes(repeating: 2048)
  let stride = Lanes(repeating: context.width)
  let pixels = context.pixels
  let out = UnsafeMutableRawPointer(destination)
  var i = 0
  while i &+ 4 <= count {
    let pairs = UnsafeRawPointer(coordinates + 2 &* i).loadUnaligned(as: SIMD8<Int32>.self)
    let x = (pairs.evenHalf &+ half) &>> 12, y = (pairs.oddHalf &+ half) &>> 12
    let cx = x.clamped(lowerBound: zero, upperBound: lastX), cy = y.clamped(lowerBound: zero, upperBound: lastY)
    let index = cy &* stride &+ cx
    let words = SIMD4<UInt32>(pixels[Int(index[0])], pixels[Int(index[1])], pixels[Int(index[2])],
                              pixels[Int(index[3])])
    out.storeBytes(of: words, toByteOffset: 4 &* i, as: SIMD4<UInt32>.self)
    i &+= 4
  }
  if i < count {
    sampleNearestScalar(destination + 4 &* i, coordinates: coordinates + 2 &* i, count: count &- i, context: context)
  }
}

/// The scalar reference of ``sampleNearest(_:coordinates:count:context:)``.
@inlinable
package func sampleNearestScalar(
  _ destination: UnsafeMutablePointer<UInt8>, coordinates: UnsafePointer<Int32>, count: Int,
  context: SampleImageContext
) {
  for i in 0..<count {
    let word = context.clampedPixel((coordinates[2 * i] + 2048) >> 12, (coordinates[2 * i + 1] + 2048) >> 12)
    for channel in 0..<4 { destination[4 * i + channel] = UInt8(truncatingIfNeeded: word >> UInt32(8 * channel)) }
  }
}
