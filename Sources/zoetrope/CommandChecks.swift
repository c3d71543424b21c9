// SPDX-License-Identifier: Apache-2.0
// Checks the commands share: the numbers they take and the files they write.

import ArgumentParser
import Foundation
import Zoetrope

/// The usage checks and output checks of the commands, in one place, with the
/// budgets of ``Limits`` they enforce.
enum CommandChecks {
  /// `--threads N`: 1…256 (``Limits/threads``).
  static func validateThreads(_ threads: Int?) throws {
    guard let threads else { return }
    guard Limits.threads.contains(threads) else {
      throw ValidationError("--threads must be \(Limits.threads.lowerBound)…\(Limits.threads.upperBound)")
    }
  }

  /// Every file a render of `decoded` (loaded from `file`) reads: the scene
  /// file, the files it references (``Scene/sourceFiles``: images, font
  /// files) and the font files its names resolved to. An output may be none
  /// of them (``checkOutput(_:inputs:)``).
  static func inputs(of decoded: Scene, file: String) -> [String] {
    [file] + decoded.sourceFiles + decoded.fonts.map(\.file)
  }

  /// `--time T` (`still`, `bench`, each of `inspect`'s): a finite number of seconds.
  static func validateTime(_ time: Double) throws {
    guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds") }
  }

  /// `--duration S` (`render`, `palette`): more than 0 and at most
  /// ``Limits/maximumDuration`` (a day), as a scene's `duration`.
  static func validateDuration(_ duration: Double?) throws {
    guard let duration else { return }
    guard duration > 0, duration <= Limits.maximumDuration else {
      throw ValidationError("--duration must be more than 0 and at most \(Int(Limits.maximumDuration)) seconds (a day)")
    }
  }

  /// Exits with code 1 and a message naming `path` when writing it would
  /// replace something other than a regular file (a device, a FIFO, a link, a
  /// folder) or one of `inputs` (compared by device and inode).
  static func checkOutput(_ path: String, inputs: [String]) throws {
    do {
      try AtomicOutput.checkReplaceable(path)
      try AtomicOutput.checkNotAnInput(path, inputs: inputs)
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
  }

  /// Exits with code 1 and a message when `canvas` at the extra device
  /// `scale` is under a pixel or over ``Limits/maximumPixelsPerSide`` on a side.
  static func checkCanvas(_ canvas: Canvas, scale: Double, scene: String) throws {
    let width = canvas.width * canvas.scale * scale, height = canvas.height * canvas.scale * scale
    let limit = Double(Limits.maximumPixelsPerSide)
    let size = String(format: "%.6g × %.6g pixels", width, height)
    if width.rounded() < 1 || height.rounded() < 1 {
      printError("\(scene): the canvas at --scale \(String(format: "%g", scale)) is \(size); a frame needs at least "
        + "1 pixel a side")
      throw ExitCode.failure
    }
    if width > limit || height > limit {
      printError("\(scene): the canvas at --scale \(String(format: "%g", scale)) is \(size), over the "
        + "\(Limits.maximumPixelsPerSide) pixels a side a frame may have")
      throw ExitCode.failure
    }
  }
}
