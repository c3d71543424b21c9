// SPDX-License-Identifier: Apache-2.0
// Why a frame, a clip, a timeline or a contact sheet stopped: the one error type of the umbrella module.

/// Why rendering stopped or could not start.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `isCancelled` returned true (checked between frames, and within a frame
  /// between layers and bands of rows).
  case cancelled
  /// The sink could not write.
  case sink(MediaError)
  /// A frame's geometry went past a per-frame budget of ``Limits``: `path` is
  /// the scene path of the layer being drawn (`layers[0].sublayers[2]`, as in
  /// error messages about scene files; empty when not known), `reason` what
  /// went past which budget.
  case overBudget(path: String, reason: String)
  /// A timeline strip's parameters cannot be drawn (the reason says which).
  case invalidTimeline(String)

  /// What went wrong, in one line: `path: reason` for a budget.
  public var description: String {
    switch self {
    case .cancelled: "cancelled"
    case .sink(let error): error.description
    case .overBudget(let path, let reason): path.isEmpty ? reason : "\(path): \(reason)"
    case .invalidTimeline(let reason): reason
    }
  }
}
