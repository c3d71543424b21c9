// SPDX-License-Identifier: Apache-2.0
// One GIF palette for a whole clip, chosen beforehand and kept in a JSON file, so chunks of the clip agree.

import ZoetropeImages
import ZoetropeMedia

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A GIF palette chosen from a clip's frames before the clip is rendered in
/// chunks (`zoetrope palette`), so that every chunk maps its pixels to the
/// same colours and the GIF parts join.
///
/// The file is JSON, version 1:
///
///     {
///       "zoetrope-palette": 1,
///       "colors": ["#0b1d2e", "#ffffff", …],
///       "exact": true,
///       "transparency": false,
///       "frames": {"sampled": 75, "clip": 75, "every": 1}
///     }
///
/// - `colors`: 1…255 opaque colours as `#rrggbb`, in palette order (GIF's
///   256th index is kept for transparency).
/// - `exact`: the colours are every colour of the sampled frames, so they map
///   without change (and are never dithered).
/// - `transparency`: a sampled pixel had alpha < 128. A clip without it
///   stores changed rectangles; a chunk meeting a transparent pixel while the
///   palette says there is none fails rather than write a wrong picture.
/// - `frames`: how the palette was made (informative).
package struct SharedGIFPalette: Sendable, Hashable {
  /// The version this reader and writer use.
  package static let version = 1

  /// The colours.
  package var palette: GIFPalette
  /// Whether the clip has transparent pixels.
  package var hasTransparency: Bool
  /// Frames looked at, frames in the clip, and the step between sampled frames.
  package var sampledFrames: Int, clipFrames: Int, every: Int

  /// A palette with its provenance.
  package init(palette: GIFPalette, hasTransparency: Bool, sampledFrames: Int, clipFrames: Int, every: Int) {
    self.palette = palette
    self.hasTransparency = hasTransparency
    self.sampledFrames = sampledFrames
    self.clipFrames = clipFrames
    self.every = every
  }

  /// 16 hexadecimal digits that change with any colour or with the transparency flag.
  package var fingerprint: String {
    ClipPart.fingerprint(of: palette.rgb + [palette.isExact ? 1 : 0, hasTransparency ? 1 : 0])
  }

  private struct File: Codable {
    struct Frames: Codable {
      var sampled: Int
      var clip: Int
      var every: Int
    }
    var version: Int
    var colors: [String]
    var exact: Bool
    var transparency: Bool
    var frames: Frames

    enum CodingKeys: String, CodingKey {
      case version = "zoetrope-palette", colors, exact, transparency, frames
    }
  }

  /// The file's text: JSON with one colour per line, ending in a newline.
  package var json: String {
    let colors = (0..<palette.colorCount).map { i in
      "    \"#" + palette.rgb[(3 * i)..<(3 * i + 3)].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined() + "\""
    }
    return """
      {
        "zoetrope-palette": \(SharedGIFPalette.version),
        "colors": [
      \(colors.joined(separator: ",\n"))
        ],
        "exact": \(palette.isExact),
        "transparency": \(hasTransparency),
        "frames": {"sampled": \(sampledFrames), "clip": \(clipFrames), "every": \(every)}
      }

      """
  }

  /// Reads a palette file's text; throws, naming `path`, when it is not a
  /// version-1 palette (unknown version, no colours or more than 255, a
  /// colour not written `#rrggbb`).
  package init(json bytes: [UInt8], path: String) throws(MediaError) {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: Data(bytes))
    } catch {
      throw MediaError(path: path, reason: "not a palette file (\(SharedGIFPalette.describe(error)))")
    }
    guard file.version == SharedGIFPalette.version else {
      throw MediaError(path: path, reason: "palette version \(file.version); this zoetrope reads version 1")
    }
    guard (1...255).contains(file.colors.count) else {
      throw MediaError(path: path, reason: "colors: a GIF palette has 1…255 colours (got \(file.colors.count))")
    }
    var rgb: [UInt8] = []
    for (i, text) in file.colors.enumerated() {
      let digits = Array(text.utf8)
      guard digits.count == 7, digits[0] == UInt8(ascii: "#"), text.dropFirst().allSatisfy(\.isHexDigit),
        let value = UInt32(text.dropFirst(), radix: 16)
      else {
        throw MediaError(path: path, reason: "colors[\(i)]: write colours as #rrggbb (got \"\(text)\")")
      }
      rgb += [UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
    guard file.frames.sampled >= 0, file.frames.clip >= 0, file.frames.every >= 1 else {
      throw MediaError(path: path, reason: "frames: counts must not be negative and every at least 1")
    }
    self.init(palette: GIFPalette(rgb: rgb, isExact: file.exact), hasTransparency: file.transparency,
              sampledFrames: file.frames.sampled, clipFrames: file.frames.clip, every: file.frames.every)
  }

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "invalid JSON" }
    switch error {
    case .keyNotFound(let key, let context):
      let path = (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
      return "\(path) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): wrong type"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "invalid JSON" : context.codingPath.map(\.stringValue).joined(separator: ".")
    @unknown default:
      return "invalid JSON"
    }
  }
}
