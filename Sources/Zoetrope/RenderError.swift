// SPDX-License-Identifier: Apache-2.0
// Why a render, a timeline or a contact sheet stopped: the one error type of the umbrella module.

/// Why rendering stopped or could not start.
public enum RenderError: Error, Sendable, CustomStringConvertible {
  /// ``ClipRender/run(into:isCancelled:progress:)``'s `isCancelled` said so.
  case cancelled
  /// The sink could not write.
  case sink(MediaError)
  /// A timeline strip's parameters cannot be drawn (the reason says which).
  case invalidTimeline(String)

  /// What went wrong, in one line.
  public var description: String {
    switch self {
    case .cancelled: "cancelled"
    case .sink(let error): error.description
    case .invalidTimeline(let reason): reason
    }
  }
}
