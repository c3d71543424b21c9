// SPDX-License-Identifier: Apache-2.0
// Transparent GIFs from clips made to defeat the clearing: every frame flipping between opaque and clear, a
// single pixel, ten thousand frames of noise — each frame shown exactly (our reader and Pillow agree).

import Foundation
import Testing
import ZoetropeImages
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct TransparentGIFHostileTests {
  /// Writes `frames` at `fps`, then checks that at the start of every clip frame on GIF's clock the GIF shows
  /// exactly that frame (its colours are in the palette exactly), as our reader and as Pillow composite it.
  static func expectShownExactly(_ frames: [RGBAImage], fps: Double, _ name: String) throws {
    let folder = TestFiles.url("hostile-gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clip.gif").path
    _ = try TransparentGIFTests.write(frames, fps: fps, to: path)
    let gif = try GIFFile(contentsOf: path)
    let reference = try TransparentGIFTests.pillow(path, width: frames[0].width, height: frames[0].height)
    #expect(reference.durations == gif.delays.map { $0 * 10 }, "\(name): Pillow's durations")
    #expect(reference.frames.count == gif.frames.count
      && zip(reference.frames, gif.frames).allSatisfy { TransparentGIFTests.normalized($0) == TransparentGIFTests.normalized($1) },
      "\(name): Pillow composites the frames otherwise")
    var starts: [Int] = []
    var start = 0
    for delay in gif.delays { starts.append(start); start += delay }
    #expect(start == GIFWriter.centiseconds(ofFrame: frames.count, frameRate: fps), "\(name): the clock")
    var wrong: [Int] = []
    for (i, frame) in frames.enumerated() {
      let time = GIFWriter.centiseconds(ofFrame: i, frameRate: fps)
      let next = GIFWriter.centiseconds(ofFrame: i + 1, frameRate: fps)
      guard next > time else { continue }  // a frame GIF's clock gives no time
      let shown = try #require(starts.lastIndex { $0 <= time })
      if TransparentGIFTests.normalized(gif.frames[shown]) != TransparentGIFTests.normalized(frame) { wrong.append(i) }
    }
    let everyFrameShown = wrong.isEmpty
    #expect(everyFrameShown, "\(name): \(wrong.count) frames, from \(wrong.prefix(10)), are not shown at their time")
  }

  /// A frame of `width × height` with each pixel from `pixel(x, y)` (RGBA).
  static func frame(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += pixel(x, y) }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  static let clear: [UInt8] = [0, 0, 0, 0]

  /// Every frame opaque where the one before was clear and the other way round, at rates whose frames are
  /// too short (1–2 cs) to give a clearing frame time of its own and at 30 fps.
  @Test(arguments: [30.0, 50, 60, 100])
  func aClipFlippingBetweenOpaqueAndClearEveryFrame(_ fps: Double) throws {
    let frames: [RGBAImage] = (0..<24).map { (i: Int) -> RGBAImage in
      Self.frame(40, 30) { (x: Int, _: Int) -> [UInt8] in
        if i % 2 == 0 { return Self.clear }
        return [UInt8(40 * (i % 6)), UInt8(x * 6), 200, 255]
      }
    }
    try Self.expectShownExactly(frames, fps: fps, "flipping at \(fps) fps")
  }

  /// A clip of one pixel: opaque, clear, another colour, the same again, clear twice.
  @Test func aClipOfOnePixel() throws {
    let colours: [[UInt8]] = [[255, 0, 0, 255], Self.clear, [0, 0, 255, 255], [0, 0, 255, 255], Self.clear, Self.clear,
                              [0, 255, 0, 255], Self.clear, [255, 0, 0, 255]]
    let frames: [RGBAImage] = colours.map { colour in Self.frame(1, 1) { (_: Int, _: Int) -> [UInt8] in colour } }
    try Self.expectShownExactly(frames, fps: 30, "one pixel")
  }

  /// Ten thousand frames of noise, a third of the pixels clear in each: every frame is shown exactly.
  @Test func tenThousandFramesOfNoise() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    let frames: [RGBAImage] = (0..<10_000).map { _ -> RGBAImage in
      Self.frame(8, 6) { (_: Int, _: Int) -> [UInt8] in
        let value = random()
        if value % 3 == 0 { return Self.clear }
        let red = UInt8(value >> 2 & 0xF) * 17, green = UInt8(value >> 6 & 0x3) * 85
        return [red, green, 128, 255]
      }
    }
    try Self.expectShownExactly(frames, fps: 30, "noise")
  }
}
