// SPDX-License-Identifier: Apache-2.0
// Video files written through the FFmpeg shim, decoded again: tags, timing, fidelity.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import ZoetropeTiming
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct VideoTests {
  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-video-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A moving soft-edged disc over a gradient: frame `i` of a little clip.
  /// Disc and background differ mostly in lightness, like vector art on a
  /// plain ground; saturated red-on-blue edges would measure 4:2:0 chroma
  /// subsampling instead of the pipeline.
  static func frame(_ i: Int, width: Int, height: Int, translucent: Bool = false) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: 4 * width * height)
    let cx = Double(width) * (0.25 + 0.05 * Double(i)), cy = Double(height) / 2, r = Double(height) / 3
    for y in 0..<height {
      for x in 0..<width {
        let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
        let inside = max(0, min(1, r - d + 0.5))
        let o = 4 * (y * width + x)
        let background = UInt8(40 + 150 * x / max(width - 1, 1))
        pixels[o] = UInt8(Double(background / 3 + 150) * (1 - inside) + 40 * inside)
        pixels[o + 1] = UInt8(Double(background / 3 + 160) * (1 - inside) + 60 * inside)
        pixels[o + 2] = UInt8(Double(220 - 40 * y / max(height - 1, 1)) * (1 - inside) + 110 * inside)
        pixels[o + 3] = translucent ? UInt8(80 + 175 * inside) : 255
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// Writes `count` frames and decodes them again.
  func roundTrip(_ settings: VideoSettings, width: Int, height: Int, count: Int, translucent: Bool = false,
                 file: String) throws -> (VideoReader.Info, [(RGBAImage, Double)], [RGBAImage], String) {
    let path = try temporaryFolder().appendingPathComponent(file).path
    let writer = try VideoWriter(path: path, width: width, height: height, settings: settings)
    let frames = (0..<count).map { Self.frame($0, width: width, height: height, translucent: translucent) }
    for f in frames { try writer.write(f) }
    try writer.finish()
    let reader = try VideoReader(path: path)
    var decoded: [(RGBAImage, Double)] = []
    while let next = try reader.next() { decoded.append(next) }
    return (reader.info, decoded, frames, path)
  }

  /// The decoded frame cropped to `width × height` (the encoder may have padded it).
  func cropped(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height { pixels += image.pixels[(4 * y * image.width)..<(4 * (y * image.width + width))] }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  @Test func h264IsBT709TaggedWithExactTimestampsAndTheIndexInFront() throws {
    let settings = VideoSettings(codec: .h264, container: "mp4", frameRate: FrameRate(numerator: 30000, denominator: 1001), crf: 10, preset: "veryfast")
    let (info, decoded, frames, path) = try roundTrip(settings, width: 96, height: 64, count: 12, file: "a.mp4")
    #expect(info.codec == "h264" && info.pixelFormat == "yuv420p")
    #expect(info.colorPrimaries == 1 && info.colorTransfer == 1 && info.colorSpace == 1 && info.colorRange == 1)
    #expect(info.frameRate.numerator * 1001 == info.frameRate.denominator * 30000)
    #expect(decoded.count == 12)
    for (i, (image, seconds)) in decoded.enumerated() {
      #expect(abs(seconds - Double(i) * 1001 / 30000) < 1e-6, "frame \(i) at \(seconds)")
      let psnr = try #require(image.psnr(to: frames[i]))
      #expect(psnr >= 38, "frame \(i): \(psnr) dB")
    }
    #expect(VideoReader.hasIndexAtFront(path))
  }

  @Test func oddSizesArePaddedByRepeatingTheLastColumnAndRow() throws {
    let settings = VideoSettings(codec: .h264, container: "mp4", frameRate: FrameRate(numerator: 25, denominator: 1), crf: 12)
    let (info, decoded, frames, _) = try roundTrip(settings, width: 63, height: 37, count: 3, file: "odd.mp4")
    #expect(info.width == 64 && info.height == 38)
    #expect(decoded.count == 3)
    let psnr = try #require(cropped(decoded[1].0, width: 63, height: 37).psnr(to: frames[1]))
    #expect(psnr >= 38, "\(psnr) dB")
  }

  @Test func hevcIsTaggedHvc1AndBT709() throws {
    guard VideoWriter.supports(.hevc) else { return }
    let settings = VideoSettings(codec: .hevc, container: "mp4", frameRate: FrameRate(numerator: 24, denominator: 1), crf: 18, preset: "ultrafast")
    let (info, decoded, frames, _) = try roundTrip(settings, width: 64, height: 64, count: 4, file: "a.mp4")
    #expect(info.codec == "hevc" && info.colorSpace == 1 && decoded.count == 4)
    #expect(try #require(decoded[3].0.psnr(to: frames[3])) >= 35)
  }

  @Test func proRes4444KeepsAlpha() throws {
    let settings = VideoSettings(codec: .prores, container: "mov", frameRate: FrameRate(numerator: 30, denominator: 1))
    let (info, decoded, frames, _) = try roundTrip(settings, width: 64, height: 48, count: 3, translucent: true,
                                                   file: "a.mov")
    #expect(info.codec == "prores" && info.pixelFormat.hasPrefix("yuva444p") && info.profile == 4)
    #expect(decoded.count == 3)
    let image = decoded[2].0
    #expect(try #require(image.psnr(to: frames[2])) >= 40)
    // Alpha survives: the disc is opaque-ish, the background translucent.
    #expect(abs(Int(image.pixels[3]) - 80) <= 2)
  }

  @Test func vp9WebMKeepsAlphaAndIsTagged() throws {
    guard VideoWriter.supports(.vp9) else { return }
    let settings = VideoSettings(codec: .vp9, container: "webm", frameRate: FrameRate(numerator: 30, denominator: 1), crf: 20)
    let (info, decoded, frames, _) = try roundTrip(settings, width: 64, height: 48, count: 3, translucent: true,
                                                   file: "a.webm")
    #expect(info.codec == "vp9" && info.alphaMode == 1 && decoded.count == 3)
    let image = decoded[2].0
    #expect(try #require(image.psnr(to: frames[2])) >= 30)
    #expect(abs(Int(image.pixels[3]) - 80) <= 6, "alpha \(image.pixels[3])")
  }

  @Test func apngIsLossless() throws {
    let settings = VideoSettings(codec: .apng, container: "apng", frameRate: FrameRate(numerator: 10, denominator: 1), loop: 0)
    let (info, decoded, frames, _) = try roundTrip(settings, width: 31, height: 17, count: 3, translucent: true,
                                                   file: "a.apng")
    #expect(info.codec == "apng" && decoded.count == 3)
    #expect(decoded.map(\.0) == frames)
  }

  @Test func aMissingFolderIsReportedWithThePath() throws {
    let settings = VideoSettings(codec: .h264, container: "mp4", frameRate: FrameRate(numerator: 30, denominator: 1))
    #expect(throws: MediaError.self) {
      try VideoWriter(path: "/nonexistent-zoetrope/a.mp4", width: 16, height: 16, settings: settings)
    }
  }
}
