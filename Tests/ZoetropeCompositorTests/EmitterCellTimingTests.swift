// SPDX-License-Identifier: Apache-2.0
// A cell's CAMediaTiming: when it emits (beginTime, duration, repeats, autoreverses), how fast (speed), pre-warming (timeOffset).

import Foundation
import Testing
import Zoetrope
import ZoetropeLayers

@Suite struct EmitterCellTimingTests {
  /// The birth times at `time` of a point emitter's one cell: 10 a second,
  /// living 100 s, with `timing` changed as `configure` says.
  func births(at time: Double, _ configure: (inout Timing) -> Void) -> [Double] {
    let layer = EmitterLayer()
    var cell = EmitterCell()
    cell.birthRate = 10
    cell.lifetime = 100
    cell.contents = EmitterTests.dot
    configure(&cell.timing)
    layer.emitterCells = [cell]
    let root = Layer()
    root.addSublayer(layer)
    return PresentationEvaluator(LayerTree(root: root)).presentation(atTime: time).particles(of: 1).map(\.birthTime)
  }

  func near(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
  }

  @Test func theDefaultTimingEmitsForEverFromTheLayersTimeZero() {
    #expect(near(births(at: 0.55) { _ in }, [0.1, 0.2, 0.3, 0.4, 0.5]))
  }

  /// `beginTime` 0.5 and `duration` 0.3: births 0.1 s apart from 0.5 s, and
  /// none at 0.8 s, where the half-open window ends.
  @Test func beginTimeAndDurationMakeTheWindow() {
    #expect(births(at: 0.45) { $0.beginTime = 0.5; $0.duration = 0.3 }.isEmpty)
    #expect(near(births(at: 5) { $0.beginTime = 0.5; $0.duration = 0.3 }, [0.6, 0.7]))
  }

  @Test func repeatCountRepeatDurationAndAutoreversesLengthenIt() {
    #expect(births(at: 5) { $0.duration = 0.3; $0.repeatCount = 2 }.count == 5, "0.6 s")
    #expect(births(at: 5) { $0.duration = 0.3; $0.repeatDuration = 0.45 }.count == 4, "0.45 s")
    #expect(births(at: 5) { $0.duration = 0.3; $0.autoreverses = true }.count == 5, "there and back, 0.6 s")
    #expect(births(at: 5) { $0.duration = 0.3; $0.repeatCount = 2; $0.autoreverses = true }.count == 11, "1.2 s")
  }

  /// The cell's time runs `|speed|` times as fast: twice the births, and
  /// the window (0.3 s of its own time) half as long; 0 never emits.
  @Test func speedMultipliesTheRateAndShortensTheWindow() {
    #expect(near(births(at: 0.26) { $0.speed = 2 }, [0.05, 0.1, 0.15, 0.2, 0.25]))
    #expect(near(births(at: 5) { $0.speed = 2; $0.duration = 0.3 }, [0.05, 0.1]),
            "its 0.3 s last 0.15 s of the layer's: 3 births' worth, the one at the end not made")
    #expect(births(at: 0.26) { $0.speed = -2 } == births(at: 0.26) { $0.speed = 2 }, "backwards time passes too")
    #expect(births(at: 5) { $0.speed = 0 }.isEmpty)
  }

  /// A `timeOffset` of 0.5 s starts the cell as if it had emitted for half
  /// a second: at `beginTime` its particles are there, born before it —
  /// and before `beginTime` none shows.
  @Test func timeOffsetPrewarmsTheCell() {
    #expect(births(at: 0.9) { $0.beginTime = 1; $0.timeOffset = 0.5 }.isEmpty)
    #expect(near(births(at: 1) { $0.beginTime = 1; $0.timeOffset = 0.5 }, [0.6, 0.7, 0.8, 0.9, 1]))
  }

  /// A filled cell's time stands still, and still time emits nothing.
  @Test(arguments: [FillMode.removed, .forwards, .backwards, .both])
  func fillModeChangesNothing(_ fill: FillMode) {
    let expected = births(at: 2) { $0.beginTime = 0.5; $0.duration = 0.3 }
    #expect(births(at: 2) { $0.beginTime = 0.5; $0.duration = 0.3; $0.fillMode = fill } == expected)
  }

  /// The fireworks of Apple's sample code: a rocket living 1.02 s whose
  /// sub-cell `burst` has a `birthRate` of 1 bursts once, at the end of
  /// its travel (age 1 s, where the count reaches 1), where the rocket is.
  @Test func aSubCellsBirthRateOfOneFiresWhenItsParentHasLivedASecond() {
    let layer = EmitterLayer()
    layer.emitterPosition = Point(x: 100, y: 300)
    var rocket = EmitterCell()
    rocket.birthRate = 1
    rocket.lifetime = 1.02
    rocket.velocity = 380
    rocket.emissionLongitude = -.pi / 2
    rocket.yAcceleration = 75
    var burst = EmitterCell()
    burst.birthRate = 1
    burst.lifetime = 0.35
    burst.contents = EmitterTests.dot
    rocket.emitterCells = [burst]
    layer.emitterCells = [rocket]
    let root = Layer()
    root.addSublayer(layer)
    let particles = PresentationEvaluator(LayerTree(root: root)).presentation(atTime: 2.2).particles(of: 1)
    #expect(particles.count == 1, "the rocket (no image) is gone; its one burst shows")
    let b = particles[0]
    #expect(abs(b.birthTime - 2) < 1e-9, "the rocket was born at 1 s, the burst at its age 1 s")
    #expect(abs(b.x - 100) < 1e-6 && abs(b.y - (300 - 380 + 0.5 * 75)) < 1e-6, "where the rocket was at 1 s")
  }
}
