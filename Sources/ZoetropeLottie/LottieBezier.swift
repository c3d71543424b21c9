// SPDX-License-Identifier: Apache-2.0
// A Lottie path value: vertices with in and out tangents, open or closed.

import ZoetropeGeometry

/// One contour of a Lottie shape (`{"v": …, "i": …, "o": …, "c": …}`): the
/// vertices, and each vertex's in and out tangents relative to it.
///
///     v[0] ──o[0]……i[1]── v[1] ──o[1]……i[2]── v[2]   (closed: v[2] ……… v[0] too)
struct LottieBezier: Hashable, Sendable {
  var vertices: [Point]
  /// In tangents, relative to their vertex.
  var inTangents: [Point]
  /// Out tangents, relative to their vertex.
  var outTangents: [Point]
  var isClosed: Bool

  static let empty = LottieBezier(vertices: [], inTangents: [], outTangents: [], isClosed: false)

  /// The contour as a path: a move to the first vertex, a cubic per
  /// segment (a line where both tangents are zero), and for a closed
  /// contour the segment back to the first vertex and a close.
  var path: Path {
    var path = Path()
    append(to: &path)
    return path
  }

  /// Appends the contour to `path`, moved by `transform`.
  func append(to path: inout Path, transform: AffineTransform = .identity) {
    guard let first = vertices.first else { return }
    path.move(to: transform.transform(first))
    let n = vertices.count
    func segment(_ a: Int, _ b: Int) {
      let out = outTangents[a], into = inTangents[b]
      let end = transform.transform(vertices[b])
      if out == .zero && into == .zero {
        path.addLine(to: end)
      } else {
        path.addCurve(to: end, control1: transform.transform(vertices[a] + out),
                      control2: transform.transform(vertices[b] + into))
      }
    }
    for i in 1..<Swift.max(n, 1) where i < n { segment(i - 1, i) }
    if isClosed {
      if n > 1 || outTangents[0] != .zero || inTangents[0] != .zero { segment(n - 1, 0) }
      path.closeSubpath()
    }
  }

  /// Vertex by vertex towards `other` (lottie-web interpolates as many
  /// vertices as this contour has; missing ones of `other` hold).
  func interpolated(to other: LottieBezier, fraction f: Double) -> LottieBezier {
    guard f != 0 else { return self }
    var result = self
    for k in vertices.indices where k < other.vertices.count {
      result.vertices[k] = vertices[k] + (other.vertices[k] - vertices[k]) * f
      result.inTangents[k] = inTangents[k] + (other.inTangents[k] - inTangents[k]) * f
      result.outTangents[k] = outTangents[k] + (other.outTangents[k] - outTangents[k]) * f
    }
    return result
  }

  /// The contour moved by `transform` (tangents as directions).
  func applying(_ transform: AffineTransform) -> LottieBezier {
    var result = self
    for k in vertices.indices {
      let v = transform.transform(vertices[k])
      result.inTangents[k] = transform.transform(vertices[k] + inTangents[k]) - v
      result.outTangents[k] = transform.transform(vertices[k] + outTangents[k]) - v
      result.vertices[k] = v
    }
    return result
  }

  /// The contour run backwards (same shape, opposite direction), keeping the first vertex first.
  var reversed: LottieBezier {
    guard vertices.count > 1 else { return self }
    let n = vertices.count
    let order = isClosed ? [0] + (1..<n).reversed() : Array((0..<n).reversed())
    return LottieBezier(vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
                        outTangents: order.map { inTangents[$0] }, isClosed: isClosed)
  }
}
