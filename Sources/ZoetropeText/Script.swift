// SPDX-License-Identifier: Apache-2.0
// Unicode scripts as HarfBuzz's four-character tags.

import CZoetropeText

/// Unicode script tags (ISO 15924 as big-endian four-character codes), from HarfBuzz's tables.
enum Script {
  /// `Zyyy`: characters shared by scripts (spaces, digits, punctuation).
  static let common = tag("Zyyy")
  /// `Zinh`: characters that take the script of the one before (combining marks).
  static let inherited = tag("Zinh")
  /// `Zzzz`: unassigned characters.
  static let unknown = tag("Zzzz")
  /// Scripts whose text breaks between any two characters: Han, Hiragana, Katakana.
  static let ideographic: Set<UInt32> = [tag("Hani"), tag("Hira"), tag("Kana")]

  /// The script of `scalar`.
  static func of(_ scalar: Unicode.Scalar) -> UInt32 { zt_text_script(scalar.value) }

  /// Whether `script` is a real script, not common, inherited or unknown.
  static func isSpecific(_ script: UInt32) -> Bool {
    script != common && script != inherited && script != unknown && script != 0
  }

  /// Whether `script` is written right to left.
  static func isRightToLeft(_ script: UInt32) -> Bool { zt_text_script_is_right_to_left(script) != 0 }

  /// The tag of a four-letter ISO 15924 code.
  static func tag(_ code: StaticString) -> UInt32 {
    code.withUTF8Buffer { bytes in bytes.reduce(0) { $0 << 8 | UInt32($1) } }
  }
}
