// SPDX-License-Identifier: Apache-2.0
// Expressions that only replay keyframes (loopOut, loopIn): the keyframes looped, frame by frame.

import Testing
@testable import ZoetropeLottie
import Zoetrope

@Suite struct LottieLoopTests {
  /// A square whose x moves 0 → 30 over frames 10…20 and back to 0 at 30, with the expression given.
  func scene(expression: String) throws -> Scene {
    let json = #"""
      {"fr":30,"ip":0,"op":90,"w":100,"h":100,"layers":[{"ty":4,"nm":"box","ip":0,"op":90,"st":0,
       "ks":{"p":{"a":1,"k":[{"t":10,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},
                              {"t":20,"s":[30,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[0,0]}],
              "x":"\#(expression)"}},
       "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,10]},"r":{"k":0}},{"ty":"fl","c":{"k":[0,0,1]},"o":{"k":100}}]}]}
      """#
    return try LottieImporter.scene(Array(json.utf8), fileName: "anim.json", prefersSampling: false)
  }

  /// The x of the box's origin at clip frame `frame`.
  func x(_ scene: Scene, frame: Int) -> Double {
    let tree = scene.snapshot()
    let p = PresentationEvaluator(tree).presentation(atTime: Double(frame) / 30).layers[tree.index(named: "box")!]
      .properties
    let anchor = Point(x: p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width,
                       y: p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height)
    return p.position.x + p.transform.transform(Point(x: -anchor.x, y: -anchor.y)).x
  }

  @Test func loopOutCycleReplaysTheKeyframesAfterTheLast() throws {
    let s = try scene(expression: #"var $bm_rt;\n$bm_rt = loopOut('cycle', 0);"#)
    #expect(s.unsupportedFeatures.isEmpty, "\(s.unsupportedFeatures)")
    for (frame, expected) in [(5, 0.0), (15, 15), (25, 15), (35, 15), (40, 30), (45, 15), (55, 15), (62, 24)] {
      #expect(abs(x(s, frame: frame) - expected) < 1e-6, "frame \(frame): \(x(s, frame: frame))")
    }
  }

  @Test func loopOutPingPongPlaysEveryOtherCycleBackwards() throws {
    // Over the last segment only (one keyframe back): 30 → 0 over 20…30, then 0 → 30, then 30 → 0.
    let s = try scene(expression: #"loopOut(\"PingPong\", 1)"#)
    for (frame, expected) in [(22, 24.0), (33, 9), (38, 24), (42, 24), (52, 6)] {
      #expect(abs(x(s, frame: frame) - expected) < 1e-6, "frame \(frame): \(x(s, frame: frame))")
    }
  }

  @Test func loopOutOffsetMovesEachCycleOnByWhatTheSpanChanges() throws {
    // The last segment (30 → 0 over 20…30) again and again, each time 30 lower.
    let s = try scene(expression: "loopOut('offset', 1)")
    #expect(s.unsupportedFeatures.isEmpty, "\(s.unsupportedFeatures)")
    for (frame, expected) in [(25, 15.0), (30, 0), (35, -15), (40, -30), (45, -45), (60, -90)] {
      #expect(abs(x(s, frame: frame) - expected) < 1e-6, "frame \(frame): \(x(s, frame: frame))")
    }
  }

  @Test func loopInOffsetMovesEachCycleBackByWhatTheSpanChanges() throws {
    // The first segment (0 → 30 over 10…20) before it, each time 30 lower.
    let s = try scene(expression: "loopIn('offset', 1)")
    for (frame, expected) in [(10, 0.0), (5, -15), (0, -30)] {
      #expect(abs(x(s, frame: frame) - expected) < 1e-6, "frame \(frame): \(x(s, frame: frame))")
    }
  }

  @Test func continueCarriesOnAtTheEndKeyframesVelocity() throws {
    // −3 a frame leaving frame 30; +3 a frame arriving at frame 10.
    let out = try scene(expression: "loopOut('continue')")
    for (frame, expected) in [(30, 0.0), (35, -15), (50, -60)] {
      #expect(abs(x(out, frame: frame) - expected) < 1e-6, "loopOut frame \(frame): \(x(out, frame: frame))")
    }
    let before = try scene(expression: "loopIn('Continue')")
    for (frame, expected) in [(10, 0.0), (5, -15), (0, -30), (15, 15)] {
      #expect(abs(x(before, frame: frame) - expected) < 1e-6, "loopIn frame \(frame): \(x(before, frame: frame))")
    }
  }

  @Test func loopInCycleReplaysTheKeyframesBeforeTheFirst() throws {
    let s = try scene(expression: "loopIn()")
    for (frame, expected) in [(5, 15.0), (0, 30), (35, 0)] {
      #expect(abs(x(s, frame: frame) - expected) < 1e-6, "frame \(frame): \(x(s, frame: frame))")
    }
  }

  @Test func otherExpressionsAndLoopsThatChangeValuesAreStillUnsupported() throws {
    for expression in ["loopOut('cycle') + 1", "wiggle(2, 10)", "loopOut(cycle)", "loopOut('wiggle')"] {
      #expect(LottieLoop(expression: expression) == nil, "\(expression)")
      let s = try scene(expression: expression)
      #expect(s.unsupportedFeatures.map(\.description) == [
        "layers[0].ks.p.x: not supported: an After Effects expression; the keyframes are used without it",
      ])
    }
  }
}
