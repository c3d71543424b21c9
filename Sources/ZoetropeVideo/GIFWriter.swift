// SPDX-License-Identifier: Apache-2.0
// GIF files out: palette mapping, frame differencing, GIF's centisecond clock.

import CZoetropeVideo
import ZoetropeImages
import ZoetropeMedia

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes frames into an animated GIF with one palette for the clip.
///
/// - Each frame is mapped to the palette (exactly, when the palette holds
///   every colour of the clip; else to the nearest colour, optionally with
///   4×4 ordered dithering, which is stable from frame to frame and
///   compresses better than error diffusion). A pixel whose exact colour is
///   in the palette is never dithered, so flat areas stay flat.
/// - Every frame after the first stores only the rectangle that changed
///   since the previous frame, with the unchanged pixels inside it
///   transparent (long runs that LZW codes in a few bits), drawn over what
///   is shown ("do not dispose"); a frame identical to the previous one only
///   lengthens its delay. GIF cannot make a shown pixel transparent again
///   but by disposing of a frame after it shows, over its whole rectangle:
///   "restore to background" clears it, "restore to previous" puts back
///   what showed before the frame. Where pixels of a clip with transparency
///   turn transparent, the frame before is disposed of in whichever way
///   (see ``writeClearing(_:clear:previous:rows:delay:)``) codes the
///   fewest bytes, and the new frame redraws what that took away. The
///   delays still add up to the clip's clock. The last frame of such a
///   clip clears the whole screen, so a loop or a joined part after it
///   starts from a clear screen.
/// - GIF counts time in centiseconds: frame i starts at `round(100 i / fps)`
///   cs, so delays alternate where 100/fps is fractional and the average rate
///   is right. Most viewers slow frames shorter than 2 cs down to 10 cs, so
///   rates above 50 fps do not play as written.
package final class GIFWriter {
  /// The file being written.
  package let path: String
  /// The frame size.
  package let width: Int, height: Int
  /// The palette every frame is mapped to.
  package let palette: GIFPalette
  /// Whether frames are dithered.
  package let dithers: Bool
  private var writer: OpaquePointer?
  /// Whether the clip has transparent pixels (that may need clearing).
  private let hasTransparency: Bool
  /// What the viewer shows after the frames written so far.
  var shown: [UInt8] = []
  /// The ways of writing the frames not yet in the file, cheapest first;
  /// each ends with a frame waiting for its delay (and, with transparency,
  /// its disposal) to be known. Empty before the first frame.
  var paths: [FramePath] = []
  private var frameCount = 0
  /// Palette index of every colour met so far (exact colours up front).
  private var exactIndex = ColorTable<UInt8>()
  /// Palette index of each palette colour, and nothing else.
  private let paletteIndex: ColorTable<UInt8>
  private var nearestCache: [Int16]
  /// The last frame's pixels: a row equal to its row there keeps its
  /// indices and is neither mapped nor compared again.
  private var lastPixels: [UInt8] = []
  /// Whether rows equal to the last frame's are skipped (the default); the
  /// file is the same either way (tests and the bench turn it off to compare).
  package let skipsUnchangedRows: Bool

  /// Opens `path` (directly; callers wanting atomic output pass a temporary
  /// path) for `width × height` frames. `loop` is the NETSCAPE2.0 loop count
  /// written as it is: 0 = forever, n = n repeats after the first play
  /// (n + 1 plays, as browsers and most viewers read it), `nil` = no
  /// loop extension (one play); ``loopCount(plays:)`` converts a number of plays. `comment` goes into a comment extension after
  /// the loop extension (a part's ``ClipPart`` tag). `skipsUnchangedRows`:
  /// see the property. `referenceCoder`: compress with giflib's own LZW
  /// coder, the reference the shim's faster one is tested against (the
  /// same file).
  package init(path: String, width: Int, height: Int, palette: GIFPalette, hasTransparency: Bool, loop: Int?,
              dither: Bool = false, comment: String? = nil, skipsUnchangedRows: Bool = true,
              referenceCoder: Bool = false) throws(MediaError) {
    self.path = path
    self.skipsUnchangedRows = skipsUnchangedRows
    self.width = width
    self.height = height
    self.palette = palette
    dithers = dither && !palette.isExact
    self.hasTransparency = hasTransparency
    nearestCache = [Int16](repeating: -1, count: dither && !palette.isExact ? 1 << 18 : 0)
    var paletteIndex = ColorTable<UInt8>()
    for i in (0..<palette.colorCount).reversed() {  // the lowest index of a repeated colour wins
      let word = UInt32(palette.rgb[3 * i]) | UInt32(palette.rgb[3 * i + 1]) << 8 | UInt32(palette.rgb[3 * i + 2]) << 16
      paletteIndex.set(UInt8(i), for: word)
    }
    self.paletteIndex = paletteIndex
    exactIndex = paletteIndex
    var table = palette.rgb + [0, 0, 0]  // the transparent entry
    var buffer = [CChar](repeating: 0, count: 512)
    var handle: OpaquePointer?
    let status = zt_gif_open(path, Int32(width), Int32(height), &table, Int32(palette.colorCount + 1),
                             Int32(loop ?? -1), comment, &handle, &buffer, buffer.count)
    guard status == 0, let handle else { throw MediaError(path: path, message: buffer) }
    writer = handle
    if referenceCoder { zt_gif_use_reference_coder(handle) }
    table.removeAll()
  }

  deinit {
    // Not finished: thrown away (a cancelled render), without waiting for queued frames.
    if let writer { zt_gif_abandon(writer) }
  }

  /// For tests: frames are encoded by ``write(_:delay:)`` itself, as when
  /// the shim's encoder thread cannot start (`encodeInline`), and the
  /// `failFromFrame`-th frame written to the file (from 0) and later ones
  /// fail as on a full disk.
  package func testHooks(encodeInline: Bool, failFromFrame: Int? = nil) {
    guard let writer else { return }
    zt_gif_test_hooks(writer, encodeInline ? 1 : 0, failFromFrame ?? -1)
  }

  /// The NETSCAPE2.0 loop count that makes a GIF play `plays` times: 0
  /// (forever) for 0 or less, `nil` (no extension) for 1, else `plays − 1`
  /// repeats, at most 65,535 (65,536 plays).
  package static func loopCount(plays: Int) -> Int? {
    if plays <= 0 { return 0 }
    if plays == 1 { return nil }
    return Swift.min(plays - 1, 65535)
  }

  /// The shortest delay viewers honour, centiseconds: browsers show frames
  /// of 1 cs or less for 10 cs.
  static let shortestDelay = 2

  /// The start of frame `index` on GIF's clock, in centiseconds.
  package static func centiseconds(ofFrame index: Int, frameRate: Double) -> Int {
    // Clamped before converting: no rate or index can trap it.
    let exact = (Double(index) * 100 / frameRate).rounded()
    return exact.isNaN ? 0 : Int(Swift.min(Swift.max(exact, 0), 1e15))
  }

  /// Adds the next frame, shown for `delay` centiseconds. Frames reach the
  /// file a little later, compressed on the shim's own thread: a failure
  /// thrown here may be an earlier frame's.
  package func write(_ frame: RGBAImage, delay: Int) throws(MediaError) {
    guard writer != nil else { throw MediaError(path: path, reason: "the GIF is already finished") }
    guard frame.width == width, frame.height == height else {
      throw MediaError(path: path, reason: "frame is \(frame.width)×\(frame.height), the GIF \(width)×\(height)")
    }
    let changed = changedRows(of: frame)
    // The kept pixels are this frame's now; should writing fail, they would
    // not be what is shown, so the next frame starts over from every row.
    var written = false
    defer { if !written { lastPixels = [] } }
    let indices = map(frame, rows: changed)
    defer { frameCount += 1 }
    guard !shown.isEmpty, !paths.isEmpty else {
      shown = indices
      let first = PendingFrame(indices: indices, x: 0, y: 0, width: width, height: height, delay: delay, isFirst: true)
      paths = [FramePath(frames: [first], beforeShown: [], cost: 0)]
      written = true
      return
    }
    if hasTransparency, let clear = turningTransparent(indices, rows: changed) {
      try writeClearing(indices, clear: clear, rows: changed, delay: delay)
      written = true
      return
    }
    guard let next = patch(indices, over: shown, rows: changed, delay: delay) else {
      // Nothing changed: the previous frame stays up longer.
      for i in paths.indices { paths[i].frames[paths[i].frames.count - 1].delay += delay }
      written = true
      return
    }
    for i in paths.indices {
      paths[i].frames.append(next)
      paths[i].beforeShown = shown
    }
    shown = indices
    try commit()
    written = true
  }

  /// The rectangle of `indices` that differs from `screen` in `rows`, with
  /// the pixels that do not differ transparent, shown for `delay`; `nil`
  /// when nothing differs.
  func patch(_ indices: [UInt8], over screen: [UInt8], rows: [Range<Int>], delay: Int) -> PendingFrame? {
    let width = width
    var minX = width, minY = height, maxX = -1, maxY = -1
    indices.withUnsafeBufferPointer { indices in
      screen.withUnsafeBufferPointer { shown in
        for y in rows.joined() {
          let row = y &* width
          var x = 0
          while x < width, indices[row &+ x] == shown[row &+ x] { x &+= 1 }
          guard x < width else { continue }
          var last = width &- 1
          while indices[row &+ last] == shown[row &+ last] { last &-= 1 }
          minX = Swift.min(minX, x); maxX = Swift.max(maxX, last)
          minY = Swift.min(minY, y); maxY = y
        }
      }
    }
    guard maxX >= 0 else { return nil }
    let w = maxX - minX + 1, h = maxY - minY + 1
    let transparent = UInt8(palette.transparentIndex)
    let patch = [UInt8](unsafeUninitializedCapacity: w * h) { patch, initialized in
      indices.withUnsafeBufferPointer { indices in
        screen.withUnsafeBufferPointer { shown in
          for y in 0..<h {
            let from = (minY &+ y) &* width &+ minX, to = y &* w
            for x in 0..<w {
              patch[to &+ x] = indices[from &+ x] == shown[from &+ x] ? transparent : indices[from &+ x]
            }
          }
        }
      }
      initialized = w * h
    }
    return PendingFrame(indices: patch, x: minX, y: minY, width: w, height: h, delay: delay)
  }

  /// The box of the pixels in `rows` that are transparent in `indices` but
  /// not on the screen now; `nil` when there are none.
  func turningTransparent(_ indices: [UInt8], rows: [Range<Int>]) -> ScreenBox? {
    let transparent = UInt8(palette.transparentIndex)
    var minX = width, minY = height, maxX = -1, maxY = -1
    indices.withUnsafeBufferPointer { indices in
      shown.withUnsafeBufferPointer { shown in
        for y in rows.joined() {
          let row = y &* width
          for x in 0..<width where indices[row &+ x] == transparent && shown[row &+ x] != transparent {
            minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
          }
        }
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  /// Ascending runs of rows: `runs` with `extra` added.
  static func union(_ runs: [Range<Int>], _ extra: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for run in (runs + [extra]).sorted(by: { $0.lowerBound < $1.lowerBound }) where !run.isEmpty {
      if let last = result.last, run.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, run.upperBound)
      } else {
        result.append(run)
      }
    }
    return result
  }

  /// Writes the last frame and the trailer, and closes the file; throws the
  /// failure of any frame not yet reported. With transparency the last
  /// frame clears the whole screen after showing, so that a loop (or the
  /// next part, joined) starts from a clear screen.
  package func finish() throws(MediaError) {
    var frames = paths.first?.frames ?? []
    paths = []
    if hasTransparency, !frames.isEmpty {
      frames[frames.count - 1].grow(toHold: (0, 0, width, height), transparent: UInt8(palette.transparentIndex))
      frames[frames.count - 1].disposal = 2
    }
    for frame in frames { try emit(frame) }
    guard let writer else { return }
    self.writer = nil
    var buffer = [CChar](repeating: 0, count: 512)
    guard zt_gif_close(writer, &buffer, buffer.count) == 0 else { throw MediaError(path: path, message: buffer) }
  }

  /// Writes the frames every path begins with (all but a path's last), or
  /// the cheapest path's oldest frame while it holds more than
  /// ``lookahead`` frames, dropping the paths that do not begin with it.
  func commit() throws(MediaError) {
    while let first = paths.first?.frames.first, paths[0].frames.count > 1 {
      let agreed = paths.allSatisfy { $0.frames.count > 1 && $0.frames[0] == first }
      guard agreed || paths[0].frames.count > GIFWriter.lookahead else { return }
      paths = paths.filter { $0.frames.count > 1 && $0.frames[0] == first }
      for i in paths.indices { paths[i].frames.removeFirst() }
      try emit(first)
    }
  }

  /// Frames a path may hold before its oldest is written.
  static let lookahead = 4

  /// Writes `frame` to the file.
  func emit(_ frame: PendingFrame) throws(MediaError) {
    guard let writer else { return }
    var buffer = [CChar](repeating: 0, count: 512)
    let status = frame.indices.withUnsafeBufferPointer {
      zt_gif_write_frame(writer, $0.baseAddress, Int32(frame.x), Int32(frame.y), Int32(frame.width),
                         Int32(frame.height), Int32(Swift.min(frame.delay, 65535)), Int32(palette.transparentIndex),
                         Int32(frame.disposal), &buffer, buffer.count)
    }
    guard status == 0 else { throw MediaError(path: path, message: buffer) }
  }

  /// The bytes `indices` take as a frame's image data, counted by the
  /// shim's coder without writing them (its own, made with the writer, so
  /// that the count, and the frames it chooses, never depend on memory
  /// found later).
  func codedSize(of indices: [UInt8]) -> Int {
    guard let writer else { return indices.count }
    return Int(indices.withUnsafeBufferPointer { zt_gif_coded_size(writer, $0.baseAddress, $0.count) })
  }

  /// 4×4 Bayer thresholds, 0…15.
  private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

  /// The rows of `frame` that differ from the last frame's (all of them at
  /// the first frame, or when not skipping), as ascending runs; keeps those
  /// rows as the last frame's.
  private func changedRows(of frame: RGBAImage) -> [Range<Int>] {
    let stride = 4 * width
    guard skipsUnchangedRows, stride > 0, height > 0 else { return [0..<height] }
    guard lastPixels.count == frame.pixels.count, !shown.isEmpty else {
      lastPixels = frame.pixels.withUnsafeBufferPointer { Array($0) }  // a copy, not a shared buffer
      return [0..<height]
    }
    var runs: [Range<Int>] = []
    frame.pixels.withUnsafeBytes { new in
      lastPixels.withUnsafeMutableBytes { old in
        for y in 0..<height where memcmp(old.baseAddress! + y * stride, new.baseAddress! + y * stride, stride) != 0 {
          memcpy(old.baseAddress! + y * stride, new.baseAddress! + y * stride, stride)
          if let last = runs.last, last.upperBound == y { runs[runs.count - 1] = last.lowerBound..<y + 1 } else { runs.append(y..<y + 1) }
        }
      }
    }
    return runs
  }

  /// Palette indices of a frame: `rows` mapped, the others as shown now.
  private func map(_ frame: RGBAImage, rows: [Range<Int>]) -> [UInt8] {
    var out = shown.count == width * height ? shown : [UInt8](repeating: 0, count: width * height)
    let transparent = UInt8(palette.transparentIndex)
    let width = width
    frame.pixels.withUnsafeBytes { raw in
      out.withUnsafeMutableBufferPointer { out in
        let words = raw.bindMemory(to: UInt32.self)
        var previous: UInt32 = 0xFFFF_FFFF, previousIndex: UInt8 = 0, previousExact: UInt8? = nil
        for y in rows.joined() {
          let row = y &* width
          for x in 0..<width {
            let w = UInt32(littleEndian: words[row &+ x])
            if w >> 31 == 0 {
              out[row &+ x] = transparent
              continue
            }
            let rgb = w & 0x00FF_FFFF
            if !dithers {
              // The nearest colour to the exact pixel value, remembered per colour.
              if rgb != previous {
                previous = rgb
                if let known = exactIndex.value(of: rgb) {
                  previousIndex = known
                } else {
                  previousIndex = nearestExact(rgb)
                  exactIndex.set(previousIndex, for: rgb)
                }
              }
              out[row &+ x] = previousIndex
            } else {
              // A colour the palette holds exactly is not dithered (flat areas stay flat).
              if rgb != previous {
                previous = rgb
                previousExact = paletteIndex.value(of: rgb)
              }
              if let known = previousExact {
                out[row &+ x] = known
                continue
              }
              let offset = (GIFWriter.bayer[(y & 3) * 4 + (x & 3)] - 8) * 3 / 2
              func channel(_ shift: UInt32) -> UInt32 {
                UInt32(Swift.min(255, Swift.max(0, Int((rgb >> shift) & 0xFF) + offset)))
              }
              out[row &+ x] = nearest(channel(0) | channel(8) << 8 | channel(16) << 16)
            }
          }
        }
      }
    }
    return out
  }

  /// The palette colour nearest to `rgb` exactly (ties to the lower index).
  private func nearestExact(_ rgb: UInt32) -> UInt8 {
    let r = Int(rgb & 0xFF), g = Int((rgb >> 8) & 0xFF), b = Int(rgb >> 16)
    var best = 0, bestDistance = Int.max
    for i in 0..<palette.colorCount {
      let dr = r - Int(palette.rgb[3 * i]), dg = g - Int(palette.rgb[3 * i + 1]), db = b - Int(palette.rgb[3 * i + 2])
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance { bestDistance = d; best = i }
    }
    return UInt8(best)
  }

  /// The palette colour nearest to `rgb`, cached per 6-bit-per-channel cell
  /// (for dithered pixels, whose values are noisy anyway).
  private func nearest(_ rgb: UInt32) -> UInt8 {
    let r = Int(rgb & 0xFF), g = Int((rgb >> 8) & 0xFF), b = Int(rgb >> 16)
    let cell = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
    if !nearestCache.isEmpty, nearestCache[cell] >= 0 { return UInt8(nearestCache[cell]) }
    // The cell's centre stands for all its colours.
    let cr = (r & ~3) + 2, cg = (g & ~3) + 2, cb = (b & ~3) + 2
    var best = 0, bestDistance = Int.max
    for i in 0..<palette.colorCount {
      let dr = cr - Int(palette.rgb[3 * i]), dg = cg - Int(palette.rgb[3 * i + 1]), db = cb - Int(palette.rgb[3 * i + 2])
      let d = dr * dr + dg * dg + db * db
      if d < bestDistance { bestDistance = d; best = i }
    }
    if !nearestCache.isEmpty { nearestCache[cell] = Int16(best) }
    return UInt8(best)
  }
}

/// A GIF as a viewer shows it (for tests and comparisons).
package struct GIFFile: Sendable {
  /// The screen after each frame, straight-alpha RGBA.
  package var frames: [RGBAImage]
  /// Each frame's delay in centiseconds.
  package var delays: [Int]
  /// The NETSCAPE2.0 loop count as stored: 0 = forever, n = n repeats after
  /// the first play; `nil` when absent (one play).
  package var loop: Int?

  /// Reads and composites every frame of the GIF at `path`.
  package init(contentsOf path: String) throws(MediaError) {
    var frames: UnsafeMutablePointer<UInt8>?, delays: UnsafeMutablePointer<Int32>?
    var count: Int32 = 0, width: Int32 = 0, height: Int32 = 0, loop: Int32 = -1
    var buffer = [CChar](repeating: 0, count: 512)
    guard zt_gif_read(path, &frames, &count, &width, &height, &delays, &loop, &buffer, buffer.count) == 0 else {
      throw MediaError(path: path, message: buffer)
    }
    defer { zt_free(frames); zt_free(delays) }
    let bytes = 4 * Int(width) * Int(height)
    self.frames = (0..<Int(count)).map { i in
      RGBAImage(width: Int(width), height: Int(height),
                pixels: Array(UnsafeBufferPointer(start: frames! + i * bytes, count: bytes)))
    }
    self.delays = (0..<Int(count)).map { Int(delays![$0]) }
    self.loop = loop < 0 ? nil : Int(loop)
  }
}
