// SPDX-License-Identifier: Apache-2.0
// The budgets of path boolean operations: how many segments, crossings and comparisons one operation may take.

extension Limits {
  /// The most line segments the two operands of one path boolean operation
  /// (``Path/combining(_:fillRule:with:fillRule:operation:tolerance:)``)
  /// may flatten into, together: 100,000 (a circle flattened at a hundredth
  /// of a unit of a 100-unit radius is about 220). Past it the operation
  /// throws ``PathBooleanError/tooManySegments``.
  package static let maximumPathBooleanSegments = 100_000

  /// The most points where the operands' segments cross or touch (each
  /// splits two segments): 1,000,000. Past it the operation throws
  /// ``PathBooleanError/tooManyCrossings``.
  package static let maximumPathBooleanCrossings = 1_000_000

  /// The most pairs of segments (and of a probe point and a segment) one
  /// operation may compare, those whose vertical extents overlap:
  /// 50,000,000, a few tenths of a second. Segments that all span the same
  /// rows (a 10⁵-vertex zigzag) would otherwise cost the square of their
  /// count; past it the operation throws ``PathBooleanError/tooMuchWork``.
  package static let maximumPathBooleanComparisons = 50_000_000
}
