// SPDX-License-Identifier: Apache-2.0
// A blend mode on a fill or stroke inside a shape layer: the paint's own layer blended in its place; on a group, named.

import Testing
import Zoetrope

@Suite struct LottieShapeBlendModeTests {
  /// A green fill blended with `bm` (inside a group when `grouped`, the group's `bm`) over a red solid.
  static func scene(bm: Int, grouped: Bool = false) throws -> Scene {
    let rect = #"{"ty":"rc","p":{"a":0,"k":[8,8]},"s":{"a":0,"k":[16,16]},"r":{"a":0,"k":0}}"#
    let fill = #"{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100},"r":1,"bm":\#(grouped ? 0 : bm)}"#
    let shapes = grouped
      ? #"[{"ty":"gr","bm":\#(bm),"it":[\#(rect),\#(fill),{"ty":"tr","p":{"a":0,"k":[0,0]}}]}]"#
      : "[\(rect),\(fill)]"
    let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":["#
      + #"{"ty":4,"ind":1,"ip":0,"op":3,"st":0,"ks":{},"shapes":\#(shapes)},"#
      + ##"{"ty":1,"ind":2,"sc":"#ff0000","sw":16,"sh":16,"ip":0,"op":3,"st":0,"ks":{}}]}"##
    return try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
  }

  static func centre(_ scene: Scene) -> [UInt8] {
    let image = Renderer(scene).frame(atTime: 0)
    let i = 4 * (8 * image.width + 8)
    return Array(image.pixels[i..<i + 4])
  }

  @Test func aFillsBlendModeBlendsItOverWhatIsBelow() throws {
    let multiplied = try Self.scene(bm: 1)
    #expect(multiplied.unsupportedFeatures.isEmpty, "\(multiplied.unsupportedFeatures)")
    #expect(Self.centre(multiplied) == [0, 0, 0, 255], "green × red")
    #expect(Self.centre(try Self.scene(bm: 2)) == [255, 255, 0, 255], "green screen red")
    #expect(Self.centre(try Self.scene(bm: 0)) == [0, 255, 0, 255], "normal")
  }

  @Test func aGroupsBlendModeAndAnUnknownModeAreNamed() throws {
    let grouped = try Self.scene(bm: 1, grouped: true)
    #expect(grouped.unsupportedFeatures.map(\.path) == ["layers[0].shapes[0].bm"], "\(grouped.unsupportedFeatures)")
    #expect(Self.centre(grouped) == [0, 255, 0, 255], "drawn as normal")
    let unknown = try Self.scene(bm: 16)
    #expect(unknown.unsupportedFeatures.map(\.path) == ["layers[0].shapes[1].bm"], "\(unknown.unsupportedFeatures)")
  }
}
