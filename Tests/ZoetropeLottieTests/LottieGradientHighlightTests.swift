// SPDX-License-Identifier: Apache-2.0
// A radial gradient's highlight: the focal point lottie-web puts its rings' first stop at.

import Testing
@testable import ZoetropeLottie
import Zoetrope

@Suite struct LottieGradientHighlightTests {
  /// A disc of radius 40 at (50, 50), red at its centre to blue on its rim,
  /// with the highlight given (`h` percent of the radius, at `a` degrees).
  func scene(h: String, a: String = #"{"a":0,"k":0}"#) throws -> Scene {
    let json = #"""
      {"fr":10,"ip":0,"op":3,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":3,"st":0,"ks":{},
       "shapes":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[80,80]}},
        {"ty":"gf","t":2,"o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[90,50]},
         "h":\#(h),"a":\#(a),"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}]}]}
      """#
    return try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
  }

  func pixel(_ scene: Scene, _ x: Int, _ y: Int) -> (red: UInt8, blue: UInt8) {
    let frame = Renderer(scene).frame(atTime: 0)
    let i = 4 * (y * frame.width + x)
    return (frame.pixels[i], frame.pixels[i + 2])
  }

  @Test func theHighlightIsWhereTheFirstStopIs() throws {
    // Half the radius at 90°: the focal point is (50, 70).
    let s = try scene(h: #"{"a":0,"k":50}"#, a: #"{"a":0,"k":90}"#)
    #expect(s.unsupportedFeatures.isEmpty, "\(s.unsupportedFeatures)")
    let focus = pixel(s, 50, 70), centre = pixel(s, 50, 50)
    #expect(focus.red > 245 && focus.blue < 10, "\(focus)")
    // The centre is a third of the way from the focal point to the rim above it (20 of 60).
    #expect(abs(Int(centre.blue) - 85) <= 3, "\(centre)")
    let centred = try scene(h: #"{"a":0,"k":0}"#)
    #expect(pixel(centred, 50, 50).red > 245)
  }

  @Test func anAnimatedHighlightIsNamedAndTheGradientCentred() throws {
    let s = try scene(h: #"{"a":1,"k":[{"t":0,"s":[0]},{"t":2,"s":[50]}]}"#)
    #expect(s.unsupportedFeatures.map(\.description) == [
      "layers[0].shapes[1]: not supported: an animated radial gradient's highlight; the gradient is centred",
    ])
    #expect(pixel(s, 50, 50).red > 245)
  }
}
