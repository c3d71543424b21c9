// SPDX-License-Identifier: Apache-2.0
// A clip's GIF palette: exact when the clip has few colours, else median cut refined by k-means.

import ZoetropeImages
import ZoetropeMedia

/// Up to 255 opaque colours for a GIF, plus one index (the last) kept for
/// transparency: pixels that are transparent, or unchanged since the previous
/// frame.
package struct GIFPalette: Sendable, Hashable {
  /// RGB triples, `3 × colorCount` bytes.
  package var rgb: [UInt8]
  /// Whether the colours are exactly the clip's colours (no pixel changes).
  package var isExact: Bool
  /// The number of opaque colours (≤ 255).
  package var colorCount: Int { rgb.count / 3 }
  /// The index that stands for "transparent" (one past the colours).
  package var transparentIndex: Int { colorCount }
}

/// Gathers the colours of a clip's frames and chooses its palette. Feeding
/// frames in any order gives the same palette (counts and sums only add).
package struct GIFPaletteBuilder: Sendable {
  /// Opaque pixels per 5-bit-per-channel cell, and the sums of their exact values.
  /// (64-bit: a 4K frame has 8.3 million pixels, so 32-bit counts of one flat
  /// colour would overflow within 520 frames.)
  private var counts = [UInt64](repeating: 0, count: 1 << 15)
  private var sums = [UInt64](repeating: 0, count: 3 << 15)
  /// Every distinct opaque colour and its count, while there are at most
  /// 65,536 of them (vector art has a few thousand: its flat colours and their
  /// anti-aliased blends); past that the 5-bit cells stand in.
  private var exact: ColorTable<UInt64>? = ColorTable()
  static let exactLimit = 1 << 16
  /// Whether any pixel is transparent (alpha < 128).
  package private(set) var hasTransparency = false
  /// Whether any pixel is partially transparent (alpha 1…254): an
  /// anti-aliased edge over a clear background, which GIF's one-bit
  /// transparency cannot hold (a ``GIFMatte`` can).
  package private(set) var hasPartialTransparency = false

  /// An empty builder.
  package init() {}

  /// Counts the colours of `image` (pixels with alpha < 128 count as transparent).
  /// Runs of equal pixels are counted at once: the counts are those of
  /// counting pixel by pixel.
  package mutating func add(_ image: RGBAImage) {
    // The exact colours are taken out while counting, so that the table is
    // not shared (and copied) when it grows.
    var exact = self.exact.take()
    var transparency = hasTransparency, partialTransparency = hasPartialTransparency
    image.pixels.withUnsafeBytes { raw in
      counts.withUnsafeMutableBufferPointer { counts in
        sums.withUnsafeMutableBufferPointer { sums in
          let words = raw.bindMemory(to: UInt32.self)
          var start = 0
          while start < words.count {
            let w = UInt32(littleEndian: words[start])
            var end = start + 1
            while end < words.count, words[end] == words[start] { end += 1 }
            let count = UInt64(end - start)
            start = end
            if w &+ 0x0100_0000 >= 0x0200_0000 { partialTransparency = true }  // alpha neither 0 nor 255
            if w >> 31 == 0 {  // alpha < 128
              transparency = true
              continue
            }
            let rgb = w & 0x00FF_FFFF
            let r = UInt64(rgb & 0xFF), g = UInt64((rgb >> 8) & 0xFF), b = UInt64(rgb >> 16)
            if exact != nil {
              exact!.add(count, to: rgb)
              if exact!.count > GIFPaletteBuilder.exactLimit { exact = nil }
            }
            let cell = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
            counts[cell] &+= count
            sums[3 &* cell] &+= r &* count
            sums[3 &* cell &+ 1] &+= g &* count
            sums[3 &* cell &+ 2] &+= b &* count
          }
        }
      }
    }
    self.exact = exact
    hasTransparency = transparency
    hasPartialTransparency = partialTransparency
  }

  /// Adds the counts of `other` (frames another thread counted): the palette
  /// is the one a single builder that saw every frame of both would choose.
  package mutating func merge(_ other: GIFPaletteBuilder) {
    for i in counts.indices { counts[i] += other.counts[i] }
    for i in sums.indices { sums[i] += other.sums[i] }
    hasTransparency = hasTransparency || other.hasTransparency
    hasPartialTransparency = hasPartialTransparency || other.hasPartialTransparency
    // Either side past the limit means the union is too.
    if var mine = exact.take(), let theirs = other.exact {  // taken, so that adding does not copy it
      mine.merge(theirs)
      exact = mine.count > GIFPaletteBuilder.exactLimit ? nil : mine
    } else {
      exact = nil
    }
  }

  /// The palette: the exact colours when there are at most 255 (sorted, so
  /// the result does not depend on the order frames came in), else 255
  /// colours by median cut over the exact colours (or the cells, for clips
  /// with very many), refined by a few rounds of weighted k-means. A colour
  /// that holds at least half the pixels of its cluster (a flat background, a
  /// fill) is kept exactly instead of the cluster's mean, so flat areas keep
  /// their colour and stay undithered.
  package func palette() -> GIFPalette {
    if let exact, exact.count <= 255 {
      var rgb = exact.sorted().flatMap { [UInt8($0.colour & 0xFF), UInt8(($0.colour >> 8) & 0xFF), UInt8($0.colour >> 16)] }
      if rgb.isEmpty { rgb = [0, 0, 0] }
      return GIFPalette(rgb: rgb, isExact: true)
    }
    // The colours to cut: exact ones with their counts, or the cells' means.
    struct Cell { var r: Double, g: Double, b: Double, weight: Double, index: Int }
    var cells: [Cell] = []
    if let exact {
      for (colour, count) in exact.sorted() {
        cells.append(Cell(r: Double(colour & 0xFF), g: Double((colour >> 8) & 0xFF), b: Double(colour >> 16),
                          weight: Double(count), index: Int(colour)))
      }
    } else {
      for i in counts.indices where counts[i] > 0 {
        let n = Double(counts[i])
        cells.append(Cell(r: Double(sums[3 * i]) / n, g: Double(sums[3 * i + 1]) / n, b: Double(sums[3 * i + 2]) / n,
                          weight: n, index: i))
      }
    }
    // Median cut: split the box with the largest weighted spread along its
    // widest channel at the weighted median.
    var boxes: [Range<Int>] = [0..<cells.count]
    func channel(_ c: Cell, _ k: Int) -> Double { k == 0 ? c.r : k == 1 ? c.g : c.b }
    func spread(_ box: Range<Int>) -> (score: Double, channel: Int) {
      var best = (score: -1.0, channel: 0)
      let weight = cells[box].reduce(0) { $0 + $1.weight }
      for k in 0..<3 {
        let values = cells[box].map { channel($0, k) }
        let range = (values.max() ?? 0) - (values.min() ?? 0)
        if range * weight.squareRoot() > best.score { best = (range * weight.squareRoot(), k) }
      }
      return best
    }
    // Each box's spread, worked out once: a box's cells keep their order
    // until it is chosen and cut.
    var spreads = [spread(boxes[0])]
    while boxes.count < 255 {
      var chosen = -1
      var axis = 0, bestScore = 0.0
      for (i, box) in boxes.enumerated() where box.count > 1 {
        let s = spreads[i]
        if s.score > bestScore { bestScore = s.score; chosen = i; axis = s.channel }
      }
      guard chosen >= 0 else { break }
      let box = boxes[chosen]
      cells[box].sort { channel($0, axis) != channel($1, axis) ? channel($0, axis) < channel($1, axis) : $0.index < $1.index }
      let total = cells[box].reduce(0) { $0 + $1.weight }
      var running = 0.0, cut = box.lowerBound + 1
      for i in box {
        running += cells[i].weight
        if running >= total / 2 { cut = Swift.min(Swift.max(i + 1, box.lowerBound + 1), box.upperBound - 1); break }
      }
      boxes[chosen] = box.lowerBound..<cut
      boxes.append(cut..<box.upperBound)
      spreads[chosen] = spread(boxes[chosen])
      spreads.append(spread(boxes[boxes.count - 1]))
    }
    var centres: [(Double, Double, Double)] = boxes.map { box in
      var r = 0.0, g = 0.0, b = 0.0, w = 0.0
      for c in cells[box] { r += c.r * c.weight; g += c.g * c.weight; b += c.b * c.weight; w += c.weight }
      return (r / w, g / w, b / w)
    }
    // k-means over the cells.
    for _ in 0..<4 {
      var acc = [(Double, Double, Double, Double)](repeating: (0, 0, 0, 0), count: centres.count)
      for c in cells {
        let k = GIFPaletteBuilder.nearest(c.r, c.g, c.b, in: centres)
        acc[k].0 += c.r * c.weight; acc[k].1 += c.g * c.weight; acc[k].2 += c.b * c.weight; acc[k].3 += c.weight
      }
      for k in centres.indices where acc[k].3 > 0 {
        centres[k] = (acc[k].0 / acc[k].3, acc[k].1 / acc[k].3, acc[k].2 / acc[k].3)
      }
    }
    if exact != nil {
      // Each cluster's heaviest colour replaces its mean when it holds half the weight or more.
      var total = [Double](repeating: 0, count: centres.count)
      var heaviest = [Cell?](repeating: nil, count: centres.count)
      for c in cells {
        let k = GIFPaletteBuilder.nearest(c.r, c.g, c.b, in: centres)
        total[k] += c.weight
        if heaviest[k] == nil || c.weight > heaviest[k]!.weight
          || (c.weight == heaviest[k]!.weight && c.index < heaviest[k]!.index) {
          heaviest[k] = c
        }
      }
      for k in centres.indices {
        if let c = heaviest[k], 2 * c.weight >= total[k] { centres[k] = (c.r, c.g, c.b) }
      }
    }
    let rgb = centres.flatMap { [UInt8($0.0.rounded()), UInt8($0.1.rounded()), UInt8($0.2.rounded())] }
    return GIFPalette(rgb: rgb.isEmpty ? [0, 0, 0] : rgb, isExact: false)
  }

  static func nearest(_ r: Double, _ g: Double, _ b: Double, in centres: [(Double, Double, Double)]) -> Int {
    var best = 0, bestDistance = Double.infinity
    for (k, c) in centres.enumerated() {
      let d = (r - c.0) * (r - c.0) + (g - c.1) * (g - c.1) + (b - c.2) * (b - c.2)
      if d < bestDistance { bestDistance = d; best = k }
    }
    return best
  }
}
