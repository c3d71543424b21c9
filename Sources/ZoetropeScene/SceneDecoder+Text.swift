// SPDX-License-Identifier: Apache-2.0
// Decoding text layers and text paths: the CATextLayer keys, fonts resolved (and refused) at decode time.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeText

extension SceneDecoder {
  /// Font sizes a scene may give, points.
  static let fontSizes = 0...TextLayout.maximumFontSize

  mutating func decodeTextMember(_ member: JSONMember, into text: TextLayer, at p: Int) {
    let v = member.value
    switch member.key {
    case "string":
      if case .null = v { text.string = nil } else if let s = textString(v, at: p) { text.string = s }
    case "font": if let s = string(v, at: p) { text.font = s }
    case "fontWeight": if let w = fontWeight(v, at: p) { text.fontWeight = w }
    case "fontStyle": if let s = enumeration(v, at: p, FontStyle.self, prefixes: []) { text.fontStyle = s }
    case "fontSize": if let n = number(v, at: p, in: SceneDecoder.fontSizes) { text.fontSize = n }
    case "foregroundColor": if let c = optionalColor(v, at: p) { text.foregroundColor = c }
    case "alignmentMode":
      if let a = enumeration(v, at: p, TextLayerAlignmentMode.self, prefixes: ["kCAAlignment"]) { text.alignmentMode = a }
    case "wrapped": if let b = bool(v, at: p) { text.isWrapped = b }
    case "truncationMode":
      if let t = enumeration(v, at: p, TextLayerTruncationMode.self, prefixes: ["kCATruncation"]) {
        text.truncationMode = t
      }
    default: break
    }
  }

  /// A string of at most ``TextLayout/maximumUTF8Count`` bytes (the reader has checked its UTF-8).
  private mutating func textString(_ value: JSONValue, at path: Int) -> String? {
    guard let s = string(value, at: path) else { return nil }
    guard s.utf8.count <= TextLayout.maximumUTF8Count else {
      report(path, "the string is \(s.utf8.count) bytes of UTF-8; at most \(TextLayout.maximumUTF8Count) are allowed")
      return nil
    }
    return s
  }

  /// An OpenType weight 1…1000 or a name such as "bold".
  private mutating func fontWeight(_ value: JSONValue, at path: Int) -> Double? {
    if case .string(let name) = value {
      if let known = FontDescriptor.weightNames.first(where: { $0.0.lowercased() == name.lowercased() }) {
        return known.1
      }
      let names = FontDescriptor.weightNames.map(\.0)
      report(path, "must be a weight 1…1000 or one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) "
        + "(got \"\(name)\")\(SceneDecoder.suggestion(for: name, among: names))")
      return nil
    }
    return number(value, at: path, in: 1...1000)
  }

  /// Resolves a text layer's font now, so that an unknown name or a bad file
  /// is a scene error; a relative file path becomes absolute (against the
  /// scene's folder) in the layer.
  mutating func resolveFont(of text: TextLayer, members: [JSONMember], at path: Int) {
    let fontPath = members.contains { $0.key == "font" } ? paths.child(path, "font") : path
    let style = text.fontStyle
    let descriptor = FontDescriptor(name: text.font, weight: text.fontWeight, style: style)
    guard let font = resolveFont(descriptor, at: fontPath, usedAt: path) else { return }
    if descriptor.isFilePath { text.font = font.file }
  }

  /// The face `descriptor` names, recorded for `validate`; `nil` after reporting.
  private mutating func resolveFont(_ descriptor: FontDescriptor, at reportPath: Int, usedAt path: Int) -> Font? {
    if descriptor.isFilePath {
      // A font file is one of the scene's source files (`render --watch` follows it), read or not.
      noteSourceFile(resolvePath(descriptor.name))
    }
    do throws(FontError) {
      let font = try FontLibrary.shared.font(descriptor, relativeTo: baseFolder)
      var request = "\"\(descriptor.name)\""
      if descriptor.weight != 400 { request += " weight \(SceneDecoder.format(descriptor.weight))" }
      if descriptor.style != .normal { request += " \(descriptor.style.rawValue)" }
      let notes = descriptor.isFilePath ? [] : SceneDecoder.fontNotes(descriptor, font: font)
      for note in notes { warn(reportPath, note) }
      fonts.append(SceneFont(path: paths.render(path), request: request, file: font.file,
                             face: "\(font.family) \(font.style), weight \(SceneDecoder.format(font.weight))",
                             notes: notes))
      return font
    } catch {
      report(reportPath, error.description)
      return nil
    }
  }

  /// `{"text": "hello", "font": "DejaVu Sans", "size": 48, "fontWeight": …, "fontStyle": …}`:
  /// the string's outline as `Path(text:font:size:)` gives it.
  mutating func textPath(_ members: [JSONMember], at path: Int) -> Path? {
    guard let members = checkKeys(.object(members), at: path, allowed: SceneDecoder.textPathKeys, what: "a text path")
    else { return nil }
    var text = "", size = 36.0, weight = 400.0
    var name = FontDescriptor.defaultName, style = FontStyle.normal
    var namePath = path
    var ok = true
    for member in members {
      let p = paths.child(path, member.key)
      switch member.key {
      case "text": if let s = textString(member.value, at: p) { text = s } else { ok = false }
      case "font":
        if let s = string(member.value, at: p) { name = s; namePath = p } else { ok = false }
      case "size": if let n = number(member.value, at: p, in: SceneDecoder.fontSizes) { size = n } else { ok = false }
      case "fontWeight": if let w = fontWeight(member.value, at: p) { weight = w } else { ok = false }
      default:
        if let s = enumeration(member.value, at: p, FontStyle.self, prefixes: []) { style = s } else { ok = false }
      }
    }
    let descriptor = FontDescriptor(name: name, weight: weight,
                                    style: style)
    guard ok, let font = resolveFont(descriptor, at: namePath, usedAt: path) else { return nil }
    do throws(FontError) {
      return try Path(text: text, font: font, size: size)
    } catch {
      report(path, error.description)
      return nil
    }
  }

  /// What a reader should know about the face a font name and weight found:
  /// Apple's system font drawn in its open substitute, and a weight the
  /// family does not have (which face was taken instead, and why).
  static func fontNotes(_ descriptor: FontDescriptor, font: Font) -> [String] {
    var notes: [String] = []
    let isSubstitute = FontDescriptor.appleSystemFontSubstitute(for: descriptor.name)
      .map { $0.lowercased() == font.family.lowercased() } ?? false
    if isSubstitute {
      notes.append("\"\(descriptor.name)\" is Apple's system font, which is not installed here (its licence keeps it "
        + "on Apple's platforms): drawn in \(font.family), an open face of close proportions and metrics")
    }
    let weights = FontLibrary.shared.weights(ofFamily: font.family, slanted: font.isItalic)
    guard !weights.isEmpty, Swift.abs(font.weight - descriptor.weight) >= 1 else { return notes }
    let asked = weightPhrase(descriptor.weight)
    if weights.contains(where: { Swift.abs($0 - descriptor.weight) < 1 }) {
      // The family has the weight, so the name picked one face (a PostScript or full name).
      notes.append("fontWeight \(asked) does not apply: \"\(descriptor.name)\" names one face, \(font.family) "
        + "\(font.style) (\(format(font.weight)))")
    } else {
      let list = weights.map { format($0) }
      let have = list.count == 1 ? list[0] : list.dropLast().joined(separator: ", ") + " and " + list.last!
      notes.append("fontWeight \(asked): \(font.family) has no face of that weight (its faces weigh \(have)); "
        + "drawn in the nearest, \(font.family) \(font.style) (\(format(font.weight)))")
    }
    return notes
  }

  /// `600 ("semibold")`, or just the number for a weight without a name.
  static func weightPhrase(_ weight: Double) -> String {
    let name = FontDescriptor.weightNames.first { $0.1 == weight }?.0
    return format(weight) + (name.map { " (\"\($0)\")" } ?? "")
  }
}
