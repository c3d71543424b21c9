// SPDX-License-Identifier: Apache-2.0
// Cutting away what of a path cannot reach a region, and how many segments flattening a path makes.

extension Path {
  /// About how many line segments ``flattened(tolerance:transform:)`` makes of
  /// the path: per curve Wang's uniform count after `transform` (an upper
  /// bound of the curvature-spaced count flattening uses), at most 4,097; one
  /// per line; non-finite curves, which flattening drops, none. Costs one pass
  /// over the elements and no allocation.
  package func flattenedSegmentEstimate(tolerance: Double, transform: AffineTransform = .identity) -> Int {
    let tolerance = tolerance > 0 ? tolerance : 0.05
    let most = CurveFlattening.maximumSegments + 1
    var total = 0
    var last = Point.zero, start = Point.zero
    func count(_ x: Double) -> Int { CurveFlattening.stepCount(x, limit: most) }
    for element in elements {
      switch element {
      case .moveTo(let p):
        last = transform.transform(p)
        start = last
        total += 1
      case .lineTo(let p):
        last = transform.transform(p)
        total += 1
      case .quadCurveTo(let p, let c):
        let p1 = transform.transform(c), p2 = transform.transform(p)
        let dd = last - p1 * 2 + p2
        if last.isFinite, p1.isFinite, p2.isFinite {
          total += count((0.25 * (dd.x * dd.x + dd.y * dd.y).squareRoot() / tolerance).squareRoot()) + 2
        }
        last = p2
      case .curveTo(let p, let c1, let c2):
        let p1 = transform.transform(c1), p2 = transform.transform(c2), p3 = transform.transform(p)
        let d1 = last - p1 * 2 + p2, d2 = p1 - p2 * 2 + p3
        let m = Swift.max(d1.x * d1.x + d1.y * d1.y, d2.x * d2.x + d2.y * d2.y).squareRoot()
        if last.isFinite, p1.isFinite, p2.isFinite, p3.isFinite {
          total += count((0.75 * m / tolerance).squareRoot()) + 2
        }
        last = p3
      case .closeSubpath:
        last = start
        total += 1
      }
    }
    return total
  }

  /// For filling: the path with every curve piece whose control points lie
  /// outside `region` replaced by its chord. The winding number at any point
  /// of `region` is unchanged — the area between a piece and its chord lies
  /// inside the piece's control hull — so the fill's coverage there is too,
  /// while a curve that swings a million pixels off the canvas flattens into
  /// a handful of segments. Curves reaching far past `region` are first split
  /// (de Casteljau, at most 32 halvings) so that their far parts can go.
  package func culledForFill(outside region: Rect) -> Path {
    let box = CullingBox(region)
    var result = Path()
    result.elements.reserveCapacity(elements.count)
    var last = Point.zero, start = Point.zero
    for element in elements {
      switch element {
      case .moveTo(let p):
        result.elements.append(element)
        last = p
        start = p
      case .lineTo(let p):
        result.elements.append(element)
        last = p
      case .quadCurveTo(let p, let c):
        for piece in box.pieces(of: [last, c, p]) {
          result.elements.append(piece.isOutside ? .lineTo(piece.end) : piece.element)
        }
        last = p
      case .curveTo(let p, let c1, let c2):
        for piece in box.pieces(of: [last, c1, c2, p]) {
          result.elements.append(piece.isOutside ? .lineTo(piece.end) : piece.element)
        }
        last = p
      case .closeSubpath:
        result.elements.append(element)
        last = start
      }
    }
    return result
  }

  /// For stroking: the path without the pieces (lines and curve pieces) whose
  /// control points lie outside `region`, which must already be the area of
  /// interest grown by the stroke's reach (half the line width times the
  /// miter limit or √2 for square caps). A subpath loses only what cannot
  /// touch `region`: it is split where a piece goes, the caps that appear
  /// there lie outside too, and a closed subpath that loses a piece reopens
  /// at the gap, so every join that can show is kept. The stroke's coverage
  /// inside `region` minus the reach is unchanged. Not for dashed strokes (a
  /// dash pattern restarts at each subpath).
  package func culledForStroke(outside region: Rect) -> Path {
    let box = CullingBox(region)
    var result = Path()
    // The pieces of the subpath being read: kept (as an element from the
    // previous piece's end) or gone.
    var pieces: [CullingBox.Piece] = []
    var start = Point.zero, last = Point.zero
    var hasSubpath = false
    func finish(closed: Bool) {
      defer { pieces.removeAll(keepingCapacity: true) }
      guard hasSubpath else { return }
      let closing = closed && last != start ? box.pieces(of: [last, start]) : []
      let all = pieces + closing
      guard let gap = all.firstIndex(where: \.isOutside) else {
        // Nothing went: the subpath as it was.
        result.move(to: start)
        for piece in pieces { result.elements.append(piece.element) }
        if closed { result.elements.append(.closeSubpath) }
        return
      }
      // Runs of kept pieces between gaps; a closed subpath is read from
      // just after its first gap round to it, so its first and last runs join.
      let order = closed ? Array(all[(gap + 1)...] + all[...gap]) : all
      var open = false
      for piece in order {
        if piece.isOutside {
          open = false
          continue
        }
        if !open {
          result.move(to: piece.start)
          open = true
        }
        result.elements.append(piece.element)
      }
    }
    for element in elements {
      switch element {
      case .moveTo(let p):
        finish(closed: false)
        start = p
        last = p
        hasSubpath = true
      case .lineTo(let p):
        pieces += box.pieces(of: [last, p])
        last = p
        hasSubpath = true
      case .quadCurveTo(let p, let c):
        pieces += box.pieces(of: [last, c, p])
        last = p
        hasSubpath = true
      case .curveTo(let p, let c1, let c2):
        pieces += box.pieces(of: [last, c1, c2, p])
        last = p
        hasSubpath = true
      case .closeSubpath:
        finish(closed: true)
        last = start
        // Drawing on after a close starts a subpath at the closed one's start.
        hasSubpath = false
      }
    }
    finish(closed: false)
    return result
  }
}

/// A rectangle that path pieces are tested against, and the splitting of
/// curves that reach far beyond it.
struct CullingBox {
  let minX, minY, maxX, maxY: Double
  /// Pieces reaching further than this past the box are split.
  let reach: Double

  init(_ region: Rect) {
    (minX, minY, maxX, maxY) = (region.minX, region.minY, region.maxX, region.maxY)
    reach = Swift.max(region.width, region.height, 1)
  }

  /// A line or curve piece: its control points (2, 3 or 4) and whether they
  /// all lie outside the box.
  struct Piece {
    var points: [Point]
    var isOutside: Bool
    var start: Point { points[0] }
    var end: Point { points[points.count - 1] }
    /// The piece as a path element from its start.
    var element: Path.Element {
      switch points.count {
      case 2: .lineTo(points[1])
      case 3: .quadCurveTo(points[2], control: points[1])
      default: .curveTo(points[3], control1: points[1], control2: points[2])
      }
    }
  }

  /// Whether the bounding box of `points` misses the box (non-finite
  /// coordinates never miss: such pieces are left for flattening to drop).
  func misses(_ points: ArraySlice<Point>) -> Bool {
    guard points.allSatisfy(\.isFinite) else { return false }
    return points.allSatisfy { $0.x < minX } || points.allSatisfy { $0.x > maxX }
      || points.allSatisfy { $0.y < minY } || points.allSatisfy { $0.y > maxY }
  }

  /// Whether `points` reach more than `reach` past the box on some side.
  func reachesFar(_ points: [Point]) -> Bool {
    points.contains { $0.x < minX - reach || $0.x > maxX + reach || $0.y < minY - reach || $0.y > maxY + reach }
  }

  /// The most pieces one element is split into.
  static let maximumPieces = 256
  /// The most halvings of one piece.
  static let maximumDepth = 32

  /// `points` (a line or a curve) as pieces in order: curves that reach far
  /// past the box are halved until each half misses the box or stays near it.
  func pieces(of points: [Point]) -> [Piece] {
    guard points.count > 2 else { return [Piece(points: points, isOutside: misses(points[...]))] }
    var result: [Piece] = []
    var pending: [(points: [Point], depth: Int)] = [(points, 0)]
    while let (curve, depth) = pending.popLast() {
      let outside = misses(curve[...])
      if outside || depth >= CullingBox.maximumDepth || result.count + pending.count >= CullingBox.maximumPieces
        || !reachesFar(curve) || !curve.allSatisfy(\.isFinite)
      {
        result.append(Piece(points: curve, isOutside: outside))
        continue
      }
      let (first, second) = CullingBox.halves(curve)
      pending.append((second, depth + 1))
      pending.append((first, depth + 1))
    }
    return result
  }

  /// The two halves of a Bézier curve at t = ½ (de Casteljau).
  static func halves(_ p: [Point]) -> ([Point], [Point]) {
    func mid(_ a: Point, _ b: Point) -> Point { Point(x: a.x / 2 + b.x / 2, y: a.y / 2 + b.y / 2) }
    if p.count == 3 {
      let a = mid(p[0], p[1]), b = mid(p[1], p[2]), m = mid(a, b)
      return ([p[0], a, m], [m, b, p[2]])
    }
    let a = mid(p[0], p[1]), b = mid(p[1], p[2]), c = mid(p[2], p[3])
    let d = mid(a, b), e = mid(b, c), m = mid(d, e)
    return ([p[0], a, d, m], [m, e, c, p[3]])
  }
}
