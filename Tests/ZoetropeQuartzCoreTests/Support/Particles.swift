// SPDX-License-Identifier: Apache-2.0
// Particle images for the emitter snippets, made as PNG bytes and read back as a CGImage, as an app's
// asset would be.

import Foundation
import Zoetrope
import ZoetropeQuartzCore

/// An opaque white square `side` pixels wide, as a `CGImage` decoded from PNG bytes.
func whiteSquare(side: Int) -> CGImage {
  image(side: side) { _, _ in 255 }
}

/// A white disc `side` pixels wide whose alpha falls off towards the rim.
func softDot(side: Int) -> CGImage {
  image(side: side) { x, y in
    let r = Double(side) / 2
    let d = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r)).squareRoot()
    return UInt8(max(0, min(255, 255 * (1 - d / r))).rounded())
  }
}

private func image(side: Int, alpha: (Int, Int) -> UInt8) -> CGImage {
  var pixels: [UInt8] = []
  for y in 0..<side {
    for x in 0..<side { pixels += [255, 255, 255, alpha(x, y)] }
  }
  let png = Data(try! RGBAImage(width: side, height: side, pixels: pixels).pngData())
  return CGImage(pngDataProviderSource: CGDataProvider(data: png), decode: nil, shouldInterpolate: true,
                 intent: .defaultIntent)!
}
