// SPDX-License-Identifier: Apache-2.0
// What a timed object shows outside its active window (CAMediaTimingFillMode).

/// What a timed object shows outside its active window, as `CAMediaTimingFillMode`.
///
/// Raw values are Core Animation's constant strings. See docs/timing.md, "Fill modes and removedOnCompletion".
public enum FillMode: String, Hashable, Sendable, CaseIterable {
  /// Nothing shows outside the active window (the default).
  case removed
  /// After the window, the final value stays (top-level animations also need
  /// `isRemovedOnCompletion == false`).
  case forwards
  /// Before the window, the initial value shows.
  case backwards
  /// Both `forwards` and `backwards`.
  case both

  /// Fills the time before the active window.
  @inlinable public var fillsBackwards: Bool { self == .backwards || self == .both }
  /// Fills the time after the active window.
  @inlinable public var fillsForwards: Bool { self == .forwards || self == .both }
}
