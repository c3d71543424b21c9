// SPDX-License-Identifier: Apache-2.0
// `zoetrope compare`: two PNGs, or two folders of PNG frames, pixel by pixel.

import ArgumentParser
import Foundation
import Zoetrope

/// `zoetrope compare A B [--diff OUT.png] [--threshold T] [--max-diff-pixels N] [--json]`
struct Compare: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Compare two PNGs, or two folders of PNG frames.",
    discussion: """
      Exit 0 when the images are equal (or within --threshold and --max-diff-pixels), 1 when they differ, \
      2 on an error (a missing or unreadable file, different sizes, folders with different frames). Prints \
      the largest channel difference, the share of differing pixels, PSNR, and how many differing pixels \
      look like anti-aliasing. Pixels are compared premultiplied (colour times alpha), so two fully \
      transparent pixels are equal whatever colour they carry. Both images and the difference take at most \
      1 GiB together (a third each: 9,459 x 9,459 pixels). Folders are compared file by file (*.png by name); only regular files are \
      read (a FIFO or device named *.png is an error, not a wait). --diff never replaces an input, a device, \
      a FIFO or a link.
      """
  )

  @Argument(help: "The expected PNG or folder.")
  var expected: String

  @Argument(help: "The actual PNG or folder.")
  var actual: String

  @Option(name: .customLong("diff"), help: "Write the differences as a PNG (a folder of them for folders).")
  var diff: String?

  @Option(name: .customLong("threshold"), help: "Channel differences up to T (0-255) do not count.")
  var threshold: Int = 0

  @Option(name: .customLong("max-diff-pixels"), help: "Up to N differing pixels (per image) still pass.")
  var maxDiffPixels: Int = 0

  @Flag(name: .customLong("json"), help: "One JSON object per image pair on standard output.")
  var json = false

  func validate() throws {
    guard (0...255).contains(threshold) else { throw ValidationError("--threshold must be 0…255") }
    guard maxDiffPixels >= 0 else { throw ValidationError("--max-diff-pixels must be at least 0") }
  }

  func run() throws {
    var isFolder: ObjCBool = false, otherIsFolder: ObjCBool = false
    let fm = FileManager.default
    guard fm.fileExists(atPath: expected, isDirectory: &isFolder) else { fail("\(expected): no such file or folder") }
    guard fm.fileExists(atPath: actual, isDirectory: &otherIsFolder) else { fail("\(actual): no such file or folder") }
    guard isFolder.boolValue == otherIsFolder.boolValue else {
      fail("\(expected) and \(actual): one is a folder, the other a file")
    }
    var pairs: [(String, String, String?)] = []
    if isFolder.boolValue {
      func pngs(_ folder: String) -> [String] {
        ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.lowercased().hasSuffix(".png") }.sorted()
      }
      if let diff, let identity = AtomicOutput.identity(of: diff),
        [expected, actual].contains(where: { AtomicOutput.identity(of: $0) == identity })
      {
        fail("\(diff): is one of the folders compared; writing the differences there would replace its frames")
      }
      let a = pngs(expected), b = pngs(actual)
      guard a == b else {
        let missing = Set(a).subtracting(b).sorted(), extra = Set(b).subtracting(a).sorted()
        fail("the folders hold different frames: only in \(expected): \(missing.prefix(5)); only in \(actual): \(extra.prefix(5))")
      }
      guard !a.isEmpty else { fail("\(expected): no PNG files") }
      if let diff { try? fm.createDirectory(atPath: diff, withIntermediateDirectories: true) }
      pairs = a.map { name in (expected + "/" + name, actual + "/" + name, diff.map { $0 + "/" + name }) }
    } else {
      pairs = [(expected, actual, diff)]
    }
    // Every output is checked before anything is read or written: never an
    // input, never a device, FIFO, link or folder.
    for (a, b, diffPath) in pairs {
      guard let diffPath else { continue }
      do throws(MediaError) {
        try AtomicOutput.checkReplaceable(diffPath)
        try AtomicOutput.checkNotAnInput(diffPath, inputs: [a, b])
      } catch {
        fail(error.description)
      }
    }
    var allPass = true
    // Both images and their difference are held at once, within one budget
    // (ImageDecodingLimits.comparison's 1 GiB): a third of it each, checked
    // from each header before its pixels are decoded.
    var limits = ImageDecodingLimits.comparison
    limits.memoryBudget /= 3
    for (a, b, diffPath) in pairs {
      let left: RGBAImage, right: RGBAImage
      do { left = try RGBAImage(contentsOfPNG: a, limits: limits) } catch { fail(error.description) }
      do { right = try RGBAImage(contentsOfPNG: b, limits: limits) } catch { fail(error.description) }
      guard let difference = right.difference(from: left, perChannel: threshold) else {
        fail("\(a) is \(left.width)×\(left.height) but \(b) is \(right.width)×\(right.height): sizes differ")
      }
      let pass = difference.differingPixels <= maxDiffPixels
      allPass = allPass && pass
      if let diffPath {
        do { try difference.image.writePNG(to: diffPath) } catch { fail(error.description) }
      }
      if json {
        print("{\"expected\": \(Inspection.string(a)), \"actual\": \(Inspection.string(b)), \"equal\": \(pass), "
          + String(difference.json.dropFirst()))
      } else {
        let share = String(format: "%.4f", difference.differingFraction * 100)
        let psnr = difference.psnr.isFinite ? String(format: "%.2f dB", difference.psnr) : "∞ (identical)"
        print("\(b): \(pass ? "equal" : "differs") — max channel difference \(difference.maximumChannelDifference), "
          + "\(difference.differingPixels) pixels differ (\(share) %), \(difference.antialiasedPixels) of them "
          + "look like anti-aliasing, PSNR \(psnr)")
      }
    }
    if !allPass { throw ExitCode(1) }
  }

  /// Prints `message` and exits with code 2.
  func fail(_ message: String) -> Never {
    printError(message)
    Compare.exit(withError: ExitCode(2))
  }
}
