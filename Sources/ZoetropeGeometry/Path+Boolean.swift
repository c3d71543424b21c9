// SPDX-License-Identifier: Apache-2.0
// Boolean operations on the regions two filled paths cover: union, subtraction, intersection, exclusion.

/// How ``Path/combining(_:fillRule:with:fillRule:operation:tolerance:)``
/// joins the region of its first operand (A) with its second's (B).
package enum PathOperation: Sendable, Hashable, CaseIterable {
  /// A ∪ B: covered by either.
  case union
  /// A − B: covered by A and not by B.
  case subtraction
  /// A ∩ B: covered by both.
  case intersection
  /// A ⊕ B: covered by exactly one.
  case exclusion

  /// Whether a point is in the result, given whether it is in A and in B.
  @inlinable package func contains(inFirst a: Bool, inSecond b: Bool) -> Bool {
    switch self {
    case .union: a || b
    case .subtraction: a && !b
    case .intersection: a && b
    case .exclusion: a != b
    }
  }
}

/// Why a path boolean operation gave up: a budget of ``Limits`` ran out, or
/// a coordinate is too large to be split exactly.
package enum PathBooleanError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The operands flatten into more than ``Limits/maximumPathBooleanSegments`` segments.
  case tooManySegments
  /// More than ``Limits/maximumPathBooleanCrossings`` crossings.
  case tooManyCrossings
  /// More than ``Limits/maximumPathBooleanComparisons`` comparisons.
  case tooMuchWork
  /// A coordinate beyond ±``PolygonBoolean/largestCoordinate``.
  case coordinateTooLarge(Double)

  package var description: String {
    switch self {
    case .tooManySegments:
      "the paths flatten into more than \(Limits.maximumPathBooleanSegments) segments "
        + "(Limits.maximumPathBooleanSegments)"
    case .tooManyCrossings:
      "the paths cross at more than \(Limits.maximumPathBooleanCrossings) points (Limits.maximumPathBooleanCrossings)"
    case .tooMuchWork:
      "the paths need more than \(Limits.maximumPathBooleanComparisons) segment comparisons "
        + "(Limits.maximumPathBooleanComparisons)"
    case .coordinateTooLarge(let v):
      "a coordinate of \(v) is beyond ±\(PolygonBoolean.largestCoordinate)"
    }
  }
}

extension Path {
  /// The region `operation` makes of the region `self` covers (filled with
  /// `fillRule`) and the region `other` covers (with `otherRule`), as
  /// closed polygons: the outline of the result, each contour running
  /// clockwise on the screen (y down) around a covered part and
  /// counter-clockwise around a hole, so that it fills the same with either
  /// fill rule (winding 1 inside, 0 outside), and a stroke of it strokes the
  /// result's outline.
  ///
  /// Curves are flattened to within `tolerance` (in the paths' own units;
  /// a non-positive tolerance means 0.05), every subpath is closed as a
  /// fill closes it, and points are snapped to a grid of 2⁻¹⁶ units, so
  /// edges that coincide to within it are one edge: shared edges of A and B
  /// are kept once or dropped as the regions on their two sides say.
  ///
  /// Edges: an empty operand covers nothing (`A ∪ ∅` is A's outline, `A ∩
  /// ∅` is empty); zero-area subpaths (a line, a point, a contour that
  /// retraces itself) cover nothing; non-finite points are dropped as
  /// flattening drops them; touching at a point or along an edge joins
  /// nothing. An empty result is an empty path. The result has only lines.
  ///
  /// - Throws: ``PathBooleanError`` when a budget of ``Limits`` runs out
  ///   (``Limits/maximumPathBooleanSegments`` and the others) or a
  ///   coordinate passes ±2³⁶ (before any work when the operands' flattened
  ///   segments could pass the segment budget, by the estimate of
  ///   `flattenedSegmentEstimate`, an upper bound); the work is bounded by the
  ///   budgets.
  package func combining(_ fillRule: FillRule = .nonZero, with other: Path, fillRule otherRule: FillRule = .nonZero,
                         operation: PathOperation, tolerance: Double = 0.05) throws(PathBooleanError) -> Path {
    try combining(fillRule, withUnionOf: [other], fillRule: otherRule, operation: operation, tolerance: tolerance)
  }

  /// The same, the second operand being the union of `others`: each is
  /// first turned to run clockwise on the screen as a whole (reversed when
  /// its signed area is negative), so that shapes drawn in opposite
  /// directions add up instead of cancelling under the non-zero rule
  /// (`otherRule` then reads them together; even-odd cancels overlaps).
  /// One path alone is read as it is.
  package func combining(_ fillRule: FillRule = .nonZero, withUnionOf others: [Path], fillRule otherRule: FillRule,
                         operation: PathOperation, tolerance: Double = 0.05) throws(PathBooleanError) -> Path {
    var comparisons = Limits.maximumPathBooleanComparisons
    return try combining(fillRule, withUnionOf: others, fillRule: otherRule, operation: operation, tolerance: tolerance,
                         comparisons: &comparisons)
  }

  /// The same, within `comparisons` comparisons of segments (at most
  /// ``Limits/maximumPathBooleanComparisons``), less what it made on return
  /// — also when it throws ``PathBooleanError/tooMuchWork`` (then 0 or less):
  /// a caller's budget for many operations, which bounds their time.
  package func combining(_ fillRule: FillRule = .nonZero, withUnionOf others: [Path], fillRule otherRule: FillRule,
                         operation: PathOperation, tolerance: Double = 0.05,
                         comparisons: inout Int) throws(PathBooleanError) -> Path {
    let tolerance = tolerance > 0 ? tolerance : 0.05
    // Refused before flattening (the estimate is an upper bound): a few huge curves would otherwise
    // flatten into millions of points first.
    var estimate = flattenedSegmentEstimate(tolerance: tolerance)
    for other in others { estimate += other.flattenedSegmentEstimate(tolerance: tolerance) }
    guard estimate <= Limits.maximumPathBooleanSegments else { throw .tooManySegments }
    var boolean = PolygonBoolean()
    boolean.comparisonLimit = Swift.min(comparisons, Limits.maximumPathBooleanComparisons)
    defer { comparisons -= boolean.comparisons }
    try boolean.addOperand(flattened(tolerance: tolerance), index: 0)
    for other in others {
      try boolean.addOperand(other.flattened(tolerance: tolerance), index: 1, clockwise: others.count > 1)
    }
    let contours = try boolean.result(operation: operation, rules: (fillRule, otherRule))
    var result = Path()
    for contour in contours {
      result.move(to: contour[0])
      for p in contour.dropFirst() { result.addLine(to: p) }
      result.closeSubpath()
    }
    return result
  }
}
