// SPDX-License-Identifier: Apache-2.0
// Which bands of a frame draw exactly as the same bands of an earlier frame: what a clip need not play again.

import ZoetropeGeometry

extension DisplayList {
  /// For each band of `bandHeight` rows, whether it draws the same pixels
  /// as the same band of `previous` — so that a buffer holding `previous`'s
  /// pixels already holds this frame's there.
  ///
  /// A band's pixels depend only on the frame's size and background and on
  /// the commands that reach its rows, in order (a command, group or mask
  /// reaching no row of a band draws nothing in it). A band is unchanged
  /// when both lists have the same such commands, each equal to its
  /// counterpart in what it draws: the same coverage (edges, rectangle,
  /// runs, clip), the same paint, the same group bounds, alpha and blend
  /// mode. Coverage kept from the frame before (see ``CoverageCache``) is
  /// the same storage, so an unchanged layer costs a comparison of
  /// addresses. Commands that paint images are never taken as equal (their
  /// bands are always drawn).
  package func unchangedBands(since previous: DisplayList, bandHeight: Int) -> [Bool] {
    let bandHeight = Swift.max(bandHeight, 1)
    let bands = (height + bandHeight - 1) / bandHeight
    guard previous.width == width, previous.height == height, previous.backgroundWord == backgroundWord, bands > 0
    else { return [Bool](repeating: false, count: Swift.max(bands, 0)) }
    // The commands reaching each band, as indices, in order.
    func byBand(_ list: DisplayList) -> [[Int]] {
      var result = [[Int]](repeating: [], count: bands)
      for (index, command) in list.commands.enumerated() {
        let rows = list.rows(of: command).clamped(to: 0..<height)
        guard !rows.isEmpty else { continue }
        for band in (rows.lowerBound / bandHeight)...((rows.upperBound - 1) / bandHeight) {
          result[band].append(index)
        }
      }
      return result
    }
    let mine = byBand(self), theirs = byBand(previous)
    // A pair of commands is compared once, however many bands it spans.
    var known: [Int: Bool] = [:]
    func same(_ i: Int, _ j: Int) -> Bool {
      let key = i << 32 | j
      if let answer = known[key] { return answer }
      let answer = sameCommand(i, as: j, in: previous)
      known[key] = answer
      return answer
    }
    return (0..<bands).map { band in
      mine[band].count == theirs[band].count && zip(mine[band], theirs[band]).allSatisfy { same($0, $1) }
    }
  }

  /// About how many bytes the drawing holds: its edges and runs.
  package var byteCount: Int {
    edgeLists.reduce(0) { $0 + $1.byteCount } + runs.reduce(0) { $0 + $1.byteCount }
      + commands.count * MemoryLayout<Command>.stride
  }

  /// The device rows a command can draw in (empty for none).
  func rows(of command: Command) -> Range<Int> {
    switch command {
    case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _): rows(of: coverage)
    case .beginGroup(let bounds, _), .endGroup(_, let bounds, _), .endGroupMasked(_, let bounds, _, _),
      .endMask(let bounds):
      bounds.isEmpty ? 0..<0 : bounds.minY..<bounds.maxY
    }
  }

  /// The device rows a command's coverage can reach.
  func rows(of coverage: Coverage) -> Range<Int> {
    switch coverage {
    case .runs(let index):
      guard let first = runs[index].spans.first, let last = runs[index].spans.last else { return 0..<0 }
      return Int(first.y)..<(Int(last.y) + 1)
    case .edges(let index): return edgeLists[index].rows
    case .rectangle(let index): return rectangles[index].rows
    case .clipped(let index): return rows(of: clippedPieces[index].piece)
    }
  }

  /// Whether command `i` draws what command `j` of `other` draws.
  private func sameCommand(_ i: Int, as j: Int, in other: DisplayList) -> Bool {
    switch (commands[i], other.commands[j]) {
    case (.solid(let a, let p), .solid(let b, let q)):
      return p == q && sameCoverage(a, as: b, in: other)
    case (.gradient(let a, let p), .gradient(let b, let q)):
      return paints[p] == other.paints[q] && sameCoverage(a, as: b, in: other)
    case (.beginGroup(let a, _), .beginGroup(let b, _)):
      return a == b
    case (.endGroup(let alpha, let a, let mode), .endGroup(let beta, let b, let other)):
      return alpha == beta && a == b && mode == other
    case (.endGroupMasked(let alpha, let a, let mode, let mask), .endGroupMasked(let beta, let b, let otherMode, let otherMask)):
      return alpha == beta && a == b && mode == otherMode && runs[mask] == other.runs[otherMask]
    case (.endMask(let a), .endMask(let b)):
      return a == b
    default:
      // Different kinds, or images (never taken as equal).
      return false
    }
  }

  /// Whether two commands' coverage is the same.
  private func sameCoverage(_ a: Coverage, as b: Coverage, in other: DisplayList) -> Bool {
    switch (a, b) {
    case (.runs(let i), .runs(let j)): return runs[i] == other.runs[j]
    case (.edges(let i), .edges(let j)): return edgeLists[i] == other.edgeLists[j]
    case (.rectangle(let i), .rectangle(let j)): return rectangles[i] == other.rectangles[j]
    case (.clipped(let i), .clipped(let j)):
      let (p, clip, columns) = clippedPieces[i], (q, otherClip, otherColumns) = other.clippedPieces[j]
      return columns == otherColumns && runs[clip] == other.runs[otherClip] && sameCoverage(p, as: q, in: other)
    default: return false
    }
  }
}

extension CoverageSpans: Equatable {
  /// The same runs with the same bytes (the same storage, or equal contents).
  package static func == (a: CoverageSpans, b: CoverageSpans) -> Bool {
    sameElements(a.spans, b.spans) && sameElements(a.coverage, b.coverage)
  }
}

extension EdgeList: Equatable {
  /// The same edges in the same buckets, at the same place.
  package static func == (a: EdgeList, b: EdgeList) -> Bool {
    a.originX == b.originX && a.width == b.width && a.rows == b.rows && a.fillRule == b.fillRule
      && a.firstBucket == b.firstBucket && sameElements(a.bucketStarts, b.bucketStarts) && sameElements(a.edges, b.edges)
  }
}

extension GradientPaint: Equatable {
  /// The same ramp laid over the plane the same way.
  package static func == (a: GradientPaint, b: GradientPaint) -> Bool {
    a.type == b.type && a.start == b.start && a.end == b.end && a.deviceToLayer.m == b.deviceToLayer.m
      && a.opacity == b.opacity && a.rampStart == b.rampStart && a.rampEnd == b.rampEnd && sameElements(a.ramp, b.ramp)
  }
}

/// Whether two arrays hold equal elements: at once when they share storage.
func sameElements<T: Equatable>(_ a: [T], _ b: [T]) -> Bool {
  guard a.count == b.count else { return false }
  let shared = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  return shared || a == b
}
