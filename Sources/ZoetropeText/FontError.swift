// SPDX-License-Identifier: Apache-2.0
// Why a font could not be found, opened or used.

/// A font that cannot be used: an unknown name, an unreadable or corrupt
/// file, or text over the size budget. Its description is one sentence that
/// names the font or file.
public struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// No installed font has this family, alias, PostScript or full name;
    /// `closest` lists up to three installed families with similar names.
    case unknownName(String, closest: [String])
    /// The font file cannot be read (missing, a directory, no permission…).
    case unreadable(file: String, reason: String)
    /// The file is not an outline font FreeType can read.
    case corrupt(file: String, reason: String)
    /// A name of Apple's system font (`"SF Pro Text"`, `"-apple-system"`)
    /// where neither it nor its open substitute (`"Inter"`) is installed.
    case appleSystemFont(String, substitute: String)
    /// The string is longer than ``TextLayout/maximumUTF8Count`` bytes.
    case textTooLong(utf8Count: Int)
    /// A size that is negative, not finite or above ``TextLayout/maximumFontSize``.
    case invalidSize(Double)
  }

  /// What went wrong.
  public var kind: Kind

  /// Creates an error.
  public init(_ kind: Kind) { self.kind = kind }

  /// One sentence, such as `unknown font "Helvtica" (closest installed: "Helvetica"…)`.
  public var description: String {
    switch kind {
    case .unknownName(let name, let closest):
      let list = closest.map { "\"\($0)\"" }.joined(separator: ", ")
      return "unknown font \"\(name)\"" + (closest.isEmpty
        ? "; no installed family has a name like it (`fc-list : family` lists them)"
        : " (closest installed: \(list))")
    case .appleSystemFont(let name, let substitute):
      return "\"\(name)\" is Apple's system font, which is not installed here, and neither is \"\(substitute)\", "
        + "the open face drawn in its place (Debian: apt-get install fonts-inter)"
    case .unreadable(let file, let reason): return "cannot read the font file \(file): \(reason)"
    case .corrupt(let file, let reason): return "the font file \(file) is not usable: \(reason)"
    case .textTooLong(let count):
      return "the text is \(count) bytes of UTF-8; at most \(TextLayout.maximumUTF8Count) are laid out"
    case .invalidSize(let size):
      return "the font size must be in 0…\(Int(TextLayout.maximumFontSize)) points (got \(size))"
    }
  }
}
