// SPDX-License-Identifier: Apache-2.0
// Making shown pixels of a GIF transparent again: disposing of a frame to the background, the cheaper of two ways.

import ZoetropeImages
import ZoetropeMedia

extension GIFWriter {
  /// Writes `indices` where pixels in `clear` (a box) turn transparent:
  /// GIF can only clear a frame's whole rectangle after showing it ("restore
  /// to background"). Two ways, and the one whose frames LZW codes in fewer
  /// bytes is taken (each estimated by coding it):
  ///
  /// - **grow**: the frame before is grown to hold the box and disposed so;
  ///   this frame redraws everything that clears that it should still show;
  /// - **split** (when the frame before lasts 4 cs or more): the frame
  ///   before shows 2 cs less, then a frame drawing nothing over just the
  ///   box shows those 2 cs and is disposed so; this frame redraws the box.
  ///
  /// Either way the screen shows exactly the frames, at exactly their times.
  func writeClearing(_ indices: [UInt8], clear: (x: Int, y: Int, width: Int, height: Int), previous: PendingFrame,
                     rows: [Range<Int>], delay: Int) throws(MediaError) {
    let transparent = UInt8(palette.transparentIndex)
    /// The screen with `box` cleared, and this frame drawn over it (a pixel frame marking the time when clearing
    /// was the whole change).
    func frame(clearing box: (x: Int, y: Int, width: Int, height: Int)) -> PendingFrame {
      var screen = shown
      for y in box.y..<box.y + box.height {
        let row = y * width
        for x in box.x..<box.x + box.width { screen[row + x] = transparent }
      }
      return patch(indices, over: screen, rows: GIFWriter.union(rows, box.y..<box.y + box.height), delay: delay)
        ?? PendingFrame(indices: [transparent], x: 0, y: 0, width: 1, height: 1, delay: delay)
    }
    var grown = previous
    grown.grow(toHold: clear, transparent: transparent)
    grown.disposal = 2
    let afterGrowing = frame(clearing: (grown.x, grown.y, grown.width, grown.height))
    var frames = [grown, afterGrowing]
    if previous.delay >= 2 * GIFWriter.shortestDelay {
      var shortened = previous
      shortened.delay -= GIFWriter.shortestDelay
      let empty = PendingFrame(indices: [UInt8](repeating: transparent, count: clear.width * clear.height),
                               x: clear.x, y: clear.y, width: clear.width, height: clear.height,
                               delay: GIFWriter.shortestDelay, disposal: 2)
      let split = [shortened, empty, frame(clearing: clear)]
      if cost(split) < cost(frames) { frames = split }
    }
    for earlier in frames.dropLast() {
      pending = earlier
      try flush()
    }
    shown = indices
    pending = frames.last
  }

  /// About how many bytes `frames` take in the file: their LZW codes
  /// counted as the coder makes them, and each frame's blocks.
  private func cost(_ frames: [PendingFrame]) -> Int {
    frames.reduce(0) { $0 + GIFWriter.codedBits(of: $1.indices, colors: palette.colorCount + 1) / 8 + 20 }
  }

  /// The bits GIF's LZW codes `indices` in, for a palette of `colors`
  /// entries: a dictionary of up to 4,096 codes, widening from the minimum
  /// code size + 1 to 12 bits, cleared when full.
  static func codedBits(of indices: [UInt8], colors: Int) -> Int {
    var minimum = 2
    while 1 << minimum < colors { minimum += 1 }
    let clearCode = 1 << minimum
    var width = minimum + 1, next = clearCode + 2, bits = width
    // Open addressing: key = prefix << 8 | byte (+ 1, so 0 marks a free slot), value = code.
    let size = 8192
    var keys = [Int32](repeating: 0, count: size), codes = [Int16](repeating: 0, count: size)
    guard var prefix = indices.first.map(Int.init) else { return 2 * bits }
    for byte in indices.dropFirst() {
      let key = Int32(prefix << 8 | Int(byte)) + 1
      var slot = Int(key &* 40503) & (size - 1)
      while keys[slot] != 0, keys[slot] != key { slot = (slot + 1) & (size - 1) }
      if keys[slot] == key {
        prefix = Int(codes[slot])
        continue
      }
      bits += width
      if next < 4096 {
        keys[slot] = key
        codes[slot] = Int16(next)
        next += 1
        if next == 1 << width, width < 12 { width += 1 }
      } else {
        bits += width  // a clear code, and the dictionary starts over
        keys = [Int32](repeating: 0, count: size)
        width = minimum + 1
        next = clearCode + 2
      }
      prefix = Int(byte)
    }
    return bits + 2 * width
  }
}
/// A frame written to a GIF but for its delay and disposal: palette indices
/// of its rectangle, the unchanged pixels transparent.
struct PendingFrame {
  var indices: [UInt8]
  var x: Int, y: Int, width: Int, height: Int
  var delay: Int
  /// 1, "do not dispose"; 2, "restore to background" (cleared after showing).
  var disposal = 1

  /// Grows the rectangle to hold `box` too; the new pixels are `transparent`,
  /// so the frame shows the same.
  mutating func grow(toHold box: (x: Int, y: Int, width: Int, height: Int), transparent: UInt8) {
    let minX = Swift.min(x, box.x), minY = Swift.min(y, box.y)
    let maxX = Swift.max(x + width, box.x + box.width), maxY = Swift.max(y + height, box.y + box.height)
    guard minX < x || minY < y || maxX > x + width || maxY > y + height else { return }
    let w = maxX - minX, h = maxY - minY
    var grown = [UInt8](repeating: transparent, count: w * h)
    for row in 0..<height {
      let from = row * width, to = (y - minY + row) * w + (x - minX)
      grown[to..<to + width] = indices[from..<from + width]
    }
    (indices, x, y, width, height) = (grown, minX, minY, w, h)
  }
}

