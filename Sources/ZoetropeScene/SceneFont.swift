// SPDX-License-Identifier: Apache-2.0
// A font a scene names and the file it resolved to, for `validate`.

/// A font named in a scene file — by a text layer or a text path — and the
/// face it resolved to on this machine.
public struct SceneFont: Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the layer or path object that names it.
  public var path: String
  /// The font as written (`"Helvetica"`, `"fonts/Inter.ttf"`), with a weight or style when given.
  public var request: String
  /// The font file it resolved to.
  public var file: String
  /// The face's family, style and weight, such as "Liberation Sans Regular, weight 400".
  public var face: String
  /// Why this face: Apple's system font drawn in its open substitute, a
  /// weight the family lacks and the one taken instead; empty when the
  /// request found exactly what it named.
  public var notes: [String] = []

  /// `layers[0]: "Helvetica" → /usr/share/fonts/…/LiberationSans-Regular.ttf (Liberation Sans Regular, weight 400)`,
  /// then the notes, each after a dash.
  public var description: String {
    "\(path): \(request) → \(file) (\(face))" + notes.map { " — " + $0 }.joined()
  }
}
