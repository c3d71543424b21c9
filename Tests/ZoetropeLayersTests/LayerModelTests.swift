// SPDX-License-Identifier: Apache-2.0
// The layer model: Core Animation code ports verbatim; snapshots evaluate the same on any thread.

import Dispatch
import Synchronization
import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming
import _ZoetropeTestSupport

@Suite struct LayerModelTests {
  /// The seed article's pull-to-refresh, written as on iOS (less the `CA` prefix).
  @Test func seedArticleCodePortsVerbatim() throws {
    let layer = Layer()
    let shape = ShapeLayer()
    shape.position = Point(x: 100, y: 50)
    shape.path = try Path(svgPathData: "M 0 0 L 100 0")
    layer.addSublayer(shape)

    let writeText = BasicAnimation(keyPath: "strokeEnd"); writeText.fromValue = 0; writeText.toValue = 1
    let move = BasicAnimation(keyPath: "position.y"); move.byValue = -22; move.toValue = 0
    let group = AnimationGroup(); group.duration = 1; group.animations = [writeText, move]
    shape.add(group, forKey: "write")
    layer.speed = 0; layer.timeOffset = 0.3   // a paused layer scrubbed like a slider

    let tree = LayerTree(root: layer)
    for time in [0.0, 5, 1000] {
      let presented = PresentationEvaluator(tree).presentation(atTime: time).layers[1].properties
      #expect(abs((presented.shape?.strokeEnd ?? -1) - 0.3) < 1e-12)
      // position.y runs from 22 to 0 (to − by → to): 30 % of the way is 15.4.
      #expect(abs(presented.position.y - 15.4) < 1e-12)
      #expect(presented.position.x == 100)
    }
    #expect(shape.animationKeys() == ["write"])
  }

  @Test func evaluationIsTheSameOnEveryThread() throws {
    let scene = try Fixtures.scene("Scenes/demo/pull-to-refresh.json")
    let evaluator = PresentationEvaluator(scene.snapshot())
    let times = (0..<64).map { Double($0) / 24 }
    let serial = times.map { evaluator.presentation(atTime: $0).layers.map(\.properties) }
    let results = Mutex([[LayerProperties]?](repeating: nil, count: times.count))
    DispatchQueue.concurrentPerform(iterations: times.count) { i in
      let layers = evaluator.presentation(atTime: times[i]).layers.map(\.properties)
      results.withLock { $0[i] = layers }
    }
    #expect(results.withLock { $0.map { $0! } } == serial)
  }

  @Test func replacingAKeyMovesTheAnimationToTheEnd() {
    let layer = Layer()
    for key in ["a", "b", "a"] {
      let animation = BasicAnimation(keyPath: "opacity")
      layer.add(animation, forKey: key)
    }
    #expect(layer.animationKeys() == ["b", "a"])
    layer.add(BasicAnimation(keyPath: "opacity"), forKey: nil)
    #expect(layer.animationKeys() == ["b", "a"])
    layer.removeAnimation(forKey: "b")
    #expect(layer.animationKeys() == ["a"])
  }

  @Test func opacityIsClampedAfterEachAnimation() {
    let layer = Layer()
    let overshoot = BasicAnimation(keyPath: "opacity")
    overshoot.fromValue = 0.5; overshoot.toValue = 3; overshoot.duration = 1
    layer.add(overshoot, forKey: "o")
    let root = Layer()
    root.addSublayer(layer)
    let value = PresentationEvaluator(LayerTree(root: root)).presentation(atTime: 0.5).layers[1].properties.opacity
    #expect(value == 1)
  }

  @Test func frameSetsBoundsAndPositionByTheAnchorPoint() {
    let layer = Layer()
    layer.anchorPoint = Point(x: 0, y: 1)
    layer.frame = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(layer.bounds == Rect(x: 0, y: 0, width: 30, height: 40))
    #expect(layer.position == Point(x: 10, y: 60))
    #expect(layer.frame == Rect(x: 10, y: 20, width: 30, height: 40))
  }

  @Test func aLayerCannotBecomeItsOwnAncestor() {
    let a = Layer(), b = Layer(), c = Layer()
    a.addSublayer(b)
    b.addSublayer(c)
    c.addSublayer(a)
    #expect(a.superlayer == nil && c.sublayers == nil)
    b.addSublayer(b)
    #expect(b.superlayer === a)
  }

  @Test func addingAtAMediaTimeReplacesAZeroBeginTimeWithLayerTime() {
    let root = Layer(), layer = Layer()
    layer.beginTime = 2
    layer.speed = 2
    root.addSublayer(layer)
    let animation = BasicAnimation(keyPath: "opacity")
    animation.beginTime = 0
    layer.add(animation, forKey: "fade", atMediaTime: 10)
    #expect(layer.animation(forKey: "fade")?.beginTime == 16)
    #expect(animation.beginTime == 0)
  }
}
