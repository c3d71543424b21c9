// SPDX-License-Identifier: Apache-2.0
// Timing functions: named curves, Apple's measured values, the solver's edges.

import Testing
import ZoetropeTiming
import _ZoetropeTestSupport

@Suite struct TimingFunctionTests {
  @Test func everyTimingFunctionCaseIsLoaded() throws {
    #expect(try TimingCase.cases(ofKind: "F").count == TimingCase.rawCount(ofKinds: "F"))
  }

  @Test(arguments: try TimingCase.cases(ofKind: "F"))
  func conformanceCase(_ timingCase: TimingCase) throws {
    let x = try #require(timingCase.inputs["x"]?.double)
    let function: MediaTimingFunction
    if let name = timingCase.inputs["function"]?.stringValue {
      function = MediaTimingFunction(name: try #require(MediaTimingFunctionName(rawValue: name)))
    } else {
      let list = timingCase.inputs["function"]?.arrayValue?.compactMap { $0.double }
      let p = try #require(list)
      function = MediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3])
    }
    let expected = try #require(timingCase.expected.double)
    #expect(abs(function.solve(forInput: x) - expected) <= 1e-5)
  }

  /// Values measured on Apple's framework, within 1e-5.
  @Test(arguments: [
    (MediaTimingFunctionName.easeIn, [0.093465, 0.315357, 0.621861]),
    (.easeOut, [0.378140, 0.684643, 0.906535]),
    (.easeInEaseOut, [0.129162, 0.5, 0.870838]),
  ])
  func namedCurvesMatchAppleMeasurements(_ name: MediaTimingFunctionName, _ expected: [Double]) {
    let function = MediaTimingFunction(name: name)
    for (x, y) in zip([0.25, 0.5, 0.75], expected) {
      #expect(abs(function.solve(forInput: x) - y) <= 1e-5, "\(name) at \(x)")
    }
  }

  @Test func customCurveMatchesAppleMeasurement() {
    let function = MediaTimingFunction(controlPoints: 0.5, 0, 0.5, 1)
    #expect(abs(function.solve(forInput: 0.25) - 0.105889) <= 1e-5)
    #expect(abs(function.solve(forInput: 0.75) - 0.894111) <= 1e-5)
  }

  @Test func inputsOutsideUnitIntervalAreClamped() {
    let function = MediaTimingFunction(name: .easeInEaseOut)
    #expect(function.solve(forInput: -0.5) == 0)
    #expect(function.solve(forInput: 1.5) == 1)
    #expect(function.solve(forInput: .nan) == 0)
  }

  @Test func solverIsExactToOneInTenMillionEverywhere() {
    for name in MediaTimingFunctionName.allCases {
      let f = MediaTimingFunction(name: name)
      let cx = 3 * f.c1x, bx = 3 * (f.c2x - f.c1x) - cx, ax = 1 - cx - bx
      let cy = 3 * f.c1y, by = 3 * (f.c2y - f.c1y) - cy, ay = 1 - cy - by
      // Sample the curve by its parameter and check the solver inverts x(t).
      for i in 0...1000 {
        let t = Double(i) / 1000
        let x = ((ax * t + bx) * t + cx) * t, y = ((ay * t + by) * t + cy) * t
        #expect(abs(f.solve(forInput: x) - y) < 1e-7, "\(name) at t=\(t)")
      }
    }
  }

  @Test func controlPointsAreIndexedAsCoreAnimation() {
    let f = MediaTimingFunction(name: .default)
    #expect(f.controlPoint(at: 0) == (0, 0))
    #expect(f.controlPoint(at: 1) == (0.25, 0.1))
    #expect(f.controlPoint(at: 2) == (0.25, 1))
    #expect(f.controlPoint(at: 3) == (1, 1))
  }

  @Test func controlPointXIsClampedSoTheCurveStaysAFunction() {
    let f = MediaTimingFunction(controlPoints: -1, 0, 2, 1)
    #expect(f.c1x == 0 && f.c2x == 1)
  }
}
