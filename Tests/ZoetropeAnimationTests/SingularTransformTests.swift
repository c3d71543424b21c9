// SPDX-License-Identifier: Apache-2.0
// Rotation and scale components of a transform that cannot be decomposed leave it as it is, as Core Animation does.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeTiming

@Suite struct SingularTransformTests {
  static let zeroScale = Transform3D.scale(x: 0, y: 0, z: 1)

  func store(_ transform: Transform3D) -> Store {
    var store = Store()
    store.values[.transform] = .transform(transform)
    return store
  }

  @Test(arguments: ["transform.scale", "transform.scale.x", "transform.scale.y", "transform.rotation.z",
                    "transform.rotation.x", "transform.rotation.y"])
  func aComponentOfAZeroScaleLeavesTheTransformAsItIs(_ keyPath: String) {
    for time in [0, 0.25, 0.5, 1] {
      let a = basic(keyPath, from: 0.5, to: 1)
      a.fillMode = .both
      a.isRemovedOnCompletion = false
      #expect(evaluate([a], at: time, store: store(Self.zeroScale)).transform == Self.zeroScale)
      let additive = basic(keyPath, from: 0.5, to: 1)
      additive.isAdditive = true
      #expect(evaluate([additive], at: time, store: store(Self.zeroScale)).transform == Self.zeroScale)
    }
  }

  @Test func aTinyScaleAnimatesAndTranslationsAlwaysApply() {
    let grow = basic("transform.scale", from: 0, to: 1)
    let tiny = evaluate([grow], at: 0.5, store: store(.scale(x: 0.001, y: 0.001, z: 1))).transform
    #expect(abs(tiny.m11 - 0.5) < 1e-12 && abs(tiny.m22 - 0.5) < 1e-12)
    let move = basic("transform.translation.x", from: 0, to: 10)
    let moved = evaluate([move], at: 0.5, store: store(Self.zeroScale)).transform
    #expect(moved.m41 == 5 && moved.m11 == 0 && moved.m22 == 0)
  }

  @Test func whichComponentsCanBeSet() {
    #expect(Transform3D.identity.canSetComponent(.scale))
    #expect(!Self.zeroScale.canSetComponent(.scale) && !Self.zeroScale.canSetComponent(.rotationZ))
    #expect(Self.zeroScale.canSetComponent(.translationX))
    #expect(!Transform3D.scale(x: 1, y: 0, z: 1).canSetComponent(.rotationZ))
    // The answer is exactly whether setting a different value changes the matrix.
    let matrices: [Transform3D] = [
      .identity, Self.zeroScale, .scale(x: 1, y: 0, z: 1), .scale(x: 1, y: 1, z: 0), .scale(x: 2, y: 3, z: 1),
      .rotation(angle: 0.5, x: 0, y: 0, z: 1), .rotation(angle: 0.5, x: 1, y: 1, z: 0),
    ]
    let components: [TransformComponent] = [.rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ,
                                            .translationX, .translationY, .translationZ]
    for m in matrices {
      for c in components {
        let changed = m.settingComponent(c, to: m.component(c) + 0.5) != m
        #expect(m.canSetComponent(c) == changed, "\(c) of \(m)")
      }
    }
  }
}
