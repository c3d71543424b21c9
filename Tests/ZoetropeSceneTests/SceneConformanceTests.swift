// SPDX-License-Identifier: Apache-2.0
// Every animation case of timing-cases.json again, through generated scene files.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming
import _ZoetropeTestSupport

@Suite("Conformance through scene files")
struct SceneConformanceTests {
  @Test(arguments: try TimingCase.animationCases())
  func generatedSceneMatchesExpectedValue(_ timingCase: TimingCase) throws {
    let json = timingCase.sceneJSON()
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "\(timingCase.id).json")
    let tree = scene.snapshot()
    let index = try #require(tree.index(named: "probe"))
    let time = try #require(timingCase.inputs["t"]?.double)
    let presentation = PresentationEvaluator(tree).presentation(atTime: time)
    let actual = TimingCase.probeValue(of: presentation.layers[index].properties, color: timingCase.animatesColor)
    let expected = timingCase.expectedValues
    try #require(actual.count == expected.count, "\(timingCase.id): got \(actual), expected \(expected)")
    for (a, e) in zip(actual, expected) {
      #expect(abs(a - e) <= timingCase.tolerance, "\(timingCase.id): got \(actual), expected \(expected)\n\(json)")
    }
  }

  @Test func swiftAPIAndSceneFileGiveTheSamePresentation() throws {
    for timingCase in try TimingCase.animationCases() {
      let (root, _) = timingCase.makeLayers()
      let swiftTree = LayerTree(root: root)
      let sceneTree = try SceneDecoder.decode(Array(timingCase.sceneJSON().utf8), fileName: "case.json").snapshot()
      let time = timingCase.inputs["t"]?.double ?? 0
      for t in [0, time / 2, time, time + 0.5] {
        let a = PresentationEvaluator(swiftTree).presentation(atTime: t).layers.last!
        let b = PresentationEvaluator(sceneTree).presentation(atTime: t).layers.last!
        #expect(a.localTime == b.localTime, "\(timingCase.id) at \(t)")
        #expect(a.properties.position.x == b.properties.position.x, "\(timingCase.id) at \(t)")
        #expect(a.properties.backgroundColor == b.properties.backgroundColor, "\(timingCase.id) at \(t)")
      }
    }
  }
}
