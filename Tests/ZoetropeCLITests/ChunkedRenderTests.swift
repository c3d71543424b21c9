// SPDX-License-Identifier: Apache-2.0
// Chunked rendering end to end: a clip rendered in 1, 2, 3 and 7 parts and joined equals a single render.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import ZoetropeVideo
import _ZoetropeTestSupport

/// Runs several `zoetrope` processes at once (as a batch engine runs chunks).
enum ConcurrentCLI {
  /// Runs every argument list concurrently; returns each exit status and standard error.
  static func run(_ commands: [[String]]) throws -> [(status: Int32, error: String)] {
    var processes: [(Process, Pipe)] = []
    for arguments in commands {
      let process = Process()
      process.executableURL = CLI.executable
      process.arguments = arguments
      process.currentDirectoryURL = Fixtures.packageRoot
      process.standardOutput = FileHandle.nullDevice
      let error = Pipe()
      process.standardError = error
      try process.run()
      processes.append((process, error))
    }
    return processes.map { process, pipe in
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
  }
}

@Suite struct ChunkedRenderTests {
  static let scene = "Fixtures/Scenes/chunks/slide.json"
  static let frameCount = 30
  static let fps = 30.0

  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-chunks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Renders `count` chunks concurrently into `folder/part<I>.<ext>` and joins them into `folder/<name>`.
  func renderInChunks(_ count: Int, ext: String, folder: URL, name: String, extra: [String] = []) throws -> String {
    let parts = (0..<count).map { folder.appendingPathComponent("part\($0).\(ext)").path }
    let results = try ConcurrentCLI.run((0..<count).map { i in
      ["render", Self.scene, "--chunk", "\(i)/\(count)", "-o", parts[i], "--progress", "none"] + extra
    })
    for (i, result) in results.enumerated() { #expect(result.status == 0, "chunk \(i)/\(count): \(result.error)") }
    let joined = folder.appendingPathComponent(name).path
    let concat = try CLI.run(["concat"] + parts.reversed() + ["-o", joined])
    #expect(concat.status == 0, "\(concat.standardError)")
    #expect(concat.standardOutput == "\(joined): \(Self.frameCount) frames from \(count) parts\n")
    return joined
  }

  /// Every frame and its time, decoded.
  func decode(_ path: String) throws -> (VideoReader.Info, [(image: RGBAImage, seconds: Double)]) {
    let reader = try VideoReader(path: path)
    var frames: [(RGBAImage, Double)] = []
    while let next = try reader.next() { frames.append(next) }
    return (reader.info, frames)
  }

  /// Lossy codecs run at a high quality (crf 4, VP9 crf 1): at the defaults two encodes of
  /// a 64×48 clip, each faithful to the source, differ from each other by
  /// 39–44 dB wherever their frame types differ; a frame out of place differs
  /// by far more at any quality.
  @Test(arguments: [("mp4", ["--crf", "4"]), ("webm", ["--crf", "1"]), ("mov", []), ("apng", []),
                    ("mp4", ["--codec", "hevc", "--crf", "4"])])
  func videoJoinedFromPartsDecodesAsTheSingleRender(ext: String, options: [String]) throws {
    if options.contains("hevc"), !VideoWriter.supports(.hevc) { return }
    let folder = try temporaryFolder()
    let single = folder.appendingPathComponent("single.\(ext)").path
    let result = try CLI.run(["render", Self.scene, "-o", single, "--progress", "none"] + options)
    #expect(result.status == 0, "\(result.standardError)")
    let (singleInfo, expected) = try decode(single)
    #expect(expected.count == Self.frameCount)
    for count in [1, 2, 3, 7] {
      let joined = try renderInChunks(count, ext: ext, folder: folder, name: "joined\(count).\(ext)", extra: options)
      let (info, frames) = try decode(joined)
      #expect(info == singleInfo, "\(ext) in \(count): \(info) against \(singleInfo)")
      try #require(frames.count == Self.frameCount, "\(ext) in \(count) parts: \(frames.count) frames")
      for i in 0..<Self.frameCount {
        // WebM counts time in milliseconds. (FFmpeg's APNG reader reports times of its own making, the
        // same for both files: the frames' delays are what the file holds.)
        let tolerance = ext == "webm" ? 0.0005 : 1e-9
        if ext != "apng" {
          #expect(abs(frames[i].seconds - Double(i) / Self.fps) <= tolerance, "\(ext)/\(count) frame \(i) at \(frames[i].seconds)")
        }
        #expect(abs(frames[i].seconds - expected[i].seconds) <= 1e-9, "\(ext)/\(count) frame \(i)")
        if ext == "apng" {
          #expect(frames[i].image == expected[i].image, "apng/\(count) frame \(i) differs")
        } else {
          let psnr = try #require(frames[i].image.psnr(to: expected[i].image))
          #expect(psnr >= 45, "\(ext)/\(count) frame \(i): \(psnr) dB")
        }
      }
      if ext == "mp4" || ext == "mov" { #expect(VideoReader.hasIndexAtFront(joined), "\(ext) in \(count): +faststart") }
    }
  }

  @Test func aPartKnowsWhereItBelongs() throws {
    let folder = try temporaryFolder()
    let part = folder.appendingPathComponent("part.mp4").path
    let result = try CLI.run(["render", Self.scene, "--chunk", "2/3", "-o", part, "--progress", "none"])
    #expect(result.status == 0, "\(result.standardError)")
    let (_, frames) = try decode(part)
    #expect(frames.map(\.seconds) == (20..<30).map { Double($0) / Self.fps })
  }

  @Test func gifJoinedFromPartsShowsTheSingleRenderAtEveryFrame() throws {
    let folder = try temporaryFolder()
    let single = folder.appendingPathComponent("single.gif").path
    let palette = folder.appendingPathComponent("palette.json").path
    #expect(try CLI.run(["render", Self.scene, "-o", single, "--progress", "none"]).status == 0)
    let made = try CLI.run(["palette", Self.scene, "-o", palette])
    #expect(made.status == 0, "\(made.standardError)")
    let expected = try GIFFile(contentsOf: single)
    for count in [1, 2, 3, 7] {
      let joined = try renderInChunks(count, ext: "gif", folder: folder, name: "joined\(count).gif",
                                      extra: ["--palette", palette])
      let gif = try GIFFile(contentsOf: joined)
      #expect(gif.loop == expected.loop)
      #expect(gif.delays.reduce(0, +) == expected.delays.reduce(0, +), "gif in \(count): the clip's length")
      for i in 0..<Self.frameCount {
        let start = Int((Double(i) * 100 / Self.fps).rounded())
        #expect(Self.shown(gif, atCentisecond: start) == Self.shown(expected, atCentisecond: start),
                "gif in \(count): frame \(i) (at \(start) cs) differs")
      }
    }
  }

  /// Parts of one frame each: an APNG part is then a plain PNG (FFmpeg's
  /// muxer leaves out the animation chunks) and gets its frame control back
  /// when joined; a GIF part is one whole frame; a video part one key frame.
  @Test(arguments: ["apng", "gif", "mp4", "webm"])
  func partsOfOneFrameJoin(ext: String) throws {
    let folder = try temporaryFolder()
    let short = ["--duration", "0.1"] + (ext == "mp4" ? ["--crf", "4"] : ext == "webm" ? ["--crf", "1"] : [])
    var extra = short
    if ext == "gif" {
      let palette = folder.appendingPathComponent("palette.json").path
      #expect(try CLI.run(["palette", Self.scene, "-o", palette, "--duration", "0.1"]).status == 0)
      extra += ["--palette", palette]
    }
    let single = folder.appendingPathComponent("single.\(ext)").path
    #expect(try CLI.run(["render", Self.scene, "-o", single, "--progress", "none"] + short).status == 0)
    let parts = (0..<3).map { folder.appendingPathComponent("part\($0).\(ext)").path }
    for i in 0..<3 {
      let result = try CLI.run(["render", Self.scene, "--chunk", "\(i)/3", "-o", parts[i], "--progress", "none"] + extra)
      #expect(result.status == 0, "\(result.standardError)")
    }
    let joined = folder.appendingPathComponent("joined.\(ext)").path
    let concat = try CLI.run(["concat"] + parts + ["-o", joined])
    #expect(concat.status == 0, "\(concat.standardError)")
    if ext == "gif" {
      let (a, b) = (try GIFFile(contentsOf: joined), try GIFFile(contentsOf: single))
      #expect(a.frames == b.frames && a.delays == b.delays && a.loop == b.loop)
      return
    }
    let (_, expected) = try decode(single)
    let (_, frames) = try decode(joined)
    try #require(frames.count == 3 && expected.count == 3)
    for i in 0..<3 {
      #expect(frames[i].seconds == expected[i].seconds)
      if ext == "apng" {
        #expect(frames[i].image == expected[i].image)
      } else {
        #expect(try #require(frames[i].image.psnr(to: expected[i].image)) >= 45, "\(ext) frame \(i)")
      }
    }
  }

  /// A clip over a clear background: without a matte the GIF stores whole
  /// frames cleared after showing, with one it blends edges over the matte;
  /// either way the palette file carries it and the parts join.
  @Test(arguments: [[String](), ["--matte", "white"]])
  func gifOverAClearBackgroundJoins(matte: [String]) throws {
    let folder = try temporaryFolder()
    let scene = "Fixtures/Scenes/chunks/clear.json"
    let single = folder.appendingPathComponent("single.gif").path
    #expect(try CLI.run(["render", scene, "-o", single, "--progress", "none"] + matte).status == 0)
    let plan = try CLI.run(["plan", scene, "--chunks", "3", "-o", folder.appendingPathComponent("joined.gif").path,
                            "--json", "--"] + matte)
    struct Steps: Decodable { struct Step: Decodable { var stage: String; var argv: [String] }; var steps: [Step] }
    let steps = try JSONDecoder().decode(Steps.self, from: Data(plan.standardOutput.utf8)).steps
    for stage in ["palette", "chunk", "concat"] {
      let commands = steps.filter { $0.stage == stage }.map { Array($0.argv.dropFirst()) }
      for run in try ConcurrentCLI.run(commands) {
        #expect(run.status == 0, "\(stage): \(run.error)")
      }
    }
    let (a, b) = (try GIFFile(contentsOf: folder.appendingPathComponent("joined.gif").path), try GIFFile(contentsOf: single))
    #expect(steps.first?.stage == "palette" && a.delays.reduce(0, +) == b.delays.reduce(0, +))
    for i in 0..<20 {
      let start = i * 4
      #expect(Self.shown(a, atCentisecond: start) == Self.shown(b, atCentisecond: start), "\(matte) frame \(i)")
    }
  }

  /// The image a viewer shows at `time` centiseconds.
  static func shown(_ gif: GIFFile, atCentisecond time: Int) -> RGBAImage? {
    var start = 0
    for (image, delay) in zip(gif.frames, gif.delays) {
      if time < start + delay { return image }
      start += delay
    }
    return nil
  }

  @Test func pngSequenceChunksWriteTheSingleRendersFiles() throws {
    let folder = try temporaryFolder()
    let single = folder.appendingPathComponent("single/").path + "/"
    #expect(try CLI.run(["render", Self.scene, "-o", single, "--progress", "none"]).status == 0)
    for count in [1, 2, 3, 7] {
      let pattern = folder.appendingPathComponent("chunked\(count)").path + "/%04d.png"
      let results = try ConcurrentCLI.run((0..<count).map { i in
        ["render", Self.scene, "--chunk", "\(i)/\(count)", "-o", pattern, "--progress", "none"]
      })
      for result in results { #expect(result.status == 0, "\(result.error)") }
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("chunked\(count)").path)
      #expect(names.sorted() == (0..<Self.frameCount).map { String(format: "%04d.png", $0) })
      for name in names {
        let a = FileManager.default.contents(atPath: single + name)
        let b = FileManager.default.contents(atPath: folder.appendingPathComponent("chunked\(count)/\(name)").path)
        #expect(a != nil && a == b, "\(count) chunks: \(name) differs")
      }
    }
  }
}
