// SPDX-License-Identifier: Apache-2.0
// A GIF's matte: the opaque colour that partially transparent pixels are blended over.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia

/// The colour a GIF is meant to sit on. GIF transparency is one bit, so an
/// anti-aliased edge over a clear background has no faithful encoding: each
/// partially transparent pixel becomes the opaque colour it would show over
/// the matte, as gifsicle's and image editors' "matte" options do. Fully
/// transparent pixels stay transparent and opaque ones are untouched, so the
/// GIF looks right on a page of the matte's colour.
package struct GIFMatte: Sendable, Hashable {
  /// The matte's sRGB components, 0…255.
  package var red: UInt8, green: UInt8, blue: UInt8

  /// The matte of `color`, whose alpha is ignored (a matte is opaque);
  /// components outside 0…1 are clamped and NaN counts as 0.
  package init(_ color: Color) {
    func byte(_ value: Double) -> UInt8 {
      guard value > 0 else { return 0 }  // also NaN
      return UInt8((Swift.min(value, 1) * 255).rounded())
    }
    red = byte(color.red)
    green = byte(color.green)
    blue = byte(color.blue)
  }

  /// `image` with every pixel whose alpha is strictly between 0 and 255
  /// blended over the matte, in straight alpha and rounded to nearest:
  /// `colour × α + matte × (1 − α)`, then alpha 255. Pixels with alpha 0 or
  /// 255 keep their bytes. An empty image comes back unchanged.
  package func applied(to image: RGBAImage) -> RGBAImage {
    var result = image
    let matte = (UInt32(red), UInt32(green), UInt32(blue))
    result.withUnsafeMutablePixels { pixels in
      var i = 0
      while i < pixels.count {
        let alpha = UInt32(pixels[i + 3])
        if alpha != 0, alpha != 255 {
          let rest = 255 - alpha
          pixels[i] = UInt8((UInt32(pixels[i]) * alpha + matte.0 * rest + 127) / 255)
          pixels[i + 1] = UInt8((UInt32(pixels[i + 1]) * alpha + matte.1 * rest + 127) / 255)
          pixels[i + 2] = UInt8((UInt32(pixels[i + 2]) * alpha + matte.2 * rest + 127) / 255)
          pixels[i + 3] = 255
        }
        i += 4
      }
    }
    return result
  }
}
