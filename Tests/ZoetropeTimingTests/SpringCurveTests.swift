// SPDX-License-Identifier: Apache-2.0
// Springs: settling durations measured on Apple, critical clamping, perceptual parameters.

import Testing
import ZoetropeTiming
import _ZoetropeTestSupport

@Suite struct SpringCurveTests {
  @Test func everySpringCaseIsLoaded() throws {
    #expect(try TimingCase.cases(ofKind: "S").count == TimingCase.rawCount(ofKinds: "S"))
  }

  @Test(arguments: try TimingCase.cases(ofKind: "S"))
  func conformanceCase(_ timingCase: TimingCase) throws {
    let inputs = timingCase.inputs
    if let duration = inputs["perceptualDuration"]?.double, let bounce = inputs["bounce"]?.double {
      let spring = SpringCurve(perceptualDuration: duration, bounce: bounce)
      let expected = timingCase.expected
      #expect(abs(spring.mass - (expected["mass"]?.double ?? .nan)) <= 1e-4)
      #expect(abs(spring.stiffness - (expected["stiffness"]?.double ?? .nan)) <= 1e-4)
      #expect(abs(spring.damping - (expected["damping"]?.double ?? .nan)) <= 1e-4)
      #expect(abs(spring.dampingRatio - (expected["dampingRatio"]?.double ?? .nan)) <= 1e-4)
      #expect(spring.allowsOverdamping)
      return
    }
    let spring = SpringCurve(mass: inputs["mass"]?.double ?? 1, stiffness: inputs["stiffness"]?.double ?? 100,
                             damping: inputs["damping"]?.double ?? 10,
                             initialVelocity: inputs["initialVelocity"]?.double ?? 0)
    let expected = try #require(timingCase.expected.double)
    let actual: Double
    if let t = inputs["t"]?.double {
      actual = spring.progress(at: t)
    } else if let epsilon = inputs["epsilon"]?.double {
      actual = spring.duration(forEpsilon: epsilon)
    } else {
      actual = spring.settlingDuration
    }
    #expect(abs(actual - expected) <= 1e-4, "\(timingCase.id): \(actual)")
  }

  /// Every settling duration that was measured on Apple's framework, to the last bits
  /// (how the test builds stiffness and damping from a response moves an ulp or two).
  @Test func settlingDurationsReproduceAppleMeasurements() {
    func response(_ ratio: Double, _ response: Double) -> SpringCurve {
      let omega = 2 * Double.pi / response
      return SpringCurve(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
    }
    #expect(abs(response(0.8, 0.5).settlingDuration - 0.7714094006693448) < 1e-12)
    #expect(abs(response(0.3, 1.5).settlingDuration - 5.71461784505134) < 1e-12)
    let unit = SpringCurve(mass: 1, stiffness: 1, damping: 1, initialVelocity: 0.1)
    #expect(abs(unit.duration(forEpsilon: 0.1) - 5.364617037842078) < 1e-12)
    #expect(abs(unit.duration(forEpsilon: 0.005) - 11.35608158495006) < 1e-12)
    #expect(abs(response(0.6, 0.5).duration(forEpsilon: 0.005) - 0.7769325148649515) < 1e-12)
    #expect(abs(response(0.7, 0.6).duration(forEpsilon: 0.005) - 0.8159891974978289) < 1e-12)
    let critical = response(1, 1)
    #expect(critical.duration(forEpsilon: 0.01) == 1.0999999999999999)
    #expect(critical.duration(forEpsilon: 0.02) == 0.9999999999999999)
    #expect(critical.duration(forEpsilon: 0.05) == 0.7999999999999999)
  }

  @Test func appleDocumentationExamples() {
    #expect(abs(SpringCurve(damping: 5).settlingDuration - 2.855) < 1e-3)
    #expect(abs(SpringCurve(damping: 15).settlingDuration - 1.022) < 1e-3)
    #expect(abs(SpringCurve().settlingDuration - 1.4727) < 1e-4)
  }

  @Test func springStartsAtZeroAndSettlesOnOne() {
    for spring in [SpringCurve(), SpringCurve(damping: 20), SpringCurve(damping: 40, allowsOverdamping: true)] {
      #expect(abs(spring.progress(at: 0)) < 1e-12)
      #expect(abs(spring.progress(at: spring.settlingDuration + 5) - 1) < 1e-3)
    }
  }

  @Test func undampedSpringNeverSettles() {
    #expect(SpringCurve(damping: 0).settlingDuration == .infinity)
    #expect(SpringCurve(mass: 0).settlingDuration == .infinity)
  }

  @Test func perceptualParametersRoundTrip() {
    let spring = SpringCurve(perceptualDuration: 0.8, bounce: 0.25)
    #expect(abs(spring.perceptualDuration - 0.8) < 1e-12)
    #expect(abs(spring.bounce - 0.25) < 1e-12)
    let overdamped = SpringCurve(perceptualDuration: 0.8, bounce: -0.4)
    #expect(abs(overdamped.bounce + 0.4) < 1e-12)
  }
}
