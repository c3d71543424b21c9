// SPDX-License-Identifier: Apache-2.0
// Every animation case of timing-cases.json, built with the Swift API.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import _ZoetropeTestSupport

@Suite("Conformance through the Swift API")
struct TimingConformanceTests {
  /// Every case of the file is run by exactly one conformance test: the
  /// animation cases here and through scene files, the matrix-interpolation
  /// cases, the conversions here, the timing functions and springs in
  /// ZoetropeTimingTests. Counted from the raw file, so a case the loader or
  /// a filter dropped fails here.
  @Test func everyCaseOfTheFileIsRunByOneSuite() throws {
    let all = try TimingCase.load()
    #expect(all.count == (try TimingCase.rawCount(ofKinds: "RTVGKCFS")))
    let partitions = [try TimingCase.animationCases(), try TimingCase.matrixInterpolationCases(),
                      try TimingCase.cases(ofKind: "C"), try TimingCase.cases(ofKind: "F"),
                      try TimingCase.cases(ofKind: "S")]
    #expect(partitions.map(\.count).reduce(0, +) == all.count)
    #expect(Set(partitions.joined().map(\.id)) == Set(all.map(\.id)))
  }

  @Test(arguments: try TimingCase.animationCases())
  func animationCaseMatchesExpectedValue(_ timingCase: TimingCase) throws {
    let (root, probe) = timingCase.makeLayers()
    let tree = LayerTree(root: root)
    let time = try #require(timingCase.inputs["t"]?.double)
    let presentation = PresentationEvaluator(tree).presentation(atTime: time)
    let index = try #require(tree.nodes.indices.last)
    _ = probe
    let actual = TimingCase.probeValue(of: presentation.layers[index].properties, color: timingCase.animatesColor)
    let expected = timingCase.expectedValues
    try #require(actual.count == expected.count, "\(timingCase.id): got \(actual), expected \(expected)")
    for (a, e) in zip(actual, expected) {
      #expect(abs(a - e) <= timingCase.tolerance, "\(timingCase.id): got \(actual), expected \(expected)")
    }
  }

  /// A whole-matrix `transform` animation between two rotations, sampled at
  /// progress `f`: the matrices are decomposed and the rotation takes the
  /// shorter arc (0° → 270° passes −45° halfway).
  @Test(arguments: try TimingCase.matrixInterpolationCases())
  func matrixInterpolationCaseMatchesExpectedRotation(_ timingCase: TimingCase) throws {
    let from = try #require(timingCase.inputs["fromRotationDeg"]?.double) * .pi / 180
    let to = try #require(timingCase.inputs["toRotationDeg"]?.double) * .pi / 180
    let f = try #require(timingCase.inputs["f"]?.double)
    let expected = try #require(timingCase.expected.double)
    let layer = Layer()
    let spin = BasicAnimation(keyPath: timingCase.inputs["keyPath"]?.stringValue ?? "transform")
    spin.fromValue = .transform(.rotation(angle: from, x: 0, y: 0, z: 1))
    spin.toValue = .transform(.rotation(angle: to, x: 0, y: 0, z: 1))
    spin.duration = 1
    layer.add(spin, forKey: "spin")
    let presented = PresentationEvaluator(LayerTree(root: layer)).presentation(atTime: f).layers[0].properties
    let degrees = presented.transform.component(.rotationZ) * 180 / .pi
    #expect(abs(degrees - expected) <= 1e-6, "\(timingCase.id): got \(degrees)°, expected \(expected)°")
  }

  @Test(arguments: try TimingCase.cases(ofKind: "C"))
  func convertTimeMatchesMeasuredValue(_ timingCase: TimingCase) throws {
    let chain = try #require(timingCase.inputs["chain"]?.arrayValue)
    let layers = chain.map { timing -> Layer in
      let layer = Layer()
      layer.beginTime = timing["beginTime"]?.double ?? 0
      layer.speed = timing["speed"]?.double ?? 1
      layer.timeOffset = timing["timeOffset"]?.double ?? 0
      return layer
    }
    for (parent, child) in zip(layers, layers.dropFirst()) { parent.addSublayer(child) }
    let named = ["root": layers[0], "mid": layers[1], "leaf": layers[2]]
    let call = try #require(timingCase.inputs["call"]?.stringValue)
    // "leaf.convertTime(10, from: mid)"
    let target = try #require(named[String(call.prefix { $0 != "." })])
    let arguments = call.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
    let parts = arguments.split(separator: ",").map { $0.trimmingCharacters(in: " ") }
    let time = try #require(Double(parts[0]))
    let direction = parts[1].prefix { $0 != ":" }
    let otherName = parts[1].drop { $0 != ":" }.dropFirst().trimmingCharacters(in: " ")
    let other = named[otherName]
    let actual = direction == "from" ? target.convertTime(time, from: other) : target.convertTime(time, to: other)
    let expected = try #require(timingCase.expected.double)
    #expect(abs(actual - expected) <= timingCase.tolerance, "\(timingCase.id): got \(actual)")
  }

  @Test func convertTimeRoundTripsThroughEveryLayer() {
    let root = Layer(), mid = Layer(), leaf = Layer()
    mid.beginTime = 2; mid.speed = 3; mid.timeOffset = 0.25
    leaf.beginTime = 1; leaf.speed = -0.5; leaf.timeOffset = 0.5
    root.addSublayer(mid)
    mid.addSublayer(leaf)
    for t in stride(from: -5.0, through: 5, by: 0.37) {
      let there = leaf.convertTime(t, from: root)
      #expect(abs(root.convertTime(there, from: leaf) - t) < 1e-9)
      #expect(abs(leaf.convertTime(leaf.convertTime(t, to: nil), from: nil) - t) < 1e-9)
    }
  }

  @Test func convertTimeThroughPausedLayerIsNaN() {
    let root = Layer(), paused = Layer()
    paused.speed = 0
    root.addSublayer(paused)
    #expect(paused.convertTime(1, to: nil).isNaN)
  }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var s = Substring(self)
    while s.first == set { s.removeFirst() }
    while s.last == set { s.removeLast() }
    return String(s)
  }
}
