// SPDX-License-Identifier: Apache-2.0
// Why a frame was not rendered: stopped on request, or past a budget of Limits.

/// Why ``Renderer/render(atTime:scale:threads:into:isCancelled:)`` stopped.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Hashable, Sendable {
    /// `isCancelled` returned true (checked between bands of rows and between layers).
    case cancelled
    /// The frame's geometry went past a per-frame budget of ``Limits``.
    case overBudget
  }

  /// What happened.
  public var kind: Kind
  /// The scene path of the layer whose drawing went past the budget
  /// (`layers[0].sublayers[2]`, as in error messages about scene files);
  /// empty when not known or cancelled.
  public var path: String
  /// What went past which budget, or that the render was cancelled.
  public var reason: String

  /// An error of `kind` about the layer at `path`.
  public init(kind: Kind, path: String, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  /// A cancelled render.
  public static let cancelled = RenderError(kind: .cancelled, path: "", reason: "cancelled")

  /// `path: reason`, or the reason alone.
  public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
