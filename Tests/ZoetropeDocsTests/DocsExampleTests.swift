// SPDX-License-Identifier: Apache-2.0
// Every JSON and YAML example in docs/ decodes, without warnings, as the pages say it does.

import Testing
import ZoetropeScene

@Suite struct DocsExampleTests {
  @Test func theDocsHaveExamples() {
    let wholeScenes = MarkdownDocs.sceneBlocks.filter { !$0.isFragment }
    #expect(wholeScenes.count >= 6, "found \(wholeScenes.map(\.testDescription))")
    #expect(wholeScenes.contains { $0.language == "yaml" })
  }

  @Test(arguments: MarkdownDocs.sceneBlocks.filter { !$0.isFragment })
  func exampleDecodesWithoutWarnings(_ block: FencedBlock) {
    let name = "\(block.file):\(block.line).\(block.language)"
    do {
      let scene = try SceneDecoder.decode(Array(block.text.utf8), fileName: name)
      #expect(scene.decodingWarnings.isEmpty, "\(scene.decodingWarnings)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func fragmentsAreMarkedAsSuch() {
    // A block marked as a fragment must really not be a whole scene, or the mark hides a broken example.
    for block in MarkdownDocs.sceneBlocks where block.isFragment {
      let decoded = try? SceneDecoder.decode(Array(block.text.utf8), fileName: "x.\(block.language)")
      #expect(decoded == nil, "\(block.testDescription) is marked as a fragment but decodes as a scene")
    }
  }
}
