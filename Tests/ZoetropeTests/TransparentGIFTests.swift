// SPDX-License-Identifier: Apache-2.0
// GIFs of clips on a clear background: differenced like opaque ones, shown exactly (checked with Pillow), and
// nearly as small.

import Foundation
import Testing
import Zoetrope
import ZoetropeImages
import ZoetropeMedia
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct TransparentGIFTests {
  /// A fixture scene with its canvas's background replaced by `background`.
  static func scene(_ fixture: String, background: String) throws -> Scene {
    let url = Fixtures.url("Scenes/" + fixture)
    var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var canvas = try #require(document["canvas"] as? [String: Any])
    canvas["background"] = background
    document["canvas"] = canvas
    let bytes = try JSONSerialization.data(withJSONObject: document)
    return try SceneDecoder.decode(Array(bytes), fileName: url.path)
  }

  /// Every frame of `scene`, with the matte applied when there is one.
  static func frames(_ scene: Scene, matte: Color?) -> [RGBAImage] {
    let renderer = Renderer(scene)
    return (0..<scene.canvas.frameCount).map { index in
      let frame = renderer.frame(atTime: scene.canvas.frameRate.time(ofFrame: index))
      return matte.map { GIFMatte($0).applied(to: frame) } ?? frame
    }
  }

  /// The clip as `GIFSink` writes it: one palette for every frame, then the frames with GIF's clock.
  static func write(_ frames: [RGBAImage], fps: Double, to path: String) throws -> GIFPalette {
    var builder = GIFPaletteBuilder()
    for frame in frames { builder.add(frame) }
    let palette = builder.palette()
    let writer = try GIFWriter(path: path, width: frames[0].width, height: frames[0].height, palette: palette,
                               hasTransparency: builder.hasTransparency, loop: 0)
    for (index, frame) in frames.enumerated() {
      try writer.write(frame, delay: GIFWriter.centiseconds(ofFrame: index + 1, frameRate: fps)
        - GIFWriter.centiseconds(ofFrame: index, frameRate: fps))
    }
    try writer.finish()
    return palette
  }

  /// The frames of the GIF at `path` as Pillow composites them, with their durations in milliseconds.
  static func pillow(_ path: String, width: Int, height: Int) throws -> (frames: [RGBAImage], durations: [Int]) {
    try decoded(path, width: width, height: height, by: "animation-frames.py")
  }

  /// The frames of the GIF at `path` as `script` (in Tests/Scripts, writing frames as animation-frames.py
  /// does) gives them, with their durations in milliseconds.
  static func decoded(_ path: String, width: Int, height: Int, by script: String) throws
    -> (frames: [RGBAImage], durations: [Int]) {
    let raw = path + ".rgba"
    let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/" + script).path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script, path, raw]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let json = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the reference needs Debian's python3-pil (and chromium)")
    let info = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let size = 4 * width * height
    let frames = stride(from: 0, to: bytes.count, by: size).map {
      RGBAImage(width: width, height: height, pixels: Array(bytes[$0..<$0 + size]))
    }
    return (frames, (info["durations"] as? [Int]) ?? [])
  }

  /// `image` with every transparent pixel's bytes 0, as both readers give them.
  static func normalized(_ image: RGBAImage) -> RGBAImage {
    var pixels = image.pixels
    for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 0 {
      pixels[i] = 0; pixels[i + 1] = 0; pixels[i + 2] = 0
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)
  }

  static let clips: [(fixture: String, matte: Bool)] = [
    ("chunks/clear.json", true), ("chunks/slide.json", false), ("demo/pull-to-refresh.json", true),
    ("showcase/equalizer.json", true), ("compositing/combination.json", false),
  ]

  /// At the start of every clip frame the GIF shows that frame mapped to the palette — as our reader and as
  /// Pillow composite it — though frames were differenced and pixels turned transparent again.
  @Test(arguments: clips.indices)
  func everyFrameShowsAtItsTimeInPillowAsInOurReader(_ index: Int) throws {
    let (fixture, matte) = Self.clips[index]
    let scene = try Self.scene(fixture, background: "clear")
    let frames = Self.frames(scene, matte: matte ? .white : nil)
    let folder = TestFiles.url("transparent-gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("clip.gif").path
    let fps = scene.canvas.frameRate.framesPerSecond
    let palette = try Self.write(frames, fps: fps, to: path)
    let gif = try GIFFile(contentsOf: path)
    let (width, height) = (frames[0].width, frames[0].height)
    // Pillow shows the same screens for the same times.
    let reference = try Self.pillow(path, width: width, height: height)
    #expect(reference.frames.count == gif.frames.count && reference.durations == gif.delays.map { $0 * 10 })
    #expect(zip(reference.frames, gif.frames).allSatisfy { Self.normalized($0) == Self.normalized($1) })
    // Each clip frame, mapped alone (a GIF of one frame), is what shows from its start on GIF's clock.
    var start = 0
    var starts: [Int: Int] = [:]  // GIF frame → the centisecond it starts at
    for (k, delay) in gif.delays.enumerated() { starts[k] = start; start += delay }
    for (i, frame) in frames.enumerated() {
      let time = GIFWriter.centiseconds(ofFrame: i, frameRate: fps)
      let shown = try #require(gif.delays.indices.last { starts[$0]! <= time })
      let alone = folder.appendingPathComponent("frame\(i).gif").path
      let writer = try GIFWriter(path: alone, width: width, height: height, palette: palette, hasTransparency: true,
                                 loop: nil)
      try writer.write(frame, delay: 1)
      try writer.finish()
      #expect(Self.normalized(gif.frames[shown]) == Self.normalized(try GIFFile(contentsOf: alone).frames[0]),
              "\(fixture) frame \(i)")
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// A browser shows the frames too: Chrome's own decoder (WebCodecs' ImageDecoder in headless Chromium,
  /// Tests/Scripts/browser-frames.py) composites every frame of the demo on a clear background — whose
  /// card is cleared by restoring frames to the background and to what showed before them — to exactly
  /// our reader's screens, alpha included, with the same durations.
  @Test func chromiumCompositesTheClearDemoAsOurReaderDoes() throws {
    let scene = try Self.scene("demo/pull-to-refresh.json", background: "clear")
    let frames = Self.frames(scene, matte: .white)
    let folder = TestFiles.url("browser-gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clip.gif").path
    _ = try Self.write(frames, fps: scene.canvas.frameRate.framesPerSecond, to: path)
    let gif = try GIFFile(contentsOf: path)
    let chrome = try Self.decoded(path, width: frames[0].width, height: frames[0].height, by: "browser-frames.py")
    #expect(chrome.durations == gif.delays.map { $0 * 10 })
    #expect(chrome.frames.count == gif.frames.count)
    let differing = (0..<min(chrome.frames.count, gif.frames.count)).filter {
      Self.normalized(chrome.frames[$0]) != Self.normalized(gif.frames[$0])
    }
    #expect(differing.isEmpty, "Chrome shows GIF frames \(differing.prefix(10)) otherwise")
  }

  /// The bar: a clip on a clear background (with the matte, as documentation pages use it) takes at most
  /// 1.3 times the bytes of the same clip on an opaque background.
  @Test(arguments: ["chunks/clear.json", "chunks/slide.json", "demo/write-word.json", "showcase/spinner.json",
                    "showcase/equalizer.json", "showcase/button-shadow.json", "compositing/combination.json",
                    "compositing/shadows.json", "text/animated.json", "demo/pull-to-refresh.json"])
  func aClearBackgroundCostsLittleMoreThanAnOpaqueOne(_ fixture: String) throws {
    let folder = TestFiles.url("gif-size-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var sizes: [Int] = []
    for (background, matte) in [("white", nil), ("clear", Color.white)] as [(String, Color?)] {
      let scene = try Self.scene(fixture, background: background)
      let path = folder.appendingPathComponent("\(background).gif").path
      let size = Renderer(scene).frameSize()
      try ClipRender(renderer: Renderer(scene), frames: 0..<scene.canvas.frameCount,
                     frameRate: scene.canvas.frameRate, threads: 2)
        .run(into: GIFSink(path: path, width: size.width, height: size.height,
                           frameRate: scene.canvas.frameRate.framesPerSecond, matte: matte))
      sizes.append(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int)
    }
    #expect(Double(sizes[1]) <= 1.3 * Double(sizes[0]), "\(fixture): \(sizes[1]) bytes against \(sizes[0])")
    try? FileManager.default.removeItem(at: folder)
  }
}
