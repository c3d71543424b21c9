// SPDX-License-Identifier: Apache-2.0
// Comparing rendered images with their PNG references, and what a failure leaves behind.

import Foundation
import SnapshotTesting
import Zoetrope

extension Diffing where Value == RGBAImage {
  /// PNG references compared exactly, or within `tolerance`. On a failure the
  /// expected, actual and diff PNGs and a `summary.json` go into an artifacts
  /// folder — `$SNAPSHOT_ARTIFACTS/zoetrope/<id>` (the system's temporary
  /// folder when the variable is unset) — whose path the message prints.
  public static func zoetropeImage(tolerance: ImageTolerance = .exact) -> Diffing {
    .diff(
      toData: { image in Data((try? image.pngData(compression: .smallest)) ?? []) },
      fromData: { data in (try? RGBAImage(pngData: [UInt8](data))) ?? RGBAImage(width: 0, height: 0, pixels: []) },
      diffV2: { expected, actual in
        let difference = actual.difference(from: expected, perChannel: tolerance.perChannel)
        if let difference, difference.isWithin(tolerance) { return nil }
        let folder = SnapshotArtifacts.folder(for: expected, actual)
        var summary: String
        var attachments: [DiffAttachment] = []
        func save(_ image: RGBAImage, _ name: String) {
          guard let bytes = try? image.pngData(compression: .smallest) else { return }
          try? Data(bytes).write(to: folder.appendingPathComponent(name))
          attachments.append(.data(Data(bytes), name: name))
        }
        save(expected, "expected.png")
        save(actual, "actual.png")
        if let difference {
          save(difference.image, "diff.png")
          let share = String(format: "%.3f", difference.differingFraction * 100)
          let psnr = difference.psnr.isFinite ? String(format: "%.2f dB", difference.psnr) : "∞"
          summary = "\(difference.differingPixels) pixels differ (\(share) %), \(difference.antialiasedPixels) of them "
            + "anti-aliasing; max channel difference \(difference.maximumChannelDifference); PSNR \(psnr)"
          try? Data(difference.json.utf8).write(to: folder.appendingPathComponent("summary.json"))
        } else {
          summary = "the image is \(actual.width)×\(actual.height), the reference \(expected.width)×\(expected.height)"
          let json = "{\"expectedSize\": [\(expected.width), \(expected.height)], \"actualSize\": [\(actual.width), \(actual.height)]}"
          try? Data(json.utf8).write(to: folder.appendingPathComponent("summary.json"))
        }
        return ("Zoetrope: \(summary). Expected, actual, diff and summary.json: \(folder.path)", attachments)
      }
    )
  }
}

/// Where failed comparisons leave their images.
enum SnapshotArtifacts {
  /// A folder named after the two images' contents, so a re-run overwrites its own artifacts.
  static func folder(for expected: RGBAImage, _ actual: RGBAImage) -> URL {
    let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for image in [expected, actual] {
      for byte in image.pixels { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      hash = (hash ^ UInt64(image.width)) &* 0x100_0000_01b3
    }
    let folder = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent("zoetrope")
      .appendingPathComponent(String(hash, radix: 16))
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
