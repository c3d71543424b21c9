// SPDX-License-Identifier: Apache-2.0
// Reading and writing layer properties by animatable key path, as key-value coding does on iOS.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

@Suite struct LayerKeyPathTests {
  @Test(arguments: [
    ("position", AnimationValueKind.point), ("position.x", .number), ("bounds.size", .size),
    ("transform.rotation.z", .number), ("transform.translation", .size), ("transform", .transform),
    ("strokeEnd", .number), ("colors", .colors), ("locations", .numbers), ("backgroundColor", .color),
    ("hidden", .bool), ("path", .path), ("contents", .image),
  ])
  func keyPathsHaveTheKindTheyAnimate(_ keyPath: String, _ kind: AnimationValueKind) {
    #expect(AnimationValueKind(animatableKeyPath: keyPath) == kind)
  }

  @Test(arguments: ["postion", "position.z", "transform.rotation.w", "", "strokeEnd.x", "frame"])
  func unknownKeyPathsHaveNoKind(_ keyPath: String) {
    #expect(AnimationValueKind(animatableKeyPath: keyPath) == nil)
  }

  @Test func componentsAreReadAndWrittenInPlace() {
    var properties = LayerProperties()
    properties.position = Point(x: 10, y: 20)
    #expect(properties.value(forKeyPath: "position.y") == .number(20))
    let movedX = properties.setValue(.number(5), forKeyPath: "position.x")
    #expect(movedX)
    #expect(properties.position == Point(x: 5, y: 20))
    let turned = properties.setValue(.number(.pi / 2), forKeyPath: "transform.rotation.z")
    #expect(turned)
    let rotation = properties.value(forKeyPath: "transform.rotation.z")?.numberValue ?? 0
    #expect(abs(rotation - .pi / 2) < 1e-12)
    #expect(abs(properties.transform.m12 - 1) < 1e-12)
  }

  @Test func valuesAreCoercedAndClampedAsAnimationValuesAre() {
    var properties = LayerProperties()
    let coloured = properties.setValue([1, 0, 0], forKeyPath: "backgroundColor")
    #expect(coloured)
    #expect(properties.backgroundColor == Color(red: 1, green: 0, blue: 0))
    let faded = properties.setValue(2, forKeyPath: "opacity")
    #expect(faded)
    #expect(properties.opacity == 1)
  }

  @Test func refusedWritesChangeNothing() {
    var properties = LayerProperties()
    let before = properties
    let strokeSet = properties.setValue(.number(1), forKeyPath: "strokeEnd")
    #expect(!strokeSet)   // a plain layer has no strokeEnd
    let pointSet = properties.setValue(.point(.zero), forKeyPath: "opacity")
    #expect(!pointSet)   // a point is not a number
    let nonsenseSet = properties.setValue(.number(1), forKeyPath: "nonsense")
    #expect(!nonsenseSet)
    #expect(properties == before)
    #expect(properties.value(forKeyPath: "strokeEnd") == nil)
  }
}
