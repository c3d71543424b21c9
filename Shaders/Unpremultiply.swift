// SPDX-License-Identifier: Apache-2.0
// unpremultiply: premultiplied RGBA8 to straight-alpha RGBA8, in place.

/// Converts `count` premultiplied RGBA8 pixels to straight alpha in place:
/// `c' = round(c × 255 / a)`, clamped to 255; fully transparent pixels become
/// (0, 0, 0, 0). Exact integer division: identical on every machine.
///
/// Four pixels at a time: a group whose alphas are all 255 (most of a frame)
/// is left as it is after one vector compare, a group whose alphas are all 0
/// is cleared with one store; only mixed groups divide pixel by pixel.
/// Byte-identical to ``unpremultiplyScalar(_:count:)``.
@inlinable
package func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
  typealias Words = SIMD4<UInt32>
  let alphaMask = Words(repeating: 0xFF00_0000)
  let raw = UnsafeMutableRawPointer(pixels)
  var x = 0
  while x + 4 <= count {
    let alpha = raw.loadUnaligned(fromByteOffset: 4 * x, as: Words.self) & alphaMask
    if alpha == alphaMask {
      // All opaque: nothing to do.
    } else if alpha == Words(repeating: 0) {
      raw.storeBytes(of: Words(repeating: 0), toByteOffset: 4 * x, as: Words.self)
    } else {
      unpremultiplyScalar(pixels + 4 * x, count: 4)
    }
    x += 4
  }
  unpremultiplyScalar(pixels + 4 * x, count: count - x)
}

/// The scalar reference of ``unpremultiply(_:count:)``, kept as its oracle.
@inlinable
package func unpremultiplyScalar(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
  for x in 0..<Swift.max(count, 0) {
    let a = UInt32(pixels[4 * x + 3])
    if a == 255 { continue }
    if a == 0 {
      pixels[4 * x] = 0
      pixels[4 * x + 1] = 0
      pixels[4 * x + 2] = 0
      continue
    }
    for channel in 0..<3 {
      let c = UInt32(pixels[4 * x + channel])
      pixels[4 * x + channel] = UInt8(Swift.min(255, (c * 255 + a / 2) / a))
    }
  }
}
