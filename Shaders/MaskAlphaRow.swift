// SPDX-License-Identifier: Apache-2.0
// maskAlphaRow: a mask's pixels turned into the alpha that masks (inverted, or from luminance).

/// How a mask's premultiplied pixels become the alpha a masked layer is
/// multiplied by (`CALayer.mask` uses the alpha as it is).
@usableFromInline package enum MaskAlphaSource: UInt8, CaseIterable, Sendable {
  /// The alpha, unchanged.
  case alpha
  /// `255 − alpha`.
  case alphaInverted
  /// The luminance of the premultiplied colour: `(54 R + 183 G + 19 B + 128) >> 8`
  /// (Rec. 709 weights in 256ths, summing to 256, so opaque white gives 255).
  case luminance
  /// `255 −` the luminance.
  case luminanceInverted
}

/// Rewrites the alpha byte of `count` premultiplied RGBA8 mask pixels as
/// `source` says (the colour bytes are left alone; ``destinationInRow``
/// then multiplies by the new alpha). Plain scalar code: masks other than
/// alpha are rare and the loop is one integer expression per pixel.
@inlinable
package func maskAlphaRow(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, source: MaskAlphaSource) {
  switch source {
  case .alpha:
    return
  case .alphaInverted:
    for x in 0..<Swift.max(count, 0) { pixels[4 * x + 3] = 255 &- pixels[4 * x + 3] }
  case .luminance, .luminanceInverted:
    let invert = source == .luminanceInverted
    for x in 0..<Swift.max(count, 0) {
      let y = (54 &* UInt32(pixels[4 * x]) &+ 183 &* UInt32(pixels[4 * x + 1]) &+ 19 &* UInt32(pixels[4 * x + 2]) &+ 128) &>> 8
      let value = UInt8(truncatingIfNeeded: Swift.min(y, 255))
      pixels[4 * x + 3] = invert ? 255 &- value : value
    }
  }
}
