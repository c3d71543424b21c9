// SPDX-License-Identifier: Apache-2.0
// A frame rendered alone equals itself in a whole render and in a chunk, at 1, 2 and 3 threads: emitters, transitions, transform layers.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite(.serialized) struct FramesAloneCommandTests {
  /// Scenes whose frames are closed-form functions of the time: particles
  /// (with ranges, sub-cells and an animated birth rate), two transitions in
  /// sequence, a transform layer turning. 30 frames at 15 fps each.
  static let scenes = ["emitters/fountain.json", "transitions/push-then-fade.json", "transform-layers/card-stack.json"]
  /// Frames in each of three chunks of ten, at their edges and inside.
  static let frames = [0, 7, 9, 10, 16, 20, 29]

  func run(_ arguments: [String]) throws {
    let result = try CLI.run(arguments + (arguments.first == "render" ? ["--progress", "none"] : []))
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
  }

  /// Every file of a PNG sequence's folder, by name.
  func files(_ folder: URL) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      result[name] = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }
    return result
  }

  /// The PNG files of a whole render, of its three chunks and of single
  /// frames (`render --frames i...i`) are the same bytes at every thread
  /// count; and `still` at a frame's time (one frame, nothing rendered
  /// before it) decodes to the same pixels. (`still` compresses a frame as
  /// one stream where a sequence compresses it in bands, so its file's
  /// bytes differ; its pixels may not.)
  @Test(arguments: scenes)
  func aFrameAloneEqualsItselfInAWholeRenderAndInAChunkAtEveryThreadCount(_ scene: String) throws {
    let path = "Fixtures/Scenes/" + scene
    let folder = TestFiles.url("zoetrope-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var reference: [String: [UInt8]]?
    for threads in ["1", "2", "3"] {
      let whole = folder.appendingPathComponent("whole-\(threads)")
      try run(["render", path, "-o", whole.path + "/%04d.png", "--threads", threads])
      let wholeFiles = try files(whole)
      #expect(wholeFiles.count == 30)
      if let reference {
        #expect(wholeFiles == reference, "\(scene): a whole render at \(threads) threads differs from one at 1")
      } else {
        reference = wholeFiles
      }
      let chunked = folder.appendingPathComponent("chunked-\(threads)")
      for chunk in 0..<3 {
        try run(["render", path, "--chunk", "\(chunk)/3", "-o", chunked.path + "/%04d.png", "--threads", threads])
      }
      #expect(try files(chunked) == wholeFiles, "\(scene): chunks at \(threads) threads differ from the whole")
      for i in Self.frames {
        let name = String(format: "%04d.png", i)
        let single = folder.appendingPathComponent("frame\(i)-\(threads)")
        try run(["render", path, "--frames", "\(i)...\(i)", "-o", single.path + "/%04d.png", "--threads", threads])
        #expect(try files(single) == [name: wholeFiles[name] ?? []], "\(scene): frame \(i) alone, \(threads) threads")
      }
    }
    for i in Self.frames {
      let still = folder.appendingPathComponent("still\(i).png")
      try run(["still", path, "--time", String(Double(i) / 15), "-o", still.path])
      let alone = try RGBAImage(contentsOfPNG: still.path)
      let inWhole = try RGBAImage(contentsOfPNG: folder.appendingPathComponent("whole-1/" + String(format: "%04d.png", i)).path)
      #expect(alone == inWhole, "\(scene): still at frame \(i)'s time differs from the frame in the whole render")
    }
  }
}
