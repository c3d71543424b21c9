// SPDX-License-Identifier: Apache-2.0
// Making shown pixels of a GIF transparent again: disposing of the frame before, the cheapest of several ways.

import ZoetropeImages
import ZoetropeMedia

/// A rectangle of the screen, in pixels.
typealias ScreenBox = (x: Int, y: Int, width: Int, height: Int)

extension GIFWriter {
  /// Paths kept at once: the cheapest after each frame.
  static let pathCount = 3

  /// Writes `indices` where pixels in `clear` (a box) turn transparent. GIF
  /// makes a shown pixel transparent only by disposing of a frame after it
  /// shows, over the frame's whole rectangle. Every path (a way of writing
  /// the frames so far) goes on in each of these ways, and the
  /// ``pathCount`` cheapest paths — in the bytes their frames' LZW codes
  /// take — are kept, so that a way pays off when it makes the frames after
  /// it cheaper (ties go to the earlier way and path):
  ///
  /// - **split, around** (when the frame before lasts 4 cs or more): the
  ///   frame before shows 2 cs less, then a frame drawing nothing shows those
  ///   2 cs and is restored to the background over the pixels and whatever
  ///   stands on the clear area with them (a card moving over it), out to the
  ///   transparent pixels around; this frame redraws what was cleared;
  /// - **split** as above over just the pixels' box;
  /// - **restore to previous**, when the pixels were transparent before the
  ///   frame before was drawn: that frame, grown to hold the box, is undone
  ///   after showing, and this frame redraws what it changed. A card moving
  ///   over a cleared area is then drawn whole in each frame over that area,
  ///   which stays clear underneath;
  /// - **restore to background**: the frame before is grown to hold the box
  ///   and cleared after showing; this frame redraws everything that clears
  ///   that it should still show.
  ///
  /// Each way shows exactly the frames, at exactly their times.
  func writeClearing(_ indices: [UInt8], clear: ScreenBox, rows: [Range<Int>], delay: Int) throws(MediaError) {
    let around = surroundings(of: clear, in: indices)
    var next: [FramePath] = []
    for path in paths { next += ways(on: path, to: indices, clear: clear, around: around, rows: rows, delay: delay) }
    // Cheapest first; among equals, the earlier path and way (a stable order).
    paths = next.indices.sorted { (next[$0].cost, $0) < (next[$1].cost, $1) }.prefix(GIFWriter.pathCount).map { next[$0] }
    shown = indices
    try commit()
  }

  /// `path` gone on to `indices` in each way that can clear `clear`.
  private func ways(on path: FramePath, to indices: [UInt8], clear: ScreenBox, around: ScreenBox?, rows: [Range<Int>],
                    delay: Int) -> [FramePath] {
    let transparent = UInt8(palette.transparentIndex)
    let previous = path.frames[path.frames.count - 1]
    let previousCost = cost(previous)
    let before = path.cost - previousCost
    /// The cost of `frame`, counted again only when its pixels are not the frame before's.
    func costing(_ frame: PendingFrame) -> Int { frame.indices == previous.indices ? previousCost : cost(frame) }
    /// `path` with its last frame replaced by `earlier`, then this frame over `screen` (changed in `box`).
    func reaching(_ earlier: [PendingFrame], screen: [UInt8], changed box: ScreenBox) -> FramePath {
      let next = patch(indices, over: screen, rows: GIFWriter.union(rows, box.y..<box.y + box.height), delay: delay)
        ?? PendingFrame(indices: [transparent], x: 0, y: 0, width: 1, height: 1, delay: delay)
      let frames = path.frames.dropLast() + earlier + [next]
      return FramePath(frames: Array(frames), beforeShown: screen,
                       cost: before + earlier.reduce(0) { $0 + costing($1) } + cost(next))
    }
    var ways: [FramePath] = []
    if previous.delay >= 2 * GIFWriter.shortestDelay {
      var shortened = previous
      shortened.delay -= GIFWriter.shortestDelay
      shortened.disposal = 1
      var boxes: [ScreenBox] = [clear]
      if let around, around != clear { boxes.insert(around, at: 0) }
      for box in boxes {
        let empty = PendingFrame(indices: [UInt8](repeating: transparent, count: box.width * box.height),
                                 x: box.x, y: box.y, width: box.width, height: box.height,
                                 delay: GIFWriter.shortestDelay, disposal: 2)
        ways.append(reaching([shortened, empty], screen: filled(shown, box, with: transparent), changed: box))
      }
    }
    if !previous.isFirst, wereTransparent(clear, in: indices, before: path.beforeShown) {
      var undone = previous
      undone.grow(toHold: clear, transparent: transparent)
      undone.disposal = 3
      let box = undone.box
      var screen = shown
      for y in box.y..<box.y + box.height {
        let row = y * width
        screen[row + box.x..<row + box.x + box.width] = path.beforeShown[row + box.x..<row + box.x + box.width]
      }
      ways.append(reaching([undone], screen: screen, changed: box))
    }
    var grown = previous
    grown.grow(toHold: clear, transparent: transparent)
    grown.disposal = 2
    ways.append(reaching([grown], screen: filled(shown, grown.box, with: transparent), changed: grown.box))
    return ways
  }

  /// `screen` with `box` set to `index`.
  private func filled(_ screen: [UInt8], _ box: ScreenBox, with index: UInt8) -> [UInt8] {
    var screen = screen
    for y in box.y..<box.y + box.height {
      let row = y * width
      for p in row + box.x..<row + box.x + box.width { screen[p] = index }
    }
    return screen
  }

  /// Whether every pixel in `box` turning transparent (transparent in
  /// `indices`, not on the screen) is transparent in `beforeShown`.
  private func wereTransparent(_ box: ScreenBox, in indices: [UInt8], before beforeShown: [UInt8]) -> Bool {
    let transparent = UInt8(palette.transparentIndex)
    guard beforeShown.count == shown.count else { return false }
    for y in box.y..<box.y + box.height {
      let row = y * width
      for p in row + box.x..<row + box.x + box.width
      where indices[p] == transparent && shown[p] != transparent && beforeShown[p] != transparent {
        return false
      }
    }
    return true
  }

  /// The box of the pixels turning transparent in `clear` and of what stands
  /// with them on the clear area — every pixel reached from them through
  /// pixels opaque on the screen or in `indices` — widened over rows and
  /// columns transparent in both (clearing those costs nothing and leaves room
  /// to move); `nil` when that is the whole screen.
  func surroundings(of clear: ScreenBox, in indices: [UInt8]) -> ScreenBox? {
    let transparent = UInt8(palette.transparentIndex)
    let width = width, height = height
    var reached = [Bool](repeating: false, count: width * height)
    var stack: [Int] = []
    for y in clear.y..<clear.y + clear.height {
      for p in y * width + clear.x..<y * width + clear.x + clear.width
      where indices[p] == transparent && shown[p] != transparent {
        reached[p] = true
        stack.append(p)
      }
    }
    var minX = clear.x, minY = clear.y, maxX = clear.x + clear.width - 1, maxY = clear.y + clear.height - 1
    while let p = stack.popLast() {
      let x = p % width, y = p / width
      minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
      minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
        func visit(_ q: Int) {
        guard !reached[q], shown[q] != transparent || indices[q] != transparent else { return }
        reached[q] = true
        stack.append(q)
      }
      if x > 0 { visit(p - 1) }
      if x + 1 < width { visit(p + 1) }
      if y > 0 { visit(p - width) }
      if y + 1 < height { visit(p + width) }
    }
    /// Whether the pixels in rows `ys`, columns `xs` are transparent in both.
    func bothClear(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Bool {
      for y in ys {
        for p in y * width + xs.lowerBound...y * width + xs.upperBound
        where shown[p] != transparent || indices[p] != transparent { return false }
      }
      return true
    }
    // A side that cannot widen never can: widening the others only lengthens it.
    var top = true, bottom = true, left = true, right = true
    while top || bottom || left || right {
      top = top && minY > 0 && bothClear(minX...maxX, minY - 1...minY - 1)
      if top { minY -= 1 }
      bottom = bottom && maxY + 1 < height && bothClear(minX...maxX, maxY + 1...maxY + 1)
      if bottom { maxY += 1 }
      left = left && minX > 0 && bothClear(minX - 1...minX - 1, minY...maxY)
      if left { minX -= 1 }
      right = right && maxX + 1 < width && bothClear(maxX + 1...maxX + 1, minY...maxY)
      if right { maxX += 1 }
    }
    let box = (minX, minY, maxX - minX + 1, maxY - minY + 1)
    return box.2 == width && box.3 == height ? nil : box
  }

  /// About how many bytes `frame` takes in the file: its image data as the
  /// shim's coder makes it, and its blocks.
  private func cost(_ frame: PendingFrame) -> Int {
    codedSize(of: frame.indices) + 20
  }
}

/// A way of writing the frames not yet in the file.
struct FramePath {
  /// The frames, in order; the last waits for its delay and disposal.
  var frames: [PendingFrame]
  /// The screen before the last frame is drawn (empty before the first frame).
  var beforeShown: [UInt8]
  /// About how many bytes the frames take, from the path's start.
  var cost: Int
}

/// A frame written to a GIF but for its delay and disposal: palette indices
/// of its rectangle, the unchanged pixels transparent.
struct PendingFrame: Equatable {
  var indices: [UInt8]
  var x: Int, y: Int, width: Int, height: Int
  var delay: Int
  /// 1, "do not dispose"; 2, "restore to background" (cleared after
  /// showing); 3, "restore to previous" (undone after showing).
  var disposal = 1
  /// Whether this is the clip's first frame (which nothing can be restored to).
  var isFirst = false

  /// The frame's rectangle on the screen.
  var box: ScreenBox { (x, y, width, height) }

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

