// SPDX-License-Identifier: Apache-2.0
// A frame rate as an exact ratio, and the clip time of each frame.

/// A frame rate as a ratio, so that NTSC rates (`30000/1001`) stay exact.
///
/// Frame `i` of a clip shows clip time `i × denominator / numerator` seconds;
/// scenes, renders and every output format count frames this way.
///
///     FrameRate(numerator: 30000, denominator: 1001).time(ofFrame: 1001)   // 1000.0
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
  /// Frames…
  public let numerator: Int
  /// …per this many seconds.
  public let denominator: Int

  /// `numerator / denominator` frames per second. Both must be positive;
  /// anything else traps (scene files and the CLI check rates before they get here).
  public init(numerator: Int, denominator: Int) {
    precondition(numerator > 0 && denominator > 0, "FrameRate needs a positive numerator and denominator")
    self.numerator = numerator
    self.denominator = denominator
  }

  /// A whole number of frames per second, > 0.
  public init(_ framesPerSecond: Int) { self.init(numerator: framesPerSecond, denominator: 1) }

  /// The rate as a number.
  public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

  /// The clip time of frame `index`, seconds: `index × denominator / numerator`.
  public func time(ofFrame index: Int) -> Double {
    Double(index) * Double(denominator) / Double(numerator)
  }

  /// `30` or `30000/1001`.
  public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
