// SPDX-License-Identifier: Apache-2.0
// A vector property given too few numbers: read as before, and named with its JSON path.

import Testing
import Zoetrope

@Suite struct LottieShortVectorTests {
  static func scene(anchor: String, scale: String = #"{"a":0,"k":[100,100]}"#) throws -> Scene {
    let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":16,"h":16,"layers":[{"ty":4,"ind":1,"ip":0,"op":3,"st":0,"#
      + #""ks":{"a":\#(anchor),"s":\#(scale)},"shapes":[{"ty":"rc","p":{"a":0,"k":[8,8]},"s":{"a":0,"k":[4,4]},"#
      + #""r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,1]},"o":{"a":0,"k":100}}]}]}"#
    return try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
  }

  @Test func aVectorOfOneNumberIsNamedAtItsPath() throws {
    let still = try Self.scene(anchor: #"{"a":0,"k":[3]}"#)
    #expect(still.decodingWarnings.map(\.path) == ["layers[0].ks.a.k"], "\(still.decodingWarnings)")
    let keyed = try Self.scene(anchor: #"{"a":0,"k":[0,0]}"#,
                               scale: #"{"a":1,"k":[{"t":0,"s":[100,100]},{"t":2,"s":[50]}]}"#)
    #expect(keyed.decodingWarnings.map(\.path) == ["layers[0].ks.s.k"], "\(keyed.decodingWarnings)")
  }

  @Test func fullVectorsAndOneNumberPropertiesAreNotNamed() throws {
    let scene = try Self.scene(anchor: #"{"a":0,"k":[3,1,0]}"#)
    #expect(scene.decodingWarnings.isEmpty, "\(scene.decodingWarnings)")
  }
}
