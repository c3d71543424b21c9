// SPDX-License-Identifier: Apache-2.0
// unpremultiply: premultiplied RGBA8 to straight-alpha RGBA8, in place.

/// Converts `count` premultiplied RGBA8 pixels to straight alpha in place:
/// `c' = round(c × 255 / a)`, clamped to 255; fully transparent pixels become
/// (0, 0, 0, 0). Exact integer division: identical on every machine.
@inlinable
public func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
  for x in 0..<count {
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
