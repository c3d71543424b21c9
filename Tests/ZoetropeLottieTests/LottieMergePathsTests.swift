// SPDX-License-Identifier: Apache-2.0
// Merge paths modes 1–5 read back from the pixels: which regions of two or three squares each mode paints.

import Testing
import Zoetrope

@Suite struct LottieMergePathsTests {
  /// A 64 × 64 shape layer: `shapes` (JSON items), merge paths of `mode`, then `paint`.
  static func json(_ shapes: [String], mode: Int, paint: String = #"{"ty":"fl","c":{"k":[1,0,0]},"o":{"k":100}}"#,
                   frames: Int = 3) -> String {
    #"{"v":"5.7.4","fr":10,"ip":0,"op":\#(frames),"w":64,"h":64,"layers":[{"ty":4,"ind":1,"ip":0,"op":\#(frames),"st":0,"#
      + #""ks":{},"shapes":["# + (shapes + [#"{"ty":"mm","mm":\#(mode)}"#, paint]).joined(separator: ",") + "]}]}"
  }

  /// A square of side `size` centred on (`x`, `y`).
  static func square(_ x: Double, _ y: Double, size: Double = 32) -> String {
    #"{"ty":"rc","p":{"k":[\#(x),\#(y)]},"s":{"k":[\#(size),\#(size)]},"r":{"k":0}}"#
  }

  /// Frame `time` of `json`, and the scene's notices.
  static func render(_ json: String, time: Double = 0) throws -> (RGBAImage, [SceneIssue]) {
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    return (Renderer(scene).frame(atTime: time), scene.unsupportedFeatures + scene.decodingWarnings)
  }

  static func painted(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
    image.pixels[(y * image.width + x) * 4 + 3] > 128
  }

  // A (8…40) and B (24…56): a point in A only, in both, in B only, in neither.
  static let probes = [(12, 12), (32, 32), (52, 52), (4, 60)]

  @Test(arguments: [(1, [true, true, true, false]), (2, [true, true, true, false]), (3, [true, false, false, false]),
                    (4, [false, true, false, false]), (5, [true, false, true, false])])
  func eachModePaintsItsRegions(mode: Int, expected: [Bool]) throws {
    let (image, notices) = try Self.render(Self.json([Self.square(24, 24), Self.square(40, 40)], mode: mode))
    #expect(notices.isEmpty, "\(notices)")
    for ((x, y), want) in zip(Self.probes, expected) {
      #expect(Self.painted(image, x, y) == want, "mode \(mode) at (\(x), \(y))")
    }
  }

  /// Three operands, as lottie-android combines them: the nearest (C) against
  /// the union of the others, so subtract keeps what B has outside C.
  @Test func moreThanTwoOperandsMeetTheNearestOne() throws {
    let shapes = [Self.square(24, 24), Self.square(40, 40), Self.square(48, 16, size: 16)]
    let (subtracted, _) = try Self.render(Self.json(shapes, mode: 3))
    #expect(Self.painted(subtracted, 12, 12) && Self.painted(subtracted, 52, 52) && !Self.painted(subtracted, 48, 16))
    let (intersected, _) = try Self.render(Self.json(shapes, mode: 4))
    // C (40…56 × 8…24) only touches A ∪ B, along A's right side and B's top: nothing.
    #expect(!Self.painted(intersected, 32, 32) && !Self.painted(intersected, 48, 16))
  }

  /// A group is one operand, its transform applied; a stroke outlines the result.
  @Test func groupOperandsAndStrokes() throws {
    let group = #"{"ty":"gr","it":[\#(Self.square(24, 24)),{"ty":"tr","p":{"k":[16,16]},"a":{"k":[0,0]},"#
      + #""s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}"#
    let stroke = #"{"ty":"st","c":{"k":[0,0,1]},"o":{"k":100},"w":{"k":2},"lc":2,"lj":2}"#
    let (image, notices) = try Self.render(Self.json([Self.square(24, 24), group], mode: 4, paint: stroke))
    #expect(notices.isEmpty, "\(notices)")
    // The intersection is 24…40 square: its outline is stroked, not A's or B's.
    #expect(Self.painted(image, 24, 32) && Self.painted(image, 40, 32))
    #expect(!Self.painted(image, 32, 32) && !Self.painted(image, 8, 20) && !Self.painted(image, 56, 50))
  }

  /// B slides right over A, frame by frame: the intersection follows it.
  @Test func animatedOperandsAreCombinedAtEveryFrame() throws {
    let moving = #"{"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[40,24],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},"#
      + #"{"t":2,"s":[56,24]}]},"s":{"k":[32,32]},"r":{"k":0}}"#
    let json = Self.json([Self.square(24, 24), moving], mode: 4)
    let (first, _) = try Self.render(json, time: 0)
    let (next, _) = try Self.render(json, time: 0.1)
    #expect(Self.painted(first, 30, 24) && !Self.painted(first, 20, 24))
    #expect(!Self.painted(next, 30, 24) && Self.painted(next, 36, 24))
  }

  /// One operand under any mode is drawn as it is (Illustrator outlines
  /// in After Effects: each path alone under an intersect).
  @Test(arguments: [2, 3, 4, 5])
  func aSingleOperandIsDrawnAsItIs(mode: Int) throws {
    let (image, notices) = try Self.render(Self.json([Self.square(24, 24)], mode: mode))
    #expect(notices.isEmpty, "\(notices)")
    #expect(Self.painted(image, 12, 12) && Self.painted(image, 32, 32) && !Self.painted(image, 52, 52))
  }

  @Test func anUnknownModeIsNamed() throws {
    let (_, notices) = try Self.render(Self.json([Self.square(24, 24), Self.square(40, 40)], mode: 9))
    #expect(notices.map(\.description) == [
      "layers[0].shapes[2]: not supported: merge paths mode 9 (modes are 1 to 5); the paths are drawn as they are",
    ])
  }

  /// Operands past a path boolean budget are drawn as they are, with a warning.
  @Test func operandsPastTheBudgetAreDrawnMerged() throws {
    let count = 120_000
    let vertices = (0..<count).map { "[\(Double($0 % 2) * 20 + 4),\(Double($0) * 56 / Double(count) + 4)]" }
      .joined(separator: ",")
    let tangents = Array(repeating: "[0,0]", count: count).joined(separator: ",")
    let zigzag = #"{"ty":"sh","ks":{"k":{"c":true,"v":[\#(vertices)],"i":[\#(tangents)],"o":[\#(tangents)]}}}"#
    let (image, notices) = try Self.render(Self.json([zigzag, Self.square(40, 40)], mode: 4))
    #expect(notices.map(\.description).contains { $0.contains("Limits.maximumPathBooleanSegments") }, "\(notices)")
    #expect(Self.painted(image, 52, 52), "drawn as mode 1 draws it")
  }
}
