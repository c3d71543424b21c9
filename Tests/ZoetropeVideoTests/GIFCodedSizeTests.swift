// SPDX-License-Identifier: Apache-2.0
// A frame's coded size, counted with the shim's coder or, without one (memory short), with a dictionary alone: the same.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
@testable import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct GIFCodedSizeTests {
  /// The counts choose how pixels turn transparent again (which frames a
  /// clip's GIF writes), so a count made without the coder's run tables —
  /// what a writer that found no memory for them counts with — must be the
  /// coder's: over noise, runs up to 3,000 pixels (longer than any string
  /// of their colour), one long run, stripes, and runs growing by one,
  /// which fill the dictionary and clear it mid-run.
  @Test(arguments: [1, 2, 5, 16, 255])
  func aCountWithoutACoderOfItsOwnIsTheCodersCount(colours: Int) throws {
    let width = 120, height = 80
    var noise = GIFCoderTests.Noise(state: UInt64(colours) &+ 99)
    var images: [[Int]] = [(0..<width * height).map { _ in noise.next(colours) }]
    var runs: [Int] = []
    while runs.count < width * height {
      runs += Array(repeating: noise.next(colours), count: 1 + noise.next(noise.next(2) == 0 ? 12 : 3000))
    }
    images.append(Array(runs.prefix(width * height)))
    images.append(Array(repeating: colours - 1, count: width * height))
    images.append((0..<width * height).map { ($0 / 5) % colours })
    var growing: [Int] = []
    var length = 2
    while growing.count < 4 * width * height {
      for colour in 0..<colours { growing += Array(repeating: colour, count: length) }
      length += 1
    }
    images.append(Array(growing.prefix(4 * width * height)))
    var builder = GIFPaletteBuilder()
    for image in images { builder.add(GIFCoderTests.frame(Array(image.prefix(width * height)), width: width)) }
    let palette = builder.palette()
    let paths = (0..<2).map { _ in TestFiles.url("count-\(UUID().uuidString).gif").path }
    defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
    let writers = try [false, true].enumerated().map { k, reference throws(MediaError) in
      try GIFWriter(path: paths[k], width: width, height: height, palette: palette, hasTransparency: false, loop: 0,
                    referenceCoder: reference)
    }
    for (k, image) in images.enumerated() {
      for count in [1, 2, 97, image.count] {
        let indices = image.prefix(count).map { UInt8($0) }
        let fast = writers[0].codedSize(of: indices), plain = writers[1].codedSize(of: indices)
        #expect(fast == plain, "image \(k), \(count) pixels")
        #expect(fast > 0)
      }
    }
    for writer in writers { try writer.finish() }
  }
}
