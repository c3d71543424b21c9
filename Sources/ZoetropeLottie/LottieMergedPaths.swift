// SPDX-License-Identifier: Apache-2.0
// Merge paths of modes 2–5 (add, subtract, intersect, exclude intersections) as path booleans, in lottie-android's order.

import ZoetropeGeometry

/// A merge paths item (`mm`) of mode 2–5 and the geometry it absorbs: every
/// path, rectangle, ellipse, star and group above it in its group.
///
/// The operands combine as lottie-android's `MergePathsContent` combines
/// them: the operand nearest the item (the last in file order) is one side,
/// every other operand together the other — their union, each turned to run
/// one way first, so that shapes drawn in opposite directions do not cancel
/// (lottie-android appends them into one non-zero path, where they would) —
/// and
///
/// | mode | result |
/// |---|---|
/// | 2 add | nearest ∪ others |
/// | 3 subtract | others − nearest |
/// | 4 intersect | nearest ∩ others |
/// | 5 exclude intersections | nearest ⊕ others |
///
/// With two operands that is After Effects' reading — the first minus the
/// second, and so on. A group operand is its geometry together, each piece
/// moved by the transforms between it and the group. Curves are flattened
/// to a hundredth of a unit of the merge's group (``tolerance``).
struct LottieMergedPaths: Sendable {
  var mode: Int
  /// The absorbed geometry, one list per item above the merge (a group's
  /// geometry together), in file order; items without geometry left out.
  var operands: [[LottieShapeSource]]
  /// Whether the paint fills by even-odd: each side is then read by it
  /// (non-zero otherwise, as Lottie shapes are).
  var evenOdd = false

  /// How finely curves are flattened, in units of the merge's group.
  static let tolerance = 0.01

  /// Whether the result can change over time.
  var isAnimated: Bool { operands.contains { $0.contains(where: \.isAnimated) } }

  /// The result at `frame`, in the merge's group's space. Each evaluation
  /// spends the comparisons of segments it makes from `budget` (see
  /// ``Limits/maximumLottieMergeComparisons``); when the budget runs out
  /// (it is then −1), or the operation throws, the operands are drawn as
  /// they are (mode 1). A single operand is drawn as it is whatever the
  /// mode, as After Effects draws it: Illustrator outlines brought into
  /// After Effects put each path alone under a merge of mode 4, and
  /// lottie-android's reading (that path against nothing) would leave them
  /// out.
  func outline(at frame: Double, budget: inout Int) -> Path {
    guard operands.count > 1 else { return merged(at: frame, budget: &budget) }
    return (try? combined(at: frame, budget: &budget)) ?? merged(at: frame, budget: &budget)
  }

  /// The operands appended, as mode 1 draws them.
  func merged(at frame: Double, budget: inout Int) -> Path {
    var path = Path()
    for operand in operands { for s in operand { path.addPath(s.outline(at: frame, budget: &budget)) } }
    return path
  }

  /// The result at `frame`, or why there is none (a budget of the path
  /// operation, or `budget` spent: then −1).
  func combined(at frame: Double, budget: inout Int) throws(PathBooleanError) -> Path {
    guard let nearest = operands.last else { return Path() }
    var near = Path()
    for s in nearest { near.addPath(s.outline(at: frame, budget: &budget)) }
    let others = operands.dropLast().map { operand in
      var path = Path()
      for s in operand { path.addPath(s.outline(at: frame, budget: &budget)) }
      return path
    }
    guard budget > 0 else {
      budget = -1
      throw .tooMuchWork
    }
    let rule: FillRule = evenOdd ? .evenOdd : .nonZero
    let t = Self.tolerance
    let operation: PathOperation = switch mode {
    case 2: .union
    case 3: .subtraction
    case 4: .intersection
    default: .exclusion
    }
    // Whether this file's budget, not the operation's own, is the tighter.
    let bindsFile = budget < Limits.maximumPathBooleanComparisons
    do throws(PathBooleanError) {
      guard operation == .subtraction else {
        return try near.combining(rule, withUnionOf: others, fillRule: rule, operation: operation, tolerance: t,
                                  comparisons: &budget)
      }
      // Others − nearest: the union of the others first, then the nearest cut from it.
      let union = others.count == 1 ? others[0]
        : try Path().combining(rule, withUnionOf: others, fillRule: rule, operation: .union, tolerance: t,
                               comparisons: &budget)
      return try union.combining(rule, withUnionOf: [near], fillRule: rule, operation: .subtraction, tolerance: t,
                                 comparisons: &budget)
    } catch {
      if case .tooMuchWork = error, bindsFile { budget = -1 }
      throw error
    }
  }
}

extension LottieShapeSource {
  /// The geometry at `frame` as a path in the paint's group's space: the
  /// contour, or what merged paths make of theirs (see
  /// ``LottieMergedPaths/outline(at:budget:)``), moved by the transforms
  /// between the merge and the paint.
  func outline(at frame: Double, budget: inout Int) -> Path {
    guard let merge else { return contour(at: frame).path }
    let result = merge.outline(at: frame, budget: &budget)
    guard !transforms.isEmpty else { return result }
    var matrix = AffineTransform.identity
    for t in transforms.reversed() { matrix = matrix.concatenating(t.matrix(at: frame)) }
    return result.applying(matrix)
  }
}
