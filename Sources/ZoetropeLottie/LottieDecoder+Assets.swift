// SPDX-License-Identifier: Apache-2.0
// Reading images (embedded or beside the file), fonts, glyphs and text documents.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia
import ZoetropePixels
import ZoetropeScene

extension LottieDecoder {
  /// An image asset: embedded as a `data:` URL (base64 PNG, JPEG or WebP), or a
  /// file `u` + `p` beside the Lottie file (in a dotLottie archive, an entry
  /// of the archive), decoded through the image
  /// decoder within its budgets.
  mutating func decodeImage(_ value: JSONValue, at path: Int) -> LottieImageAsset {
    let width = number(value["w"], at: paths.child(path, "w"), default: 0)
    let height = number(value["h"], at: paths.child(path, "h"), default: 0)
    let pPath = paths.child(path, "p")
    guard let p = string(value["p"]) else {
      warn(pPath, "an image asset needs a file name or data URL \"p\"; it is not drawn")
      return LottieImageAsset(image: nil, width: width, height: height)
    }
    let name = "image-" + (string(value["id"]) ?? integer(value["id"]).map(String.init) ?? "\(path)")
    if p.hasPrefix("data:") {
      guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64") else {
        warn(pPath, "only base64 data URLs are read; the image is not drawn")
        return LottieImageAsset(image: nil, width: width, height: height)
      }
      guard let bytes = LottieDecoder.base64(p[p.index(after: comma)...], limit: images.limits.maximumFileSize) else {
        report(pPath, "the embedded image is not valid base64, or larger than the image budget "
          + "(\(images.limits.maximumFileSize) bytes)")
        return LottieImageAsset(image: nil, width: width, height: height)
      }
      do {
        let image = try images.image(encodedData: bytes, name: name)
        encodedImages[name] = bytes
        return LottieImageAsset(image: image, width: width, height: height)
      } catch {
        report(pPath, "the embedded image cannot be used: \(error)")
        return LottieImageAsset(image: nil, width: width, height: height)
      }
    }
    if archive != nil {
      let image = archiveImage(folder: string(value["u"]) ?? "", file: p, name: name, at: pPath)
      return LottieImageAsset(image: image, width: width, height: height)
    }
    var folder = string(value["u"]) ?? ""
    if folder.hasPrefix("/") || folder.contains("://") { folder = "" }
    var file = folder + p
    if !file.hasPrefix("/") { file = (baseFolder == "." ? "" : baseFolder + "/") + file }
    if !sourceFiles.contains(file) { sourceFiles.append(file) }
    do {
      let bytes: [UInt8]
      do {
        bytes = try FileBytes.read(file)
      } catch {
        throw MediaError(path: file, reason: "\(error)")
      }
      let image = try images.image(encodedData: bytes, name: name)
      encodedImages[name] = bytes
      return LottieImageAsset(image: image, width: width, height: height)
    } catch {
      warn(pPath, "the image file \(file) cannot be used (\(error)); it is not drawn")
      return LottieImageAsset(image: nil, width: width, height: height)
    }
  }

  /// Base64 (standard or URL alphabet, padding optional, whitespace
  /// skipped) decoded; `nil` when invalid or longer than `limit` bytes.
  static func base64(_ text: Substring, limit: Int) -> [UInt8]? {
    var table = [UInt8](repeating: 255, count: 256)
    for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(c)] = UInt8(i)
    }
    table[Int(UInt8(ascii: "-"))] = 62
    table[Int(UInt8(ascii: "_"))] = 63
    guard text.utf8.count / 4 * 3 <= limit + 3 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count / 4 * 3)
    var buffer: UInt32 = 0, bits = 0
    for c in text.utf8 {
      if c == UInt8(ascii: "=") { break }
      if c == 32 || c == 10 || c == 13 || c == 9 { continue }
      let v = table[Int(c)]
      guard v != 255 else { return nil }
      buffer = buffer << 6 | UInt32(v)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
      }
    }
    return out.count <= limit ? out : nil
  }

  // MARK: Fonts and glyphs

  mutating func decodeFonts(_ value: JSONValue, at path: Int, into animation: inout LottieAnimation) {
    guard case .array(let list)? = value["list"] else { return }
    for item in list {
      guard let name = string(item["fName"]) else { continue }
      var ascent: Double?
      if case .number(let a)? = item["ascent"] { ascent = a }
      animation.fonts[name] = LottieFont(family: string(item["fFamily"]) ?? name, style: string(item["fStyle"]) ?? "",
                                         name: name, path: string(item["fPath"]), ascent: ascent)
    }
  }

  mutating func decodeGlyphs(_ value: JSONValue, at path: Int, into animation: inout LottieAnimation) {
    guard case .array(let list) = value else { return }
    for (index, item) in list.enumerated() {
      let p = paths.child(path, index)
      guard let character = string(item["ch"]) else { continue }
      var shapes: [LottieShapeItem] = []
      if case .array(let items)? = item["data"]?["shapes"] {
        shapes = decodeShapes(items, at: paths.child(paths.child(p, "data"), "shapes"))
      }
      let key = LottieGlyphKey(character: character, family: string(item["fFamily"]) ?? "", style: string(item["style"]) ?? "")
      animation.glyphs[key] = LottieGlyph(size: number(item["size"], at: paths.child(p, "size"), default: 100),
                                          advance: number(item["w"], at: paths.child(p, "w"), default: 0), shapes: shapes)
    }
  }

  // MARK: Text

  mutating func decodeText(_ value: JSONValue?, at path: Int) -> LottieText {
    var documents: [(Double, LottieTextDocument)] = []
    let dPath = paths.child(paths.child(path, "d"), "k")
    if case .array(let items)? = value?["d"]?["k"] {
      for (index, item) in items.enumerated() {
        let p = paths.child(dPath, index)
        guard let s = item["s"] else { continue }
        documents.append((item["t"].flatMap { if case .number(let t) = $0 { t } else { nil } } ?? 0,
                          textDocument(s, at: paths.child(p, "s"))))
      }
    }
    var animators: [LottieTextAnimator] = []
    if let list = value?["a"] { animators = decodeTextAnimators(list, at: paths.child(path, "a")) }
    if let followPath = value?["p"], case .object(let members) = followPath, !members.isEmpty,
       followPath["m"] != nil {
      unsupported(paths.child(path, "p"), "text on a path; the text is drawn straight")
    }
    if documents.isEmpty { warn(path, "a text layer needs documents \"d.k\"; it draws nothing") }
    return LottieText(documents: documents, path: path, animators: animators)
  }

  private mutating func textDocument(_ value: JSONValue, at path: Int) -> LottieTextDocument {
    func colorValue(_ key: String) -> Color? {
      guard let v = value[key], let c = vector(v, at: paths.child(path, key)), c.count >= 3 else { return nil }
      return LottieDecoder.color(c)
    }
    var lineHeight = 0.0
    if case .number(let lh)? = value["lh"] { lineHeight = lh }
    let size = number(value["s"], at: paths.child(path, "s"), default: 10)
    // Paragraph text: the box's size (`sz`), and its top left (`ps`), which
    // lottie-web needs for placing but not for wrapping.
    func pair(_ key: String, _ otherwise: String) -> [Double]? {
      guard let v = value[key] else { return nil }
      guard let numbers = vector(v, at: paths.child(path, key)), numbers.count >= 2,
            numbers[0].isFinite, numbers[1].isFinite else {
        warn(paths.child(path, key), "must be two numbers (got \(v.compactDescription)); \(otherwise)")
        return nil
      }
      return numbers
    }
    let boxSize = pair("sz", "the text is not wrapped in a box")
    let boxPosition = boxSize == nil ? nil : pair("ps", "the box's top left is the layer's origin")
    return LottieTextDocument(
      text: string(value["t"]) ?? "", font: string(value["f"]) ?? "", size: size,
      fillColor: colorValue("fc"), strokeColor: colorValue("sc"),
      strokeWidth: number(value["sw"], at: paths.child(path, "sw"), default: 0),
      strokeOverFill: value["of"] == .bool(true), justification: integer(value["j"]) ?? 0,
      tracking: number(value["tr"], at: paths.child(path, "tr"), default: 0),
      lineHeight: lineHeight > 0 ? lineHeight : size * 1.2,
      baselineShift: number(value["ls"], at: paths.child(path, "ls"), default: 0),
      boxPosition: boxPosition.map { Point(x: $0[0], y: $0[1]) },
      boxSize: boxSize.map { Size(width: $0[0], height: $0[1]) })
  }
}
