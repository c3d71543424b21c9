// SPDX-License-Identifier: Apache-2.0
// An open font face: its file, names and metrics; glyphs and shaping go through the C shim.

import CZoetropeText
import Synchronization
import ZoetropeFiles
import ZoetropeGeometry

/// One face of a font file, opened once and shared (``FontLibrary`` keeps one
/// instance per file and face index). Metrics are in font units, y up.
///
/// Safe to use from any number of threads: shaping is lock-free, glyph
/// outlines are loaded under the face's lock and cached.
///
///     let font = try Font.named("DejaVu Sans")
///     font.file          // "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// The C face (`zt_face *`): immutable but for FreeType's glyph slot, which the shim locks.
  let face: OpaquePointer
  /// The font file, as opened (absolute when resolved by name).
  public let file: String
  /// The face's index in the file (0 but for collections).
  public let faceIndex: Int
  /// The family name, such as "Liberation Sans".
  public let family: String
  /// The style name, such as "Bold Italic".
  public let style: String
  /// The PostScript name, such as "LiberationSans-Bold" ("" when the font has none).
  public let postScriptName: String
  /// Font units per em (16…16384).
  public let unitsPerEm: Double
  /// The ascender, font units above the baseline.
  public let ascender: Double
  /// The descender, font units: ≤ 0 (below the baseline).
  public let descender: Double
  /// Extra space between lines, font units, ≥ 0.
  public let lineGap: Double
  /// The number of glyphs; id 0 is `.notdef`.
  public let glyphCount: Int
  /// The OpenType weight class (400 regular, 700 bold).
  public let weight: Double
  /// Whether the face is italic or oblique.
  public let isItalic: Bool
  /// Glyph outlines loaded so far, by glyph id.
  let outlines = Mutex<[UInt32: GlyphOutline]>([:])
  /// Flattened outlines by glyph and linear map (see `Font+Flatten.swift`).
  let flattened = Mutex(FlattenedGlyphs())

  /// The largest font file opened (a bigger one is refused as unreadable).
  package static let maximumFileBytes = 256 << 20

  /// Opens face `index` of the font file at `file`.
  ///
  /// Throws ``FontError/Kind/unreadable(file:reason:)`` for a file that cannot
  /// be read (opened as every input is, `InputFile`: a FIFO, device or folder
  /// is refused without waiting) or is over 256 MiB,
  /// ``FontError/Kind/corrupt(file:reason:)`` for bytes that are not an
  /// outline font.
  package init(file: String, index: Int = 0) throws(FontError) {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(file, maximumBytes: Font.maximumFileBytes)
    } catch {
      let reason = switch error {
      case .tooLarge(let size): "the file has \(size.map(String.init) ?? "more than \(Font.maximumFileBytes)") bytes; "
        + "font files may have at most \(Font.maximumFileBytes)"
      case .notAFile(let kind): "it is \(kind), not a regular file"
      default: error.reason
      }
      throw FontError(.unreadable(file: file, reason: reason))
    }
    var pointer: OpaquePointer?
    var info = zt_face_info()
    var message = [CChar](repeating: 0, count: 512)
    let status = zt_face_open(bytes, bytes.count, Int32(clamping: index), &pointer, &info, &message, message.count)
    let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard status == Int32(ZT_TEXT_OK.rawValue), let pointer else {
      if status == Int32(ZT_TEXT_ERROR_FORMAT.rawValue) || status == Int32(ZT_TEXT_ERROR_ARGUMENT.rawValue) {
        throw FontError(.corrupt(file: file, reason: reason))
      }
      throw FontError(.unreadable(file: file, reason: reason))
    }
    face = pointer
    self.file = file
    faceIndex = index
    family = Font.string(info.family)
    style = Font.string(info.style)
    postScriptName = Font.string(info.postscript_name)
    unitsPerEm = Double(info.units_per_em)
    ascender = Double(info.ascender)
    descender = Double(info.descender)
    lineGap = Double(info.line_gap)
    glyphCount = Int(info.glyph_count)
    weight = Double(info.weight)
    isItalic = info.is_italic != 0
  }

  deinit { zt_face_close(face) }

  /// "Family Style (file)".
  public var description: String { "\(family) \(style) (\(file)\(faceIndex == 0 ? "" : " #\(faceIndex)"))" }

  public static func == (a: Font, b: Font) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// The glyph the font's character map gives `scalar`; 0 (`.notdef`) when it has none.
  package func glyph(for scalar: Unicode.Scalar) -> UInt32 {
    zt_face_nominal_glyph(face, scalar.value)
  }

  /// A fixed-size C character array as a Swift string (invalid UTF-8 repaired).
  static func string<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
