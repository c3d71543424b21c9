// SPDX-License-Identifier: Apache-2.0
// Births under animated rates: where they fall, that they stay put from frame to frame, and the budget's youngest.

import Foundation
import Testing
import Zoetrope
import ZoetropeLayers

@Suite struct EmitterBirthTests {
  /// A point emitter whose one cell (`"dot"`) has no randomness.
  func emitter(birthRate: Double = 4, lifetime: Double = 1) -> EmitterLayer {
    let layer = EmitterLayer()
    layer.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    var cell = EmitterCell()
    cell.name = "dot"
    cell.birthRate = birthRate
    cell.lifetime = lifetime
    cell.velocity = 10
    cell.contents = EmitterTests.dot
    layer.emitterCells = [cell]
    return layer
  }

  func particles(_ layer: Layer, at time: Double, budget: Int = Limits.maximumParticlesPerFrame) -> [Particle] {
    let root = Layer()
    root.addSublayer(layer)
    return PresentationEvaluator(LayerTree(root: root)).presentation(atTime: time).particles(of: 1, budget: budget)
  }

  /// A rate going linearly from 0 to 8 a second over 2 s has integrated
  /// 2·t² births by t; birth k is where that count reaches k + 1 (to within
  /// the 1/240 s steps the rate is held over).
  @Test func birthsUnderALinearRateFallWhereItsIntegralCrossesKPlusAHalf() {
    let layer = emitter(lifetime: 100)
    let ramp = BasicAnimation(keyPath: "emitterCells.dot.birthRate")
    ramp.fromValue = 0
    ramp.toValue = 8
    ramp.duration = 2
    layer.add(ramp, forKey: nil)
    let births = particles(layer, at: 1.9).map(\.birthTime)
    #expect(births.count == 7, "2·1.9² = 7.22 births by 1.9 s")
    for (k, birth) in births.enumerated() {
      let exact = ((Double(k) + 1) / 2).squareRoot()
      #expect(abs(birth - exact) < 1.0 / 240, "birth \(k) at \(birth), the integral crosses at \(exact)")
    }
  }

  /// The rate is sampled on a grid from the start that does not depend on
  /// the frame's time, so a particle born under an animated rate is born at
  /// the same instant in every frame that shows it.
  @Test func aBirthUnderAnAnimatedRateStaysPutFromFrameToFrame() {
    let layer = emitter(birthRate: 30, lifetime: 100)
    let wobble = KeyframeAnimation(keyPath: "birthRate")
    wobble.values = [.number(1), .number(3), .number(0.5), .number(2)]
    wobble.duration = 1.7
    wobble.repeatCount = .infinity
    layer.add(wobble, forKey: nil)
    let first = particles(layer, at: 1.0).map(\.birthTime)
    var earlier = first
    for time in [1.0013, 1.0021, 1.37, 2.5, 4.0] {
      let later = particles(layer, at: time).map(\.birthTime)
      #expect(Array(later.prefix(earlier.count)) == earlier, "at \(time)")
      earlier = later
    }
    #expect(earlier.count > first.count + 100)
  }

  /// Past the budget, the youngest particles are drawn, whether the rate is
  /// animated or not; a rate of 10⁹ a second costs no more to work out than
  /// one of 1 (births are counted in runs, not one by one).
  @Test func pastTheBudgetAnAnimatedRateKeepsTheYoungest() {
    let layer = emitter(lifetime: 1e6)
    let flood = BasicAnimation(keyPath: "emitterCells.dot.birthRate")
    flood.fromValue = 1e9
    flood.toValue = 1e9
    flood.duration = 100
    layer.add(flood, forKey: nil)
    let kept = particles(layer, at: 10, budget: 1000)
    #expect(kept.count == 1000)
    #expect(kept.allSatisfy { $0.birthTime > 10 - 1e-5 }, "the last 1000 of 10⁹ a second are born in the last µs")
    #expect(kept.map(\.birthTime) == kept.map(\.birthTime).sorted())
  }
}
