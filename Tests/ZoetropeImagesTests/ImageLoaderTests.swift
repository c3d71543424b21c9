// SPDX-License-Identifier: Apache-2.0
// One decode per file per scene, one memory budget, and mipmap levels.

import Testing
import ZoetropeImages
import ZoetropeMedia
import ZoetropePixels
import _ZoetropeTestSupport

@Suite struct ImageLoaderTests {
  @Test func aFileNamedTwiceIsDecodedOnce() throws {
    let loader = ImageLoader()
    let path = Fixtures.url("Images/tile.png").path
    let a = try loader.image(atPath: path, name: "tile.png")
    let b = try loader.image(atPath: path, name: "../tile.png")
    #expect(loader.decodeCount == 1)
    #expect(a.storage === b.storage)
    #expect(b.name == "../tile.png")
    #expect(loader.bytesUsed == 64 * 64 * 4)
  }

  @Test func theBudgetCoversEveryImageOfAScene() throws {
    let loader = ImageLoader(limits: ImageDecodingLimits(memoryBudget: 64 * 64 * 4 + 100))
    _ = try loader.image(atPath: Fixtures.url("Images/tile.png").path, name: "tile.png")
    let gravity = Fixtures.url("Images/gravity.png").path
    #expect(throws: MediaError.self) { try loader.image(atPath: gravity, name: "gravity.png") }
    do {
      _ = try loader.image(atPath: gravity, name: "gravity.png")
    } catch {
      #expect(error.path == gravity)
      #expect(error.reason.contains("image memory budget"))
    }
    #expect(loader.decodeCount == 1)
  }

  @Test func mipmapLevelsHalveDownToOnePixelByBoxAverages() {
    // 3 × 2: the odd column is averaged with itself.
    let image = Image(width: 3, height: 2, premultipliedRGBA: [
      0, 0, 0, 0, 100, 100, 100, 100, 255, 255, 255, 255,
      40, 40, 40, 40, 60, 60, 60, 60, 255, 255, 255, 255,
    ])
    let levels = image.mipmapLevels
    #expect(levels.map { [$0.width, $0.height] } == [[3, 2], [1, 1]])
    #expect(levels[1].pixels[0] == 0x32_32_32_32)  // (0 + 100 + 40 + 60 + 2) / 4 = 50
    #expect(image.mipmapLevels[1] === levels[1])  // made once
    #expect(Image(width: 256, height: 4, straightRGBA: [UInt8](repeating: 9, count: 4096)).mipmapLevels.count == 9)
  }
}
