// SPDX-License-Identifier: Apache-2.0
// Video input and output at the edges: forged MP4 box sizes, frames larger than the encoders take.

import Foundation
import Testing
import ZoetropeMedia
import ZoetropeTiming
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct VideoHardeningTests {
  func file(_ bytes: [UInt8]) throws -> String {
    let url = TestFiles.url("zoetrope-box-\(UUID().uuidString).mp4")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// A box: 32-bit size (as given) and type, then `body`.
  func box(_ type: String, size: UInt32? = nil, _ body: [UInt8] = []) -> [UInt8] {
    let total = size ?? UInt32(8 + body.count)
    return [UInt8(total >> 24), UInt8(total >> 16 & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total & 0xFF)]
      + Array(type.utf8) + body
  }

  /// The MP4 box walk only moves forward, to boxes inside the file: forged
  /// sizes (0, 1 with a 64-bit size under 16 or past the end, 2…7, past the
  /// end) end it instead of seeking backwards or looping.
  @Test(.timeLimit(.minutes(1))) func theBoxWalkSurvivesForgedSizes() throws {
    #expect(VideoReader.hasIndexAtFront(try file(box("ftyp", [0, 0, 0, 0]) + box("moov") + box("mdat"))))
    #expect(!VideoReader.hasIndexAtFront(try file(box("ftyp") + box("mdat") + box("moov"))))
    // A 64-bit size of 8 (less than its own 16-byte header): once this walked back and looped.
    let large: [UInt8] = [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 8]
    #expect(!VideoReader.hasIndexAtFront(try file(large + box("moov"))))
    // A 64-bit size far past the end.
    let far: [UInt8] = [0, 0, 0, 1] + Array("free".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    #expect(!VideoReader.hasIndexAtFront(try file(far + box("moov"))))
    // Size 0 means "to the end of the file": nothing follows it.
    #expect(!VideoReader.hasIndexAtFront(try file(box("free", size: 0, [1, 2, 3]) + box("moov"))))
    for size: UInt32 in [2, 7, 0xFFFF_FFFF] {
      #expect(!VideoReader.hasIndexAtFront(try file(box("free", size: size) + box("moov"))), "size \(size)")
    }
    // Thousands of empty boxes are walked, one after the other.
    let many = (0..<5000).flatMap { _ in box("free") } + box("moov")
    #expect(VideoReader.hasIndexAtFront(try file(many)))
    #expect(!VideoReader.hasIndexAtFront(FileManager.default.temporaryDirectory.path))
  }

  /// Issue 11 defect 9: a 16384² MP4 said "opening the encoder: Invalid
  /// argument". The limit is said in words, before any frame is rendered.
  @Test func framesTooLargeForTheEncodersSaySo() throws {
    for (codec, container) in [(VideoCodec.h264, "mp4"), (.hevc, "mp4"), (.vp9, "webm"), (.prores, "mov")] {
      let settings = VideoSettings(codec: codec, container: container, frameRate: FrameRate(30))
      let path = TestFiles.url("zoetrope-\(UUID().uuidString).\(container)").path
      do {
        _ = try VideoWriter(path: path, width: 16384, height: 16384, settings: settings)
        Issue.record("opened \(codec)")
      } catch {
        #expect(error.reason.contains("16384 × 16384 pixels is too large for"), "\(error)")
        #expect(error.reason.contains("(width + 128) × (height + 128) is under 268,435,456"), "\(error)")
      }
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }
}
