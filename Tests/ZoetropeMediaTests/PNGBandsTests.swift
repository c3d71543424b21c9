// SPDX-License-Identifier: Apache-2.0
// The fast PNG encoder's bands: compressed each on its own, copied when unchanged, the same bytes either way.

import Foundation
import Testing
import CZoetropeMedia
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct PNGBandsTests {
  /// A deterministic image with flat areas (as frames have) and noise, so
  /// bands compress to different lengths.
  static func image(width: Int, height: Int, seed: UInt64, opaque: Bool = true) -> RGBAImage {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        let flat = (x / 9 + y / 5) % 3 == 0
        let i = 4 * (y * width + x)
        pixels[i] = flat ? 200 : UInt8(truncatingIfNeeded: state)
        pixels[i + 1] = flat ? 40 : UInt8(truncatingIfNeeded: state >> 8)
        pixels[i + 2] = UInt8(truncatingIfNeeded: x * 3 + y)
        pixels[i + 3] = opaque ? 255 : UInt8(truncatingIfNeeded: state >> 16) | 1
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// `image` with the pixels of rows `rows` changed.
  static func changing(_ image: RGBAImage, rows: Range<Int>, alpha: UInt8 = 255) -> RGBAImage {
    var pixels = image.pixels
    for y in rows {
      for x in 0..<image.width {
        let i = 4 * (y * image.width + x)
        pixels[i] &+= 101
        pixels[i + 3] = alpha
      }
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)
  }

  @Test(arguments: [(1, 1), (37, 41), (5, 16), (64, 17), (3, 200), (1, 17), (17, 1), (520, 33)])
  func bandedPNGsReadBackExactly(size: (Int, Int)) throws {
    for opaque in [true, false] {
      let image = Self.image(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1), opaque: opaque)
      let bytes = try image.bandedPNGData(reusing: nil)
      #expect(try RGBAImage(pngData: bytes) == image)
      // IHDR's colour type (byte 25): RGB only when every pixel is opaque.
      #expect(bytes[25] == (opaque ? 2 : 6))
    }
  }

  /// The chunk types of a PNG file, in order.
  static func chunks(_ bytes: [UInt8]) -> [(type: String, length: Int)] {
    var chunks: [(String, Int)] = []
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      chunks.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), length))
      offset += 12 + length
    }
    return offset == bytes.count ? chunks : []
  }

  /// Narrow images get taller bands (at least 32 KiB of RGBA each), wide
  /// ones 16 rows.
  @Test func bandsAreSixteenRowsOrAtLeastThirtyTwoKilobytes() {
    #expect(PNGBandCache.rowsPerBand(width: 1920) == 16)
    #expect(PNGBandCache.rowsPerBand(width: 512) == 16)
    #expect(PNGBandCache.rowsPerBand(width: 256) == 32)
    #expect(PNGBandCache.rowsPerBand(width: 50) == 164)
    #expect(PNGBandCache.rowsPerBand(width: 1) == 6554)
    #expect(PNGBandCache.rowsPerBand(width: 0) == 16)
    #expect(PNGBandCache.rowsPerBand(width: 1 << 24) == 16)
  }

  /// Each band is an IDAT chunk of its own: a decoder sees every band
  /// boundary, so this guards the layout the reuse depends on.
  @Test func eachBandIsAnIDATChunk() throws {
    let wide = try Self.image(width: 520, height: 40, seed: 3).bandedPNGData(reusing: nil)
    #expect(Self.chunks(wide).map(\.type) == ["IHDR", "IDAT", "IDAT", "IDAT", "IEND"])  // rows 0–15, 16–31, 32–39
    let narrow = try Self.image(width: 50, height: 200, seed: 3).bandedPNGData(reusing: nil)
    #expect(Self.chunks(narrow).map(\.type) == ["IHDR", "IDAT", "IDAT", "IEND"])  // rows 0–163, 164–199
  }

  @Test func reusedBandsGiveTheBytesOfCompressingWhole() throws {
    let cache = try #require(PNGBandCache())
    let first = Self.image(width: 520, height: 100, seed: 7)
    // Frames that change one band, two bands across a boundary, nothing,
    // the last (short) band, and every band.
    let frames = [
      first, Self.changing(first, rows: 20..<21), Self.changing(first, rows: 30..<34), Self.changing(first, rows: 30..<34),
      Self.changing(first, rows: 99..<100), Self.changing(first, rows: 0..<100),
    ]
    // Bands: 7 (six of 16 rows, one of 4).
    let expectedReuse = [0, 6, 5, 7, 4, 0]
    for (frame, reused) in zip(frames, expectedReuse) {
      let kept = try frame.bandedPNGData(reusing: cache)
      #expect(cache.reusedBands == reused)
      #expect(kept == (try frame.bandedPNGData(reusing: nil)))
      #expect(try RGBAImage(pngData: kept) == frame)
    }
  }

  /// A band that did not change is still encoded again when the image as a
  /// whole switches between RGB and RGBA, or changes size.
  @Test func bandsAreNotReusedAcrossColourTypesOrSizes() throws {
    let cache = try #require(PNGBandCache())
    let opaque = Self.image(width: 520, height: 64, seed: 11)
    let translucent = Self.changing(opaque, rows: 3..<4, alpha: 128)
    let smaller = Self.image(width: 520, height: 48, seed: 11)
    for (frame, reused) in [(opaque, 0), (translucent, 0), (translucent, 4), (opaque, 0), (smaller, 0), (smaller, 3)] {
      let kept = try frame.bandedPNGData(reusing: cache)
      #expect(cache.reusedBands == reused)
      #expect(kept == (try frame.bandedPNGData(reusing: nil)))
      #expect(try RGBAImage(pngData: kept) == frame)
    }
  }

  @Test func aSequenceWritesTheSameBytesWithAndWithoutReuse() throws {
    let folder = TestFiles.url("zoetrope-bands-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = Self.image(width: 520, height: 70, seed: 5)
    let frames = (0..<6).map { Self.changing(base, rows: $0 * 9..<$0 * 9 + 2) }
    var files: [Bool: [Data]] = [:]
    for reuse in [true, false] {
      let pattern = folder.appendingPathComponent(reuse ? "a/%02d.png" : "b/%02d.png").path
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: pattern).deletingLastPathComponent(), withIntermediateDirectories: true)
      let sink = try PNGSequenceSink(pattern: pattern, reusesUnchangedBands: reuse)
      // From two threads, as a render hands them over; then once more from
      // one, in order, into a second pattern's names.
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        for index in stride(from: half, to: frames.count, by: 2) {
          try? sink.process(frames[index], index: index)
        }
      }
      let reusedInParallel = sink.reusedBands
      // Each frame changes two or three of the five bands from the one two
      // before it (what the other thread wrote), so some are always reused.
      #expect(reuse ? reusedInParallel > 0 : reusedInParallel == 0)
      try sink.finish()
      files[reuse] = try frames.indices.map { try Data(contentsOf: URL(fileURLWithPath: sink.path(ofFrame: $0))) }
    }
    #expect(files[true] == files[false])
    #expect(try files[true]!.map { try RGBAImage(pngData: [UInt8]($0)) } == frames)
  }
}

extension PNGBandsTests {
  /// A band's bytes must not depend on how much room its buffer had. Were
  /// deflate to fill the buffer exactly at the band's end, asking for the
  /// flush again would add a second empty block: a band compressed into a
  /// buffer that earlier, noisier frames had grown would then differ from
  /// the same band compressed fresh. Here a band compresses to exactly
  /// 4,096 bytes (a size a fresh buffer could have) and is written fresh
  /// and through a keeper grown by noise.
  @Test func aBandsBytesDoNotDependOnItsBuffer() throws {
    // 520 × 16 translucent pixels (one band, RGBA): zeros after `noise`
    // bytes of noise, the noise's length searched until the band's segment
    // (the IDAT less the zlib header and trailer) is 4,096 bytes.
    func image(noise: Int, seed: UInt64) -> RGBAImage {
      var state = seed | 1
      var pixels = [UInt8](repeating: 0, count: 520 * 16 * 4)
      for i in 0..<noise {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        pixels[i] = UInt8(truncatingIfNeeded: state)
      }
      for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] == 255 { pixels[i] = 254 }
      return RGBAImage(width: 520, height: 16, pixels: pixels)
    }
    var found: RGBAImage?
    search: for seed in UInt64(1)...4 {
      for noise in 3_700..<4_000 {
        let candidate = image(noise: noise, seed: seed)
        let chunks = Self.chunks(try candidate.bandedPNGData(reusing: nil))
        if chunks.count == 3, chunks[1].length - 8 == 4_096 {
          found = candidate
          break search
        }
      }
    }
    let exact = try #require(found, "no image whose band compresses to 4,096 bytes")
    let keeper = try #require(PNGBandCache())
    _ = try image(noise: 520 * 16 * 4, seed: 99).bandedPNGData(reusing: keeper)  // grows the band's buffer
    #expect(try exact.bandedPNGData(reusing: keeper) == (try exact.bandedPNGData(reusing: nil)))
    #expect(try RGBAImage(pngData: try exact.bandedPNGData(reusing: nil)) == exact)
  }
}

/// The AVX2 Adler-32 against zlib's and against the definition, at every
/// length around its 32-byte steps and 5,536-byte runs, from any start.
@Suite struct Adler32Tests {
  /// Adler-32 as RFC 1950 defines it, one byte at a time.
  static func reference(_ adler: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
    var a = adler & 0xFFFF, b = adler >> 16
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  @Test func bothAgreeWithTheDefinition() {
    var state: UInt64 = 0x1234_5678_9ABC_DEF1
    let bytes = (0..<20_000).map { _ -> UInt8 in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      // Long runs of 255 push every sum to its largest.
      return state % 5 == 0 ? UInt8(truncatingIfNeeded: state >> 24) : 255
    }
    let lengths = Array(0...70) + [5535, 5536, 5537, 5552, 11_072, 11_073, 19_999]
    for length in lengths {
      for (start, adler) in [(0, UInt32(1)), (3, 0xFFF0_FFF0), (1, 0x0001_2345)] where start + length <= bytes.count {
        let slice = bytes[start..<start + length]
        let expected = Self.reference(adler, slice)
        slice.withUnsafeBufferPointer { buffer in
          #expect(zt_adler32(adler, buffer.baseAddress, buffer.count, 1) == expected, "portable, \(length) bytes")
          #expect(zt_adler32(adler, buffer.baseAddress, buffer.count, 0) == expected, "fast, \(length) bytes")
        }
      }
    }
  }
}

extension Adler32Tests {
  @Test func packingRGBKeepsEveryPixelsColourAndWritesNoFurther() {
    let rgba = (0..<(4 * 67)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in 0...67 {
      let expected = (0..<count).flatMap { rgba[4 * $0..<4 * $0 + 3] }
      for portable in [Int32(1), 0] {
        // The documented 4 bytes of room, then a guard byte that must survive.
        var rgb = [UInt8](repeating: 0xEE, count: 3 * count + 5)
        rgb.withUnsafeMutableBufferPointer { zt_pack_rgb($0.baseAddress, rgba, count, portable) }
        #expect(Array(rgb[..<(3 * count)]) == expected, "\(count) pixels, portable \(portable)")
        #expect(rgb[3 * count + 4] == 0xEE)
      }
    }
  }
}
