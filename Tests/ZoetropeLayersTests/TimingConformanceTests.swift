// SPDX-License-Identifier: Apache-2.0
// Every animation case of timing-cases.json, built with the Swift API.

import Testing
import ZoetropeLayers
import _ZoetropeTestSupport

@Suite("Conformance through the Swift API")
struct TimingConformanceTests {
  @Test(arguments: TimingCase.animationCases)
  func animationCaseMatchesExpectedValue(_ timingCase: TimingCase) throws {
    let (root, probe) = timingCase.makeLayers()
    let tree = LayerTree(root: root)
    let time = try #require(timingCase.inputs["t"]?.double)
    let presentation = PresentationEvaluator(tree).presentation(atTime: time)
    let index = try #require(tree.nodes.indices.last)
    _ = probe
    let actual = TimingCase.probeValue(of: presentation.layers[index].properties, color: timingCase.animatesColor)
    let expected = timingCase.expectedValues
    #expect(actual.count == expected.count)
    for (a, e) in zip(actual, expected) {
      #expect(abs(a - e) <= timingCase.tolerance, "\(timingCase.id): got \(actual), expected \(expected)")
    }
  }

  @Test(arguments: TimingCase.all.filter { $0.kind == "C" })
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
