// SPDX-License-Identifier: Apache-2.0
// What a part of a chunked render records about its encoding, so that only matching parts join.

import ZoetropeMedia
import ZoetropeTiming

extension RenderOutput {
  /// Everything about the encoding that must be equal for parts to join by
  /// copying: the codec and its settings, the frame size and rate, and for
  /// GIF the palette. Readable, so that a refusal can show the difference.
  package func encodingDescription(width: Int, height: Int, frameRate: FrameRate) -> String {
    let size = "\(width)x\(height) fps=\(frameRate)"
    switch format {
    case .video(let codec, let container):
      let settings = videoSettings(frameRate: frameRate)!
      var words = [codec.rawValue, container, size]
      if let crf = settings.crf { words.append("crf=\(crf)") }
      if let preset = settings.preset { words.append("preset=\(preset)") }
      if let tune = settings.tune { words.append("tune=\(tune)") }
      if let loop = settings.loop { words.append("loop=\(loop)") }
      return words.joined(separator: " ")
    case .gif:
      let matte = self.matte.map { color -> String in
        let m = GIFMatte(color)
        return "#" + [m.red, m.green, m.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      }
      return "gif \(size) loop=\(loop) dither=\(dither) matte=\(matte ?? "none") "
        + "palette=\(sharedPalette?.fingerprint ?? "own")"
    case .webp:
      return "webp \(size) loop=\(loop) \(webpCompression)"
    case .pngSequence:
      return "png \(size)"
    }
  }

  /// The tag of ``part`` with the encoding filled in, or `nil` for a whole clip.
  func partTag(width: Int, height: Int, frameRate: FrameRate) -> String? {
    guard var part else { return nil }
    part.encoding = encodingDescription(width: width, height: height, frameRate: frameRate)
    return part.tag
  }
}
