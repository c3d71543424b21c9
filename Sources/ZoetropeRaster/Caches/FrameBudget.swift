// SPDX-License-Identifier: Apache-2.0
// What one frame's drawing may spend (Limits), what it has spent, and the first budget it went past.

import ZoetropeGeometry

/// The per-frame budgets of ``Limits`` being spent as a frame is drawn:
/// line segments after flattening, dashes, and coverage bytes held until
/// playback. Geometry is priced before the memory is taken (from the
/// segment estimate of a path, the length of a dashed polyline); the first
/// piece that does not fit is not drawn, and the frame carries the
/// ``BudgetOverrun`` that says which budget, how much was asked and for
/// which layer. Not thread-safe: one per frame being recorded.
package final class FrameBudget {
  /// Segments flattened so far (fills and stroke outlines).
  package private(set) var segments = 0
  /// Dashes cut so far.
  package private(set) var dashes = 0
  /// Coverage bytes (and their runs) held so far.
  package private(set) var coverageBytes = 0
  /// The first budget the frame went past; nothing more is drawn after it.
  package private(set) var overrun: BudgetOverrun?
  /// The layer being drawn (its index in the tree), named by an overrun;
  /// the compositor sets it.
  package var layer: Int?
  /// Asked before each piece of geometry: once it returns true, nothing more
  /// is drawn (a cancelled frame stops recording).
  package var isCancelled: (@Sendable () -> Bool)?

  /// The budget's sizes: ``Limits``' per-frame figures unless given (the
  /// fuzzing harness prices its small canvases with smaller ones).
  package let limits: (segments: Int, dashes: Int, coverageBytes: Int)

  /// A fresh budget of `limits`.
  package init(limits: (segments: Int, dashes: Int, coverageBytes: Int) = (
    Limits.maximumSegmentsPerFrame, Limits.maximumDashesPerFrame, Limits.maximumCoverageBytesPerFrame
  )) {
    self.limits = limits
  }

  /// Whether the frame may still draw: no budget exceeded, not cancelled.
  /// (Asked before every piece and every charge: a flag, where comparing
  /// ``overrun`` with `nil` copied it.)
  package var isWithin: Bool { !hasOverrun && isCancelled?() != true }
  /// Whether ``overrun`` is set.
  private var hasOverrun = false

  /// A segment or dash charge, as ``recordingCharges(_:)`` notes it.
  package struct Charge: Sendable, Equatable {
    let budget: BudgetOverrun.Budget
    let count: Int
    let what: String
  }

  /// The segment and dash charges made since ``recordingCharges(_:)`` began; `nil` when not recording.
  private var journal: [Charge]?

  /// `body`'s result and the segment and dash charges it made, in order:
  /// what a kept shape found again replays (``replay(_:)``), so that a frame
  /// spends the same with a cache as without one and overruns at the same
  /// piece, with the same message. (Coverage bytes are charged by the copy.)
  package func recordingCharges<T>(_ body: () -> T) -> (T, [Charge]) {
    let outer = journal
    journal = []
    let result = body()
    let charges = journal ?? []
    journal = outer.map { $0 + charges }
    return (result, charges)
  }

  /// Spends `charges` in order, as the making of a kept shape did; false
  /// at the first that does not fit (the overrun recorded, as making it
  /// would have).
  package func replay(_ charges: [Charge]) -> Bool {
    for charge in charges {
      let spent = switch charge.budget {
      case .segments: spend(segments: charge.count, on: charge.what)
      case .dashes: spend(dashes: charge.count, on: charge.what)
      case .coverageBytes: spend(coverageBytes: charge.count, on: charge.what)
      }
      guard spent else { return false }
    }
    return true
  }

  /// Spends `charges` and then `count` coverage bytes when all of them fit
  /// and no charges are being recorded (a kept shape found again), all at
  /// once: each would have fitted in turn. False, having spent nothing,
  /// otherwise: the caller then spends them one by one
  /// (``replay(_:)``), to run over where that runs over.
  package func spendAtOnce(_ charges: [Charge], coverageBytes count: Int) -> Bool {
    guard journal == nil, isWithin, count >= 0 else { return false }
    var added = (segments: 0, dashes: 0, coverageBytes: count)
    for charge in charges {
      let count = Swift.max(charge.count, 0)
      switch charge.budget {
      case .segments: added.segments &+= count
      case .dashes: added.dashes &+= count
      case .coverageBytes: added.coverageBytes &+= count
      }
    }
    let total = (segments &+ added.segments, dashes &+ added.dashes, coverageBytes &+ added.coverageBytes)
    guard added.segments >= 0, added.dashes >= 0, added.coverageBytes >= 0, total.0 >= segments, total.1 >= dashes,
      total.2 >= coverageBytes, total.0 <= limits.segments, total.1 <= limits.dashes,
      total.2 <= limits.coverageBytes
    else { return false }
    (segments, dashes, coverageBytes) = total
    return true
  }

  /// Spends `count` segments on `what` ("its stroke"); false, and the
  /// overrun recorded, when they do not fit.
  package func spend(segments count: Int, on what: String) -> Bool {
    spend(&segments, count, limit: limits.segments, budget: .segments, on: what)
  }

  /// Spends `count` dashes on `what`.
  package func spend(dashes count: Int, on what: String) -> Bool {
    spend(&dashes, count, limit: limits.dashes, budget: .dashes, on: what)
  }

  /// Spends the memory of `runs` on `what`.
  package func spend(coverage runs: CoverageSpans, on what: String) -> Bool {
    spend(coverageBytes: runs.byteCount, on: what)
  }

  /// Spends `count` bytes of coverage (runs or edges held until playback) on `what`.
  package func spend(coverageBytes count: Int, on what: String) -> Bool {
    spend(&coverageBytes, count, limit: limits.coverageBytes, budget: .coverageBytes, on: what)
  }

  private func spend(_ used: inout Int, _ count: Int, limit: Int, budget: BudgetOverrun.Budget, on what: String)
    -> Bool
  {
    guard isWithin else { return false }
    let (total, overflow) = used.addingReportingOverflow(Swift.max(count, 0))
    guard !overflow, total <= limit else {
      overrun = BudgetOverrun(budget: budget, requested: count, spent: used, limit: limit, layer: layer, what: what)
      hasOverrun = true
      return false
    }
    used = total
    if budget != .coverageBytes { journal?.append(Charge(budget: budget, count: count, what: what)) }
    return true
  }
}

extension Limits {
  /// The per-frame figure of `budget`.
  static func value(of budget: BudgetOverrun.Budget) -> Int {
    switch budget {
    case .segments: maximumSegmentsPerFrame
    case .dashes: maximumDashesPerFrame
    case .coverageBytes: maximumCoverageBytesPerFrame
    }
  }
}

/// A frame that went past one of its budgets: which, for what, and for which layer.
package struct BudgetOverrun: Error, Hashable, Sendable, CustomStringConvertible {
  /// The budgets of ``Limits`` a frame spends.
  package enum Budget: Hashable, Sendable {
    /// ``Limits/maximumSegmentsPerFrame``.
    case segments
    /// ``Limits/maximumDashesPerFrame``.
    case dashes
    /// ``Limits/maximumCoverageBytesPerFrame``.
    case coverageBytes
  }

  /// The budget exceeded.
  package var budget: Budget
  /// What the piece that did not fit asked for.
  package var requested: Int
  /// What the frame had spent before it.
  package var spent: Int
  /// The budget's size.
  package var limit: Int
  /// The layer being drawn (its index in the tree), when known.
  package var layer: Int?
  /// The piece: "its stroke", "its fill", …
  package var what: String

  /// `its stroke needs about N line segments …; a frame may have at most M (Limits.…)`.
  package var description: String {
    let (unit, name) = switch budget {
    case .segments: ("line segments after flattening", "maximumSegmentsPerFrame")
    case .dashes: ("dashes", "maximumDashesPerFrame")
    case .coverageBytes: ("bytes of coverage", "maximumCoverageBytesPerFrame")
    }
    let source = limit == Limits.value(of: budget) ? " (Limits.\(name))" : ""
    let before = spent > 0 ? " (after \(spent) for the rest of the frame)" : ""
    return "\(what) needs about \(requested) \(unit)\(before); a frame may have at most \(limit)\(source)"
  }
}
