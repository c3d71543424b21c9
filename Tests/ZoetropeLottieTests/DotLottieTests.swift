// SPDX-License-Identifier: Apache-2.0
// dotLottie archives: the first animation and its images read from the zip; hostile archives refused with their reason.

import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct DotLottieTests {
  static func path(_ name: String) -> String { Fixtures.url("DotLottie/" + name).path }

  /// The message of the one issue a file is refused with.
  static func refusal(_ name: String) -> String {
    do {
      _ = try Scene(contentsOf: path(name))
      return "(not refused)"
    } catch {
      #expect(error.file == path(name))
      #expect(error.sourceFiles == [path(name)])
      return error.issues.map(\.description).joined(separator: "; ")
    }
  }

  /// Version 1 (`animations/`, `images/`), version 2 (`a/`, `i/`) and an
  /// archive without a manifest all draw what the same animation draws with
  /// its picture embedded as a data URL, byte for byte.
  @Test(arguments: ["image-v1.lottie", "image-v2.lottie", "no-manifest.lottie"])
  func anArchiveDrawsItsAnimationWithItsImages(_ name: String) throws {
    let archived = try Scene(contentsOf: DotLottieTests.path(name))
    let embedded = try Scene(contentsOf: DotLottieTests.path("animation.json"))
    #expect(archived.canvas == embedded.canvas)
    #expect(archived.decodingWarnings.isEmpty, "\(archived.decodingWarnings)")
    #expect(archived.sourceFiles == [DotLottieTests.path(name)])
    #expect(archived.encodedImages.count == 1)
    for time in [0, 0.3, 0.6] {
      #expect(Renderer(archived).frame(atTime: time) == Renderer(embedded).frame(atTime: time), "\(name) at \(time) s")
    }
  }

  /// The picture (red and yellow quarters, 8 px scaled 2×) lies at the top
  /// left at frame 0, over the blue solid: read back from the pixels, not
  /// from another of our renders.
  @Test func thePictureIsWhereTheAnimationPlacesIt() throws {
    let frame = Renderer(try Scene(lottieContentsOf: DotLottieTests.path("image-v1.lottie"))).frame(atTime: 0)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame.pixels[(y * frame.width + x) * 4..<(y * frame.width + x) * 4 + 4]) }
    #expect(frame.width == 32 && frame.height == 32)
    #expect(pixel(2, 2) == [230, 30, 30, 255])
    #expect(pixel(10, 2) == [240, 220, 20, 255])
    #expect(pixel(10, 10) == [230, 30, 30, 255])
    #expect(pixel(24, 24) == [0x20, 0x40, 0xC0, 255])
  }

  @Test func anArchiveIsTakenForLottieWhateverItsName() throws {
    #expect(Scene.isLottie(try Fixtures.bytes("DotLottie/image-v2.lottie")))
    let scene = try Scene(lottieData: try Fixtures.bytes("DotLottie/image-v2.lottie"), fileName: "renamed.json")
    #expect(scene.canvas.frameCount == 10)
  }

  @Test func aZipBombIsRefusedBeforeItInflates() {
    #expect(DotLottieTests.refusal("bomb.lottie")
      == "animations/square.json: the entry would inflate 1028:1, more than the 100:1 allowed (a zip bomb?)")
  }

  @Test func anEntryThatInflatesPastItsDeclaredSizeIsRefused() {
    #expect(DotLottieTests.refusal("lying-size.lottie")
      == "animations/square.json: the data inflates to more than its declared 1000 bytes")
  }

  @Test func anEntryNamedOutsideItsFolderRefusesTheArchive() {
    #expect(DotLottieTests.refusal("climbing.lottie")
      == #"the entry "../square.json" climbs out of its folder (".."); the archive is refused"#)
  }

  @Test func aDamagedEntryIsRefusedByItsChecksum() {
    #expect(DotLottieTests.refusal("damaged.lottie")
      == "animations/square.json: its CRC-32 does not match its data (a damaged archive)")
  }

  @Test func aTruncatedArchiveIsRefused() {
    #expect(DotLottieTests.refusal("truncated.lottie") == "not a zip archive (no end of central directory record)")
  }

  @Test func aManifestNamingAMissingAnimationIsRefused() {
    #expect(DotLottieTests.refusal("missing.lottie")
      == #"manifest.json names the animation "elsewhere", but the archive holds neither animations/elsewhere.json nor a/elsewhere.json"#)
  }
}
