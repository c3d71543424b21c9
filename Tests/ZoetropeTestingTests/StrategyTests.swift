// SPDX-License-Identifier: Apache-2.0
// The strategies themselves: recording, exact failures with artifacts, tolerance, Swift-built trees, strips.

import Foundation
import SnapshotTesting
import Testing
import Zoetrope
import ZoetropeTesting
import _ZoetropeTestSupport

@Suite(.serialized) struct StrategyTests {
  func temporaryFolder() throws -> String {
    let url = TestFiles.url("zoetrope-snap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  func scene(color: String) throws -> Scene {
    try SceneDecoder.decode(Array("""
      {"zoetrope": 1, "canvas": {"width": 40, "height": 30, "duration": 2},
       "layers": [{"name": "box", "frame": [5, 5, 30, 20], "backgroundColor": "#FFFFFF", "cornerRadius": 6,
         "animations": [{"type": "basic", "keyPath": "backgroundColor", "fromValue": "\(color)", "toValue": "#4AA5E3",
                         "duration": 2}]}]}
      """.utf8), fileName: "box.json")
  }

  @Test func recordsThenVerifiesThenFailsWithArtifacts() throws {
    let references = try temporaryFolder(), artifacts = try temporaryFolder()
    setenv("SNAPSHOT_ARTIFACTS", artifacts, 1)
    defer { unsetenv("SNAPSHOT_ARTIFACTS") }
    let original = try scene(color: "#FFB900")
    // Recording writes the reference and reports it.
    let recorded = verifySnapshot(of: original, as: .frame(at: 0.5), named: "box", record: .all,
                                  snapshotDirectory: references, testName: "strategy")
    #expect(recorded != nil)
    let reference = references + "/strategy.box.png"
    #expect(FileManager.default.fileExists(atPath: reference))
    #expect(try RGBAImage(contentsOfPNG: reference) == Renderer(original).frame(atTime: 0.5))
    // Verifying the same scene passes.
    #expect(verifySnapshot(of: original, as: .frame(at: 0.5), named: "box", record: .never,
                           snapshotDirectory: references, testName: "strategy") == nil)
    // A changed colour fails, and leaves expected, actual, diff and a summary where the message says.
    let changed = try scene(color: "#FF0000")
    let failure = try #require(verifySnapshot(of: changed, as: .frame(at: 0.5), named: "box", record: .never,
                                              snapshotDirectory: references, testName: "strategy"))
    #expect(failure.contains("pixels differ"))
    let folder = try #require(failure.components(separatedBy: "summary.json: ").last?
      .components(separatedBy: "\n").first)
    for name in ["expected.png", "actual.png", "diff.png", "summary.json"] {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name) in \(folder)")
    }
    #expect(folder.hasPrefix(artifacts))
  }

  @Test func toleranceForgivesSmallDifferencesOnly() throws {
    let references = try temporaryFolder()
    _ = verifySnapshot(of: try scene(color: "#FFB900"), as: .frame(at: 0), named: "t", record: .all,
                       snapshotDirectory: references, testName: "tolerance")
    // One step of red: within a per-channel threshold of 2, not exact.
    let nearby = try scene(color: "#FEB900")
    #expect(verifySnapshot(of: nearby, as: .frame(at: 0), named: "t", record: .never,
                           snapshotDirectory: references, testName: "tolerance") != nil)
    #expect(verifySnapshot(of: nearby, as: .frame(at: 0, tolerance: ImageTolerance(perChannel: 2)), named: "t",
                           record: .never, snapshotDirectory: references, testName: "tolerance") == nil)
    // A share of differing pixels: the whole box differs (over 40 % of the canvas).
    let far = try scene(color: "#00FF00")
    #expect(verifySnapshot(of: far, as: .frame(at: 0, tolerance: ImageTolerance(differingFraction: 0.1)), named: "t",
                           record: .never, snapshotDirectory: references, testName: "tolerance") != nil)
    #expect(verifySnapshot(of: far, as: .frame(at: 0, tolerance: ImageTolerance(differingFraction: 0.9)), named: "t",
                           record: .never, snapshotDirectory: references, testName: "tolerance") == nil)
  }

  @Test func layerTreesBuiltInSwiftSnapshotLikeScenes() throws {
    let references = try temporaryFolder()
    let box = Layer()
    box.name = "box"
    box.frame = Rect(x: 5, y: 5, width: 30, height: 20)
    box.backgroundColor = Color(red: 1, green: 0.72, blue: 0, alpha: 1)
    let fade = BasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.duration = 2
    box.add(fade, forKey: "fade")
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 40, height: 30)
    root.addSublayer(box)
    _ = verifySnapshot(of: root, as: .frame(at: 1), named: "swift", record: .all, snapshotDirectory: references,
                       testName: "tree")
    let image = try RGBAImage(contentsOfPNG: references + "/tree.swift.png")
    #expect(image.width == 40 && image.height == 30)
    // Half faded: the box's alpha is one half over a clear canvas.
    #expect(abs(Int(image.pixels[4 * (15 * 40 + 20) + 3]) - 128) <= 1)
    #expect(verifySnapshot(of: root, as: .frame(at: 1), named: "swift", record: .never, snapshotDirectory: references,
                           testName: "tree") == nil)
    // The timeline strategy finds the layer by name.
    _ = verifySnapshot(of: root, as: .timeline(layer: "box", keyPath: "opacity", from: 0, to: 2, width: 50, height: 12),
                       named: "opacity", record: .all, snapshotDirectory: references, testName: "tree")
    #expect(FileManager.default.fileExists(atPath: references + "/tree.opacity.png"))
  }

  @Test func plainStripColumnsHoldThePresentationColour() throws {
    // beginTime 1, duration 1.5, no fill: white before 1 s and after 2.5 s; the ramp between.
    let scene = try Fixtures.scene("Scenes/showcase/timing-beginTime.json")
    let strip = try TimelineStrip(layer: "box", keyPath: "backgroundColor", from: 0, to: 4, width: 400, height: 3,
                                  plain: true).render(scene)
    #expect(strip.width == 400 && strip.height == 3)
    func column(_ x: Int) -> [Int] { (0..<4).map { Int(strip.pixels[4 * x + $0]) } }
    let orange = [0xFF, 0xB9, 0x00], blue = [0x4A, 0xA5, 0xE3]
    for x in [0, 50, 99, 250, 399] { #expect(column(x) == [255, 255, 255, 255], "column \(x)") }
    // Column x shows time (x + 0.5) / 100.
    for x in [100, 137, 175, 212, 249] {
      let t = (Double(x) + 0.5) / 100, f = (t - 1) / 1.5
      let expected = (0..<3).map { Double(orange[$0]) + (Double(blue[$0]) - Double(orange[$0])) * f }
      for c in 0..<3 { #expect(abs(Double(column(x)[c]) - expected[c]) <= 3, "column \(x) channel \(c)") }
    }
  }

  @Test func antialiasingToleranceForgivesMovedEdgesNotChangedContent() throws {
    func disc(x: Double, color: String) throws -> Scene {
      try SceneDecoder.decode(Array("""
        {"zoetrope": 1, "canvas": {"width": 64, "height": 48},
         "layers": [{"frame": [\(x), 10, 28, 28], "cornerRadius": 14, "backgroundColor": "\(color)"}]}
        """.utf8), fileName: "disc.json")
    }
    let reference = Renderer(try disc(x: 16, color: "#336699")).frame(atTime: 0)
    // A quarter-pixel shift changes only edge pixels, which look like anti-aliasing.
    let moved = Renderer(try disc(x: 16.25, color: "#336699")).frame(atTime: 0)
    let edge = try #require(moved.difference(from: reference))
    #expect(edge.differingPixels > 0 && edge.antialiasedPixels * 10 >= edge.differingPixels * 8,
            "\(edge.antialiasedPixels) of \(edge.differingPixels)")
    #expect(edge.isWithin(ImageTolerance(differingFraction: 0.02, ignoresAntialiasing: true)))
    // A new colour changes the inside: not anti-aliasing (only the rim can look like it), not forgiven.
    let recoloured = Renderer(try disc(x: 16, color: "#339966")).frame(atTime: 0)
    let inside = try #require(recoloured.difference(from: reference))
    #expect(inside.antialiasedPixels * 4 < inside.differingPixels, "\(inside.antialiasedPixels) of \(inside.differingPixels)")
    #expect(!inside.isWithin(ImageTolerance(differingFraction: 0.02, ignoresAntialiasing: true)))
  }
}
