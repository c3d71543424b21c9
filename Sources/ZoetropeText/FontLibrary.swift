// SPDX-License-Identifier: Apache-2.0
// Finding fonts: names and files to open faces, fallback faces per character, all cached for the process.

import CZoetropeText
import Synchronization
import ZoetropeLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's fonts: every request resolved once through fontconfig (or
/// opened as a file) and every face opened once, shared by all threads.
///
/// Results — failures included — are kept for the life of the process, so a
/// frame never asks fontconfig twice for the same thing; fonts installed
/// after the first request for a name are not seen.
package final class FontLibrary: Sendable {
  /// The one library of the process.
  package static let shared = FontLibrary()

  private struct FaceKey: Hashable {
    var file: String
    var index: Int
  }
  private struct FallbackKey: Hashable {
    var font: ObjectIdentifier
    var scalar: UInt32
  }
  private let faces = Mutex<[FaceKey: Result<Font, FontError>]>([:])
  private let requests = Mutex<[FontDescriptor: Result<Font, FontError>]>([:])
  /// Fallback faces by primary face and character; `nil` when no font has it.
  private let fallbacks = Mutex<[FallbackKey: Font?]>([:])
  private let installedFamilies = Mutex<[String]?>(nil)

  /// Generic family names, accepted even though no font is called that.
  static let genericNames: Set<String> = ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy"]

  package init() {}

  /// The face `descriptor` names. A relative file path is taken relative to
  /// `directory` (the current directory when `nil`).
  ///
  /// Throws ``FontError/Kind/unknownName(_:closest:)`` for a name no
  /// installed font has (fontconfig would silently substitute its default),
  /// and the file errors of ``Font/init(file:index:)``.
  package func font(_ descriptor: FontDescriptor, relativeTo directory: String? = nil) throws(FontError) -> Font {
    var key = descriptor
    if descriptor.isFilePath {
      key = FontDescriptor(name: FontLibrary.absolutePath(descriptor.name, relativeTo: directory))
    }
    if let known = requests.withLock({ $0[key] }) { return try known.get() }
    let result = resolve(key)
    requests.withLock { $0[key] = result }
    return try result.get()
  }

  /// The face a text layer draws with: the one `descriptor` names, or the
  /// default font at the same weight and style when it names none (as
  /// `CATextLayer` falls back to Helvetica); `nil` when not even that is found.
  /// The compositor and `inspect` both measure text in this face.
  package func textFont(_ descriptor: FontDescriptor, relativeTo directory: String? = nil) -> Font? {
    if let font = try? font(descriptor, relativeTo: directory) { return font }
    return try? font(FontDescriptor(weight: descriptor.weight, style: descriptor.style))
  }

  private func resolve(_ descriptor: FontDescriptor) -> Result<Font, FontError> {
    if descriptor.isFilePath { return face(file: descriptor.name, index: 0) }
    let slant = switch descriptor.style {
    case .normal: ZT_FONT_SLANT_ROMAN
    case .italic: ZT_FONT_SLANT_ITALIC
    case .oblique: ZT_FONT_SLANT_OBLIQUE
    }
    var match = zt_font_match()
    var message = [CChar](repeating: 0, count: 256)
    let status = zt_fontconfig_match(descriptor.name, descriptor.weight, slant.rawValue, 0, &match, &message,
                                     message.count)
    let found = status == Int32(ZT_TEXT_OK.rawValue) && match.is_named != 0
    // Apple's system font, where no installed family answers to its name: the open face of close metrics.
    if !found, let substitute = FontDescriptor.appleSystemFontSubstitute(for: descriptor.name),
      case .success(let font) = resolve(FontDescriptor(name: substitute, weight: descriptor.weight,
                                                        style: descriptor.style))
    {
      return .success(font)
    }
    let isGeneric = FontLibrary.genericNames.contains(descriptor.name.lowercased())
    if !found, !isGeneric, let substitute = FontDescriptor.appleSystemFontSubstitute(for: descriptor.name) {
      return .failure(FontError(.appleSystemFont(descriptor.name, substitute: substitute)))
    }
    guard status == Int32(ZT_TEXT_OK.rawValue), found || isGeneric else {
      return .failure(FontError(.unknownName(descriptor.name, closest: closestFamilies(to: descriptor.name))))
    }
    return face(file: Font.string(match.path), index: Int(match.index))
  }

  /// The OpenType weights of the installed faces of `family` (its exact
  /// name, any case), upright ones or slanted ones, ascending; empty for a
  /// family nobody has.
  package func weights(ofFamily family: String, slanted: Bool) -> [Double] {
    var weights = [Double](repeating: 0, count: 64)
    var count = 0
    var message = [CChar](repeating: 0, count: 256)
    let slant = slanted ? ZT_FONT_SLANT_ITALIC : ZT_FONT_SLANT_ROMAN
    guard zt_fontconfig_weights(family, slant.rawValue, &weights, weights.count, &count, &message,
                                message.count) == Int32(ZT_TEXT_OK.rawValue)
    else { return [] }
    return Array(weights.prefix(count))
  }

  /// The face at `file` and `index`, opened once.
  package func face(file: String, index: Int) -> Result<Font, FontError> {
    let key = FaceKey(file: file, index: index)
    if let known = faces.withLock({ $0[key] }) { return known }
    let opened: Result<Font, FontError>
    do throws(FontError) {
      opened = .success(try Font(file: file, index: index))
    } catch {
      opened = .failure(error)
    }
    return faces.withLock { cache in
      if let raced = cache[key] { return raced }
      cache[key] = opened
      return opened
    }
  }

  /// The face fontconfig offers for `scalar`, which `font` lacks: the
  /// installed font closest to `font`'s family, weight and slant that has the
  /// character; `nil` when no installed font has it (the text then draws
  /// `font`'s `.notdef`).
  package func fallback(for scalar: Unicode.Scalar, after font: Font) -> Font? {
    let key = FallbackKey(font: ObjectIdentifier(font), scalar: scalar.value)
    if let known = fallbacks.withLock({ $0[key] }) { return known }
    var match = zt_font_match()
    var message = [CChar](repeating: 0, count: 256)
    var found: Font?
    let slant = font.isItalic ? ZT_FONT_SLANT_ITALIC : ZT_FONT_SLANT_ROMAN
    if zt_fontconfig_match(font.family, font.weight, slant.rawValue, scalar.value, &match, &message,
                           message.count) == Int32(ZT_TEXT_OK.rawValue),
      case .success(let face) = face(file: Font.string(match.path), index: Int(match.index)),
      face !== font, face.glyph(for: scalar) != 0
    {
      found = face
    }
    fallbacks.withLock { $0[key] = found }
    return found
  }

  /// Every installed family, sorted.
  package var families: [String] {
    if let known = installedFamilies.withLock({ $0 }) { return known }
    var names: UnsafeMutablePointer<CChar>?
    var size = 0
    var message = [CChar](repeating: 0, count: 256)
    var list: [String] = []
    if zt_fontconfig_families(&names, &size, &message, message.count) == Int32(ZT_TEXT_OK.rawValue), let names {
      let bytes = UnsafeRawBufferPointer(start: names, count: size)
      list = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      zt_text_free(names)
    }
    installedFamilies.withLock { $0 = list }
    return list
  }

  /// Up to three installed families whose names are like `name`: a family
  /// containing the name or contained in it (three letters at least), or
  /// one a few edits away (case-insensitive, at most a third of the name's
  /// length) — closest first. Empty when no family is like it: an unrelated
  /// family is no suggestion ("SF Pro Text" is not "DejaVu Sans").
  package func closestFamilies(to name: String) -> [String] {
    let lower = name.lowercased()
    let wanted = Array(lower.utf8)
    let allowed = Swift.max(1, wanted.count / 3)
    let scored = families.compactMap { family -> (Int, String)? in
      let candidate = family.lowercased()
      let distance = FontLibrary.editDistance(wanted, Array(candidate.utf8))
      let contains = Swift.min(candidate.count, lower.count) >= 3
        && (candidate.contains(lower) || lower.contains(candidate))
      guard contains || distance <= allowed else { return nil }
      return ((contains ? 0 : 1000) + distance, family)
    }
    return scored.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.prefix(3).map(\.1)
  }

  /// Levenshtein distance between two byte strings (0 for equal strings,
  /// the other's length when one is empty). Also the scene decoder's "did
  /// you mean" measure.
  package static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// `path` made absolute against `directory` (or the current directory),
  /// with `.` components dropped.
  package static func absolutePath(_ path: String, relativeTo directory: String?) -> String {
    var base = path.hasPrefix("/") ? "" : (directory ?? currentDirectory())
    if !base.isEmpty, !base.hasPrefix("/") { base = currentDirectory() + "/" + base }
    let joined = base.isEmpty ? path : base + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  private static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension Font {
  /// The face `name` resolves to: a family (`"DejaVu Sans"`), an alias
  /// fontconfig knows (`"Helvetica"` finds a metric-compatible face such as
  /// Liberation Sans), a PostScript or full name, or a font file path
  /// (relative to the current directory), at `weight` and `style`.
  ///
  /// Throws ``FontError`` for an unknown name (with the closest installed
  /// families) and for unreadable or corrupt files. Results are cached for the
  /// process.
  ///
  ///     let bold = try Font.named("DejaVu Sans", weight: 700)
  public static func named(_ name: String, weight: Double = 400,
                           style: FontStyle = .normal) throws(FontError) -> Font {
    try FontLibrary.shared.font(FontDescriptor(name: name, weight: weight, style: style))
  }
}
