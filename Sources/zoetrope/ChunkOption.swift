// SPDX-License-Identifier: Apache-2.0
// `render --chunk I/N` and `--palette`: rendering one part of a clip that other machines render the rest of.

import ArgumentParser
import Foundation
import Zoetrope
import ZoetropeVideo

/// The options that make `render` write one part of a clip.
struct ChunkOptions: ParsableArguments {
  @Option(name: .customLong("chunk"), help: ArgumentHelp(
    "Render only the I-th of N equal runs of frames, I counted from 0 (0/4 ... 3/4), as a part that 'zoetrope concat' joins.",
    valueName: "I/N"))
  var chunk: String?

  @Option(name: .customLong("palette"), help: ArgumentHelp(
    "GIF: map frames to this palette (from 'zoetrope palette') instead of choosing one; needed for GIF chunks.",
    valueName: "palette.json"))
  var palette: String?

  /// `I/N` as numbers: both plain decimal digits, N ≥ 1, I in 0..<N.
  static func parse(_ text: String) throws -> (index: Int, count: Int) {
    let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
    let digits = pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }
    guard pieces.count == 2, digits else {
      throw ValidationError("--chunk \(text): write the chunk as I/N with whole numbers, e.g. --chunk 0/4")
    }
    guard let index = Int(pieces[0]), let count = Int(pieces[1]) else {
      throw ValidationError("--chunk \(text): the numbers are too large")
    }
    guard count >= 1 else { throw ValidationError("--chunk \(text): N must be at least 1") }
    guard index < count else {
      throw ValidationError("--chunk \(text): chunks are numbered from 0, so I must be 0...\(count - 1) "
        + "(as Kubernetes' JOB_COMPLETION_INDEX counts; with a Slurm array use --array=0-\(count - 1))")
    }
    return (index, count)
  }

  /// Checks what can be checked before the scene is read.
  func validate(frames: String?, output: RenderOutput) throws {
    if let chunk {
      _ = try ChunkOptions.parse(chunk)
      if frames != nil { throw ValidationError("use --chunk or --frames, not both") }
    }
    if palette != nil {
      guard case .gif = output.format else { throw ValidationError("--palette is for GIF output") }
    }
  }

  /// The frames to render: chunk I of N of `all`, or `range` (from
  /// `--frames`) as it is. Prints the problem and fails when the clip has
  /// fewer frames than chunks.
  func frames(of all: Range<Int>, range: Range<Int>) throws -> Range<Int> {
    guard let chunk else { return range }
    let (index, count) = try ChunkOptions.parse(chunk)
    guard let frames = ClipPart.chunk(index, of: count, frameCount: all.count) else {
      printError("--chunk \(chunk): the clip has \(all.count) frames, too few for \(count) chunks")
      throw ExitCode.failure
    }
    return frames
  }

  /// Makes `output` write a part (for `--chunk`, or `--frames` when `isExcerpt`)
  /// tagged with where it belongs, and reads the shared palette. Prints the
  /// problem and fails on an unreadable palette or GIF chunks without one.
  func configure(_ output: inout RenderOutput, scene: String, frames: Range<Int>, clipFrameCount: Int,
                 frameRate: FrameRate, scale: Double, isExcerpt: Bool) throws {
    if let palette {
      do {
        output.sharedPalette = try SharedGIFPalette(contentsOf: palette)
      } catch {
        printError(error.description)
        throw ExitCode.failure
      }
    }
    guard chunk != nil || isExcerpt else { return }
    if case .gif = output.format, palette == nil, let chunk, (try? ChunkOptions.parse(chunk))?.count ?? 1 > 1 {
      printError("\(output.path): GIF chunks must share one palette: make it with 'zoetrope palette "
        + "\(scene) -o palette.json' and render every chunk with --palette palette.json")
      throw ExitCode.failure
    }
    if case .webp = output.format, let chunk, (try? ChunkOptions.parse(chunk))?.count ?? 1 > 1 {
      printError("\(output.path): WebP chunks cannot be joined without re-encoding; render the WebP in one piece, "
        + "or render PNG chunks and encode the WebP from them")
      throw ExitCode.failure
    }
    let fingerprint: String
    do { fingerprint = try ClipPart.fingerprint(ofFile: scene) } catch {
      printError(error.description)
      throw ExitCode.failure
    }
    output.part = ClipPart(frames: frames, clipFrameCount: clipFrameCount, frameRate: frameRate, scene: fingerprint,
                           render: "scale=\(scale)")
  }
}
