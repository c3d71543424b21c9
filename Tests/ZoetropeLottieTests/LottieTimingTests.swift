// SPDX-License-Identifier: Apache-2.0
// Keyframes as Core Animation plays them, against the importer's own evaluation of the same property.

import Testing
@testable import ZoetropeLottie
import Zoetrope

@Suite struct LottieTimingTests {
  /// A null-free file: one shape layer moving a square, with the keyframes given.
  func scene(position: String, extra: String = "", prefersSampling: Bool = false) throws -> Scene {
    let json = """
      {"fr":30,"ip":0,"op":40,"w":100,"h":100,"layers":[{"ty":4,"nm":"box","ip":0,"op":40,"st":0,
       "ks":{"p":\(position)\(extra)},
       "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,10]},"r":{"k":0}},{"ty":"fl","c":{"k":[0,0,1]},"o":{"k":100}}]}]}
      """
    return try LottieImporter.scene(Array(json.utf8), fileName: "anim.json", prefersSampling: prefersSampling)
  }

  /// Where the box's layer puts its origin in its superlayer at clip frame
  /// `frame` — whether the importer moved it by `position` or by `transform`.
  func position(_ scene: Scene, frame: Int) -> Point {
    let tree = scene.snapshot()
    let presentation = PresentationEvaluator(tree).presentation(atTime: Double(frame) / 30)
    let p = presentation.layers[tree.index(named: "box")!].properties
    let anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
                       y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
    let moved = p.transform.transform(Point(x: -anchor.x, y: -anchor.y))
    return Point(x: p.position.x + moved.x, y: p.position.y + moved.y)
  }

  @Test func holdKeyframesSwitchAtExactlyTheirFrame() throws {
    let s = try scene(position: #"{"a":1,"k":[{"t":0,"s":[10,10],"h":1},{"t":12,"s":[50,50],"h":1},{"t":20,"s":[90,90]}]}"#)
    #expect(position(s, frame: 11) == Point(x: 10, y: 10))
    #expect(position(s, frame: 12) == Point(x: 50, y: 50))
    #expect(position(s, frame: 19) == Point(x: 50, y: 50))
    #expect(position(s, frame: 20) == Point(x: 90, y: 90))
    #expect(position(s, frame: 39) == Point(x: 90, y: 90))
  }

  @Test func easedKeyframesPlayAsTheLottieEvaluatorSays() throws {
    let position = #"""
      {"a":1,"k":[{"t":5,"s":[10,20],"o":{"x":[0.2,0.6],"y":[0,0.1]},"i":{"x":[0.8,0.3],"y":[1,0.9]}},
                  {"t":25,"s":[80,60],"o":{"x":0.33,"y":0},"i":{"x":0.67,"y":1}},{"t":33,"s":[40,90]}]}
      """#
    let mapped = try scene(position: position)
    let sampled = try scene(position: position, prefersSampling: true)
    for frame in 0..<40 {
      let a = self.position(mapped, frame: frame), b = self.position(sampled, frame: frame)
      #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "frame \(frame): \(a) vs \(b)")
    }
  }

  @Test func aMotionPathMovesByArcLength() throws {
    // A quarter circle's handles: half way in time (linear easing) is half way along the curve.
    let position = #"""
      {"a":1,"k":[{"t":0,"s":[0,0],"to":[27.6,0],"ti":[0,-27.6],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[50,50]}]}
      """#
    let s = try scene(position: position)
    let middle = self.position(s, frame: 15)
    // On the curve, near the point at 45°: (50 sin 45°, 50 − 50 cos 45°).
    #expect(abs(middle.x - 35.36) < 0.3 && abs(middle.y - 14.64) < 0.3, "\(middle)")
  }
}
