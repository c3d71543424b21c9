// SPDX-License-Identifier: Apache-2.0
// GIFs written through RenderOutput and decoded again: matte, one-bit transparency notice, dithering, loop counts.

import Foundation
import Testing
import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia
import ZoetropeTiming
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct GIFTests {
  func temporaryPath(_ name: String) throws -> String {
    let url = TestFiles.url("zoetrope-gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.appendingPathComponent(name).path
  }

  /// Runs `frames` through `sink` as a render does.
  func write(_ frames: [RGBAImage], to sink: any FrameSink) throws {
    if sink.needsFirstPass {
      for (i, frame) in frames.enumerated() { try sink.observe(frame, index: i) }
    }
    for (i, frame) in frames.enumerated() {
      try sink.process(frame, index: i)
      try sink.consume(frame, index: i)
    }
    try sink.finish()
  }

  /// An image from RGBA quadruples, one row.
  func row(_ pixels: [[UInt8]]) -> RGBAImage {
    RGBAImage(width: pixels.count, height: 1, pixels: pixels.flatMap { $0 })
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int = 0) -> [UInt8] {
    let o = 4 * (y * image.width + x)
    return Array(image.pixels[o..<(o + 4)])
  }

  /// Transparent, half-covered, opaque and barely covered pixels.
  var edge: RGBAImage { row([[255, 0, 0, 0], [200, 40, 60, 128], [10, 20, 30, 255], [0, 0, 255, 1], [90, 90, 90, 127]]) }

  @Test func aMatteBlendsPartialAlphaAndLeavesClearPixelsTransparent() throws {
    let path = try temporaryPath("matte.gif")
    var output = try RenderOutput(path: path)
    output.matte = Color(red: 1, green: 1, blue: 1, alpha: 0.25)  // alpha is ignored: a matte is opaque
    let sink = try output.makeSink(width: 5, height: 1, frameRate: FrameRate(10))
    try write([edge], to: sink)
    let shown = try GIFFile(contentsOf: path).frames[0]
    #expect(pixel(shown, 0)[3] == 0)
    // colour × α + white × (1 − α), rounded: (200·128 + 255·127) / 255 = 227.4 → 227.
    #expect(pixel(shown, 1) == [227, 147, 157, 255])
    #expect(pixel(shown, 2) == [10, 20, 30, 255])
    #expect(pixel(shown, 3) == [254, 254, 255, 255])
    #expect(pixel(shown, 4) == [173, 173, 173, 255])
    #expect(output.notices(after: sink).isEmpty)
  }

  @Test func withoutAMatteAlphaIsOneBitAndANoticeSaysSo() throws {
    let path = try temporaryPath("plain.gif")
    let output = try RenderOutput(path: path)
    let sink = try output.makeSink(width: 5, height: 1, frameRate: FrameRate(10))
    try write([edge], to: sink)
    let shown = try GIFFile(contentsOf: path).frames[0]
    #expect(pixel(shown, 0)[3] == 0 && pixel(shown, 3)[3] == 0 && pixel(shown, 4)[3] == 0)
    #expect(pixel(shown, 1) == [200, 40, 60, 255])
    let notices = output.notices(after: sink)
    #expect(notices.count == 1)
    #expect(notices.first?.contains("one bit") == true && notices.first?.contains("--matte") == true)
  }

  @Test func aClipWithOnlyClearAndOpaquePixelsGetsNoNotice() throws {
    let path = try temporaryPath("crisp.gif")
    let output = try RenderOutput(path: path)
    let sink = try output.makeSink(width: 3, height: 1, frameRate: FrameRate(10))
    try write([row([[0, 0, 0, 0], [1, 2, 3, 255], [255, 255, 255, 0]])], to: sink)
    #expect(output.notices(after: sink).isEmpty)
  }

  /// A flat ground of (30, 120, 200) on the left half and, on the right, a
  /// gradient of far more than 255 colours around the ground's colour (so the
  /// palette has neighbours of it that dithering would reach).
  static func groundAndGradient(width: Int, height: Int) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        if x < width / 2 {
          pixels += [30, 120, 200, 255]
        } else {
          let u = x - width / 2
          pixels += [UInt8(u * 64 / (width / 2)), UInt8(100 + y * 40 / height), UInt8(180 + (u * 7 + y * 3) % 41), 255]
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  @Test func ditheringLeavesAColourThePaletteHoldsFlat() throws {
    let frame = Self.groundAndGradient(width: 96, height: 64)
    var shown: [RGBAImage] = []
    for dither in [false, true] {
      let path = try temporaryPath("dither.gif")
      var output = try RenderOutput(path: path)
      output.dither = dither
      try write([frame], to: try output.makeSink(width: 96, height: 64, frameRate: FrameRate(10)))
      shown.append(try GIFFile(contentsOf: path).frames[0])
    }
    var ground = 0, ditheredGradient = 0
    for y in 0..<64 {
      for x in 0..<48 where pixel(shown[1], x, y) == [30, 120, 200, 255] { ground += 1 }
      for x in 48..<96 where pixel(shown[1], x, y) != pixel(shown[0], x, y) { ditheredGradient += 1 }
    }
    #expect(ground == 48 * 64, "the flat ground kept its exact colour on \(ground) of \(48 * 64) pixels")
    #expect(ditheredGradient > 48 * 64 / 4, "dithering changed \(ditheredGradient) gradient pixels")
  }

  @Test func aColourHoldingHalfItsClusterIsKeptExactlyInThePalette() {
    // 254 heavy colours far apart, and a fill of (30, 120, 200) with one
    // blend of it: 256 colours, so the fill and its blend share a cluster,
    // whose mean (31.6, 121.6, 201.6) the fill's majority replaces.
    var pixels: [UInt8] = []
    for _ in 0..<3 { pixels += [30, 120, 200, 255] }
    for _ in 0..<2 { pixels += [34, 124, 204, 255] }
    let levels: [UInt8] = [0, 42, 84, 126, 168, 210, 252]
    for i in 0..<254 {
      for _ in 0..<100 { pixels += [levels[i % 7], levels[i / 7 % 7], levels[i / 49], 255] }
    }
    var builder = GIFPaletteBuilder()
    builder.add(RGBAImage(width: pixels.count / 4, height: 1, pixels: pixels))
    let palette = builder.palette()
    #expect(!palette.isExact && palette.colorCount == 255)
    let colours = stride(from: 0, to: palette.rgb.count, by: 3).map { Array(palette.rgb[$0..<($0 + 3)]) }
    let near = colours.filter { (20..<40).contains($0[0]) && (110..<130).contains($0[1]) }
    #expect(near == [[30, 120, 200]])
  }

  @Test func gifLoopCountIsThePlaysAfterTheFirst() throws {
    for (plays, stored) in [(0, 0 as Int?), (1, nil), (2, 1), (5, 4), (65536, 65535), (100_000, 65535)] {
      let path = try temporaryPath("loop.gif")
      var output = try RenderOutput(path: path)
      output.loop = plays
      try write([row([[1, 2, 3, 255]]), row([[4, 5, 6, 255]])],
                to: try output.makeSink(width: 1, height: 1, frameRate: FrameRate(10)))
      #expect(try GIFFile(contentsOf: path).loop == stored, "--loop \(plays)")
    }
  }

  @Test func apngNumPlaysIsThePlays() throws {
    for plays in [0, 1, 3] {
      let path = try temporaryPath("loop.apng")
      var output = try RenderOutput(path: path)
      output.loop = plays
      try write([row([[1, 2, 3, 255]]), row([[4, 5, 6, 255]])],
                to: try output.makeSink(width: 1, height: 1, frameRate: FrameRate(10)))
      // acTL: length, "acTL", num_frames (4 bytes), num_plays (4 bytes), big-endian.
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let chunk = try #require((0..<(bytes.count - 12)).first { bytes[$0..<($0 + 4)] == [0x61, 0x63, 0x54, 0x4C] })
      let numPlays = bytes[(chunk + 8)..<(chunk + 12)].reduce(0) { $0 << 8 | Int($1) }
      #expect(numPlays == plays)
    }
  }

  @Test func oddSizesFor420CodecsGetANoticeNamingThePaddedSize() throws {
    let h264 = try RenderOutput(path: "a.mp4").notices(width: 51, height: 34, frameRate: FrameRate(30))
    #expect(h264.count == 1 && h264[0].contains("51×34") && h264[0].contains("52×34") && h264[0].contains("column"))
    let vp9 = try RenderOutput(path: "a.webm").notices(width: 50, height: 33, frameRate: FrameRate(30))
    #expect(vp9.count == 1 && vp9[0].contains("50×34") && vp9[0].contains("last row"))
    #expect(try RenderOutput(path: "a.mp4").notices(width: 52, height: 34, frameRate: FrameRate(30)).isEmpty)
    #expect(try RenderOutput(path: "a.mov").notices(width: 51, height: 33, frameRate: FrameRate(30)).isEmpty)
    #expect(try RenderOutput(path: "a.apng").notices(width: 51, height: 33, frameRate: FrameRate(30)).isEmpty)
    #expect(try RenderOutput(path: "a.gif").notices(width: 51, height: 33, frameRate: FrameRate(30)).isEmpty)
  }
}

/// Work the GIF path skips must not change the file: the writer maps and
/// compares only the rows that changed since the last frame, and the
/// palette pass counts runs of equal pixels at once.
@Suite struct GIFSkippedWorkTests {
  /// Frames of a 60 × 40 clip: a gradient (many colours, so the palette is
  /// not exact and dithering applies), a block that moves down two rows a
  /// frame, a frame repeated, a mark appearing at the right end of a few
  /// rows, and with `clear` a transparent corner.
  static func frames(clear: Bool) -> [RGBAImage] {
    let width = 60, height = 40
    return (0..<7).map { f in
      let step = f == 4 ? 3 : f  // frame 4 repeats frame 3
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      for y in 0..<height {
        for x in 0..<width {
          let i = 4 * (y * width + x)
          let inBlock = (2 * step..<2 * step + 6).contains(y) && (10..<30).contains(x)
          // From frame 5 a mark at the right end of rows the block never reaches.
          let inMark = f >= 5 && (35..<38).contains(y) && (50..<58).contains(x)
          pixels[i] = inBlock ? 250 : inMark ? 0 : UInt8(x * 4)
          pixels[i + 1] = inBlock ? 20 : UInt8(y * 6)
          pixels[i + 2] = UInt8((x + y) * 2)
          pixels[i + 3] = clear && x < 5 && y < 5 ? 0 : 255
        }
      }
      return RGBAImage(width: width, height: height, pixels: pixels)
    }
  }

  @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
  func skippingUnchangedRowsWritesTheSameFile(clear: Bool, dither: Bool) throws {
    let frames = Self.frames(clear: clear)
    var builder = GIFPaletteBuilder()
    for frame in frames { builder.add(frame) }
    let palette = builder.palette()
    #expect(!palette.isExact)
    let folder = TestFiles.url("zoetrope-gif-rows-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [Data] = []
    for skips in [true, false] {
      let path = folder.appendingPathComponent("\(skips).gif").path
      let writer = try GIFWriter(path: path, width: 60, height: 40, palette: palette,
                                 hasTransparency: builder.hasTransparency, loop: 0, dither: dither,
                                 skipsUnchangedRows: skips)
      for frame in frames { try writer.write(frame, delay: 4) }
      try writer.finish()
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(files[0] == files[1])
    // Without transparency the repeated frame lengthens the one before.
    #expect(try GIFFile(contentsOf: folder.appendingPathComponent("true.gif").path).frames.count == (clear ? 7 : 6))
  }
}

extension GIFSkippedWorkTests {
  /// The palette pass counts runs of equal pixels at once; the palette must
  /// be the one counting pixel by pixel gives (here: each pixel added as an
  /// image of its own), with the colours' weights, not only their set.
  @Test func countingRunsChoosesThePaletteCountingPixelsDoes() {
    // Flat stripes (long runs, heavy colours) beside a gradient of 2,048
    // colours (runs of one), so the weights move the median cut and k-means.
    var stripes = [UInt8]()
    for y in 0..<64 {
      for x in 0..<64 {
        stripes += x < 32 ? [UInt8(40 + (y / 16) * 50), 90, 200, 255] : [UInt8(x * 4), UInt8(y * 4), 7, 255]
      }
    }
    let flat = RGBAImage(width: 64, height: 64, pixels: stripes)
    for clear in [false, true] {
      var runs = GIFPaletteBuilder(), pixels = GIFPaletteBuilder()
      for frame in Self.frames(clear: clear) + [flat] {
        runs.add(frame)
        for i in stride(from: 0, to: frame.pixels.count, by: 4) {
          pixels.add(RGBAImage(width: 1, height: 1, pixels: Array(frame.pixels[i..<i + 4])))
        }
      }
      #expect(runs.palette() == pixels.palette())
      #expect(runs.hasTransparency == clear && pixels.hasTransparency == clear)
    }
  }

  /// `zoetrope palette` counts frames on several threads and merges the
  /// counts: the palette, and whether any frame had partial alpha (the
  /// notice about jagged edges), must be those of one builder that saw every
  /// frame. The partial-alpha flag was once lost in the merge.
  @Test func mergedBuildersChooseThePaletteOneBuilderDoes() {
    let edge = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 255, 0, 0, 100])
    var gradient = [UInt8]()
    for i in 0..<4096 { gradient += [UInt8(i & 0xFF), UInt8(i >> 4), UInt8(255 - (i & 0xFF)), 255] }
    let many = RGBAImage(width: 64, height: 64, pixels: gradient)
    var one = GIFPaletteBuilder(), first = GIFPaletteBuilder(), second = GIFPaletteBuilder()
    for frame in [many, edge] { one.add(frame) }
    first.add(many)
    second.add(edge)
    first.merge(second)
    #expect(first.palette() == one.palette())
    #expect(one.hasPartialTransparency && first.hasPartialTransparency)
  }
}

/// The shim's LZW coder against giflib's own, the reference: the same file
/// byte for byte. The frames make each choice of the coder happen: code
/// sizes of 2, 3 and 8 bits, dictionaries filling up (a clear code) in noise
/// and in runs, runs longer than any string of their pixel and runs ending
/// at a frame's last pixel, one-pixel frames, and changed rectangles of
/// transparent (unchanged) pixels.
@Suite struct GIFCoderTests {
  struct Noise {
    var random: SeededRandom
    init(state: UInt64) { random = SeededRandom(state: state) }
    mutating func next(_ bound: Int) -> Int { random.below(bound) }
  }

  /// A frame whose pixels are palette colours `indices` (RGB of colour i: i, 255 − i, 7 i).
  static func frame(_ indices: [Int], width: Int) -> RGBAImage {
    RGBAImage(width: width, height: indices.count / width,
              pixels: indices.flatMap { [UInt8($0), UInt8(255 - $0), UInt8(truncatingIfNeeded: 7 * $0), 255] })
  }

  @Test(arguments: [1, 5, 255])
  func theCoderWritesTheBytesGiflibsCoderWrites(colours: Int) throws {
    let width = 240, height = 160
    var noise = Noise(state: UInt64(colours))
    var frames: [RGBAImage] = []
    frames.append(Self.frame((0..<width * height).map { _ in noise.next(colours) }, width: width))  // noise
    var runs: [Int] = []  // runs of 1…3,000 pixels, some longer than any string of their colour
    while runs.count < width * height {
      runs += Array(repeating: noise.next(colours), count: 1 + noise.next(noise.next(2) == 0 ? 12 : 3000))
    }
    frames.append(Self.frame(Array(runs.prefix(width * height)), width: width))
    frames.append(Self.frame(Array(repeating: colours - 1, count: width * height), width: width))  // one run
    var patch = runs.prefix(width * height).map { $0 }  // a small change: a rectangle with transparent pixels
    for y in 40..<90 { for x in 100..<180 where (x + y) % 7 != 0 { patch[y * width + x] = noise.next(colours) } }
    frames.append(Self.frame(patch, width: width))
    frames.append(Self.frame((0..<width * height).map { ($0 / 5) % colours }, width: width))  // stripes
    // Runs growing by one (each colour twice, then three times …): each
    // run makes one string longer, so the dictionary fills up — and is
    // cleared — while a run is being taken.
    var growing: [Int] = []
    var length = 2
    while growing.count < width * height {
      for colour in 0..<colours { growing += Array(repeating: colour, count: length) }
      length += 1
    }
    frames.append(Self.frame(Array(growing.prefix(width * height)), width: width))
    var builder = GIFPaletteBuilder()
    for frame in frames { builder.add(frame) }
    let palette = builder.palette()
    #expect(palette.isExact && palette.colorCount == colours)
    var files: [Data] = []
    // The shim's coder on its thread, giflib's, and the shim's on the caller's thread.
    for (reference, inline) in [(false, false), (true, false), (false, true)] {
      let path = TestFiles.url("coder-\(UUID().uuidString).gif").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      let writer = try GIFWriter(path: path, width: width, height: height, palette: palette, hasTransparency: false,
                                 loop: 0, referenceCoder: reference)
      writer.testHooks(encodeInline: inline)
      for frame in frames { try writer.write(frame, delay: 4) }
      try writer.finish()
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
      // One pixel.
      let tiny = path + ".1.gif"
      defer { try? FileManager.default.removeItem(atPath: tiny) }
      let one = try GIFWriter(path: tiny, width: 1, height: 1, palette: palette, hasTransparency: false, loop: nil,
                              referenceCoder: reference)
      try one.write(Self.frame([0], width: 1), delay: 1)
      try one.finish()
      files.append(try Data(contentsOf: URL(fileURLWithPath: tiny)))
    }
    #expect(files[0] == files[2] && files[1] == files[3])
    #expect(files[0] == files[4] && files[1] == files[5])
    #expect(files[0].count > (colours == 1 ? 100 : 10_000))
    // And it decodes to the frames (of one colour, all the same: one frame shown longer).
    let path = TestFiles.url("coder-\(UUID().uuidString).gif").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try files[0].write(to: URL(fileURLWithPath: path))
    #expect(try GIFFile(contentsOf: path).frames == (colours == 1 ? [frames[0]] : frames))
  }
}

extension GIFCoderTests {
  /// Frames are written on the shim's thread, behind the caller: a write
  /// that fails there must still reach the caller — from a later
  /// `write(_:delay:)` once the queue stops taking frames, or from
  /// `finish()` when it was the last frame.
  @Test func aFrameThatFailsOnTheEncoderThreadIsReported() throws {
    let frames = (0..<8).map { i in Self.frame((0..<64 * 48).map { ($0 / (i + 2)) % 5 }, width: 64) }
    var builder = GIFPaletteBuilder()
    for frame in frames { builder.add(frame) }
    for failing in [0, frames.count - 1] {
      let path = TestFiles.url("fail-\(UUID().uuidString).gif").path
      defer { try? FileManager.default.removeItem(atPath: path) }
      let writer = try GIFWriter(path: path, width: 64, height: 48, palette: builder.palette(), hasTransparency: false,
                                 loop: 0)
      writer.testHooks(encodeInline: false, failFromFrame: failing)
      var thrown: MediaError?
      var writes = 0
      do {
        for frame in frames {
          try writer.write(frame, delay: 4)
          writes += 1
        }
        try writer.finish()
      } catch {
        thrown = error
      }
      #expect(thrown?.reason.contains("compressing a frame") == true, "\(String(describing: thrown))")
      // The queue holds four frames: a failure of the first stops the writes by the sixth.
      if failing == 0 { #expect(writes <= 5) } else { #expect(writes == frames.count) }
    }
  }
}
