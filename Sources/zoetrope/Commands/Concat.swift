// SPDX-License-Identifier: Apache-2.0
// `zoetrope concat`: the parts of a chunked render joined into one file, without re-encoding.

import ArgumentParser
import Dispatch
import Zoetrope
import ZoetropeVideo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `zoetrope concat PART... -o OUT`
struct Concat: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Join the parts of a chunked render into one file without re-encoding.",
    discussion: """
      The parts are files written by 'zoetrope render --chunk I/N' (or --frames A..<B), in any order: each \
      records which frames of which clip it holds. MP4, MOV and WebM parts are joined packet by packet \
      through libavformat (MP4/MOV with the index in front, +faststart), APNG parts chunk by chunk, GIF \
      parts (rendered with one --palette) block by block; nothing is decoded or encoded, and the result has \
      the frames and timestamps of a single render.

      Refused, with nothing written: a file that is not a part, parts of different scenes or rendered \
      with different settings (--fps, --scale, --crf, --preset, --palette, ...), stream parameters that \
      differ, the same file or the same frames twice, overlapping parts, missing frames (naming the parts \
      around the gap), and a part that holds fewer frames than it says (truncated). PNG sequences need no \
      joining: every chunk writes its frames, numbered by index, into the same folder.
      """
  )

  @Argument(help: "The part files, in any order.")
  var parts: [String]

  @Option(name: .shortAndLong, help: "The file to write: .mp4, .mov, .webm, .apng or .gif, as the parts.")
  var output: String

  func validate() throws {
    guard !parts.isEmpty else { throw ValidationError("name the part files to join") }
    do { _ = try ClipConcat(parts: parts, output: output) } catch { throw ValidationError(error.description) }
  }

  func run() throws {
    let concat = try ClipConcat(parts: parts, output: output)
    AbandonOnSignal.install(removing: AtomicOutput(path: output).temporaryPath, output: output)
    do {
      let summary = try concat.run()
      printText("\(output): \(summary.frameCount) frames from \(summary.partCount) parts")
    } catch {
      printError(error.description)
      throw ExitCode.failure
    }
  }
}
