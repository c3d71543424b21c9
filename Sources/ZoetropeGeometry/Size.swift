// SPDX-License-Identifier: Apache-2.0
// A width and a height, in points.

/// A width and height in points. The counterpart of `CGSize`.
///
/// Negative components are representable (animations may pass through them);
/// consumers that need an extent use their magnitudes.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its components.
  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// `0 × 0`.
  public static let zero = Size(width: 0, height: 0)
}
