// SPDX-License-Identifier: Apache-2.0
// `--png-compression fast|smallest|0…9`, shared by `still` and `render`.

import ArgumentParser
import Zoetrope

extension RGBAImage.PNGCompression: ExpressibleByArgument {
  /// `fast`, `smallest`, or a zlib level `0`…`9`; anything else is a usage error.
  public init?(argument: String) {
    switch argument {
    case "fast": self = .fast
    case "smallest": self = .smallest
    default:
      guard let level = Int(argument), (0...9).contains(level) else { return nil }
      self = .level(level)
    }
  }

  public static var allValueStrings: [String] { ["fast", "smallest"] + (0...9).map(String.init) }
}

/// The option's help text.
let pngCompressionHelp = ArgumentHelp(
  "PNG compression: fast (the default: zlib 1, no row filter), smallest (zlib 9, with or without row filters, whichever is smaller), or a zlib level 0-9 (Sub filter).",
  valueName: "fast|smallest|0-9")
