// SPDX-License-Identifier: Apache-2.0
// Decoding PNG and JPEG bytes into premultiplied images, and refusing what cannot be decoded.

import Testing
import ZoetropeImages
import ZoetropeMedia
import ZoetropePixels

@Suite struct ImageDecodingTests {
  @Test func pngBytesDecodeToPremultipliedPixels() throws {
    let source = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 128])
    let image = try Image(encodedData: try source.pngData(), name: "two.png")
    #expect(image.width == 2 && image.height == 1)
    #expect(image.premultipliedPixel(x: 0, y: 0) == (255, 0, 0, 255))
    #expect(image.premultipliedPixel(x: 1, y: 0) == (0, 128, 0, 128))
  }
}
