// SPDX-License-Identifier: Apache-2.0
// Animated WebP: frames read back through libwebp's own decoder, exact when lossless; timing, loops, budgets.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct WebPTests {
  /// Frames with flat colours, soft alpha, clear areas and a square that moves, stops (three equal frames)
  /// and comes back.
  static func frames(width: Int = 48, height: Int = 32, count: Int = 12) -> [RGBAImage] {
    (0..<count).map { k in
      let position = [0, 3, 6, 9, 9, 9, 12, 15, 12, 9, 6, 3][k % 12]
      var pixels = [UInt8](repeating: 0, count: 4 * width * height)
      for y in 0..<height {
        for x in 0..<width {
          let i = 4 * (y * width + x)
          if x >= position + 4, x < position + 20, y >= 6, y < 22 {
            pixels[i] = 255; pixels[i + 1] = 185; pixels[i + 2] = 0; pixels[i + 3] = 255
          } else if y >= 26 {
            // A soft shadow: straight-alpha black whose alpha falls along x.
            pixels[i + 3] = UInt8(255 - 5 * x)
          } else if x > 40 {
            pixels[i] = 74; pixels[i + 1] = 165; pixels[i + 2] = 227; pixels[i + 3] = UInt8(40 + 6 * y)
          }
        }
      }
      return RGBAImage(width: width, height: height, pixels: pixels)
    }
  }

  static func write(_ frames: [RGBAImage], fps: Double, plays: Int = 0, compression: WebPCompression = .lossless(),
                    firstIndex: Int = 0) throws -> String {
    let path = TestFiles.url("clip-\(UUID().uuidString).webp").path
    let sink = try WebPSink(path: path, width: frames[0].width, height: frames[0].height, frameRate: fps,
                            plays: plays, compression: compression)
    for (k, frame) in frames.enumerated() { try sink.consume(frame, index: firstIndex + k) }
    try sink.finish()
    return path
  }

  /// The canvas the decoder shows at `time` (ms): the frame whose span holds it.
  static func shown(_ file: WebPFile, at time: Int) -> RGBAImage? {
    file.endTimes.firstIndex { $0 > time }.map { file.frames[$0] }
  }

  @Test func losslessFramesDecodeToTheirExactBytesAtTheirTimes() throws {
    let frames = Self.frames()
    let file = try WebPFile(contentsOf: try Self.write(frames, fps: 30))
    // The three equal frames became one frame lasting three.
    #expect(file.frames.count == 10)
    for (k, frame) in frames.enumerated() {
      let start = Int((Double(k) * 1000 / 30).rounded())
      #expect(Self.shown(file, at: start) == frame, "frame \(k)")
    }
    #expect(file.endTimes.last == 400)
    #expect(file.loopCount == 0)
  }

  @Test func framesStartOnTheMillisecondClockWithoutRoundingAccumulating() {
    // Each start is rounded from the exact time: 33, 67, 100 … 1000 ms at 30 fps; 29.97 fps likewise.
    #expect((0...30).map { WebPSink.milliseconds(ofFrame: $0, after: 0, frameRate: 30) }
      == (0...30).map { Int64((Double($0) * 100 / 3).rounded()) })
    #expect(WebPSink.milliseconds(ofFrame: 30_000, after: 0, frameRate: 30000.0 / 1001) == 1_001_000)
    // A part starts its own clock at its first frame.
    #expect(WebPSink.milliseconds(ofFrame: 31, after: 30, frameRate: 30) == 33)
  }

  @Test func playsAreStoredAsWebPsLoopCount() throws {
    let frames = Self.frames(count: 3)
    #expect(try WebPFile(contentsOf: try Self.write(frames, fps: 10, plays: 3)).loopCount == 3)
    #expect(try WebPFile(contentsOf: try Self.write(frames, fps: 10, plays: 0)).loopCount == 0)
    #expect(try WebPFile(contentsOf: try Self.write(frames, fps: 10, plays: 1)).loopCount == 1)
  }

  @Test func lossyKeepsAlphaExactlyAndColourClose() throws {
    let frames = Self.frames(count: 4)
    let lossless = try Self.write(frames, fps: 10)
    let lossy = try Self.write(frames, fps: 10, compression: .lossy(quality: 90))
    let file = try WebPFile(contentsOf: lossy)
    for (k, frame) in frames.enumerated() {
      let shown = try #require(Self.shown(file, at: k * 100))
      #expect(stride(from: 3, to: frame.pixels.count, by: 4).allSatisfy { shown.pixels[$0] == frame.pixels[$0] })
      #expect(Self.premultipliedPSNR(shown, frame) > 30, "frame \(k)")
    }
    // A flat, small clip: lossy is no smaller here, but it is a different encoding.
    #expect(try Data(contentsOf: URL(fileURLWithPath: lossless)) != Data(contentsOf: URL(fileURLWithPath: lossy)))
  }

  /// PSNR of the colours as they show (premultiplied by alpha): lossy WebP changes the colour of transparent
  /// pixels, which shows nowhere.
  static func premultipliedPSNR(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var squares = 0.0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      for c in 0..<3 {
        let x = Double(a.pixels[i + c]) * Double(a.pixels[i + 3]) / 255
        let y = Double(b.pixels[i + c]) * Double(b.pixels[i + 3]) / 255
        squares += (x - y) * (x - y)
      }
    }
    let mean = squares / Double(3 * a.pixels.count / 4)
    return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
  }

  @Test func sizesAndQualitiesOutOfRangeAreRefusedBeforeAnyFrame() {
    func refusal(_ width: Int, _ height: Int, _ compression: WebPCompression = .lossless()) -> String? {
      do {
        _ = try WebPSink(path: TestFiles.url("refused.webp").path, width: width, height: height, frameRate: 30,
                         compression: compression)
        return nil
      } catch {
        return error.reason
      }
    }
    #expect(refusal(16_384, 16_384)?.contains("1 to 16383 pixels a side") == true)
    #expect(refusal(16_000, 16_000)?.contains("pixel budget") == true)
    #expect(refusal(64, 64, .lossy(quality: 101))?.contains("0…100") == true)
    #expect(refusal(64, 64, .lossless(effort: -1))?.contains("0…100") == true)
    #expect(refusal(64, 64, .lossy(quality: .nan)) != nil)
    #expect(refusal(5_792, 5_792) == nil)
    #expect(!FileManager.default.fileExists(atPath: TestFiles.url("refused.webp").path))
  }

  @Test func aCancelledWebPLeavesNothing() throws {
    let path = TestFiles.url("cancelled-\(UUID().uuidString).webp").path
    let sink = try WebPSink(path: path, width: 48, height: 32, frameRate: 30)
    for (k, frame) in Self.frames(count: 3).enumerated() { try sink.consume(frame, index: k) }
    sink.cancel()
    let folder = (path as NSString).deletingLastPathComponent
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !$0.contains("cancelled") })
  }
}
