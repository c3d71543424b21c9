// SPDX-License-Identifier: Apache-2.0
// The JSON Schema: docs/scene.schema.json is what the code generates, and it covers every key the decoder takes.

import Foundation
import Testing
import ZoetropeScene
import _ZoetropeTestSupport

@Suite struct SchemaTests {
  @Test func docsSchemaIsTheGeneratedSchema() throws {
    let file = Fixtures.packageRoot.appendingPathComponent("docs/scene.schema.json")
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(committed == SceneSchema.text,
            "docs/scene.schema.json is stale: regenerate it with `swift run zoetrope schema > docs/scene.schema.json`")
  }

  @Test(arguments: SceneSchema.objects.map(\.definition))
  func everyAcceptedKeyHasASchemaEntry(_ definition: String) throws {
    let keys = try #require(SceneSchema.objects.first { $0.definition == definition }).keys
    for key in keys.sorted() {
      #expect(SceneSchema.fragment(for: key, in: definition) != nil, "\(definition).\(key) has no schema fragment")
    }
    // And the schema's object lists exactly those keys.
    let schema = try JSONReader.parse(Array(SceneSchema.text.utf8))
    guard case .object(let properties)? = schema["$defs"]?[definition]?["properties"] else {
      Issue.record("$defs.\(definition) has no properties")
      return
    }
    #expect(Set(properties.map(\.key)) == keys)
    #expect(schema["$defs"]?[definition]?["additionalProperties"] == .bool(false))
  }

  @Test func theDocumentAcceptsSchemaAndNothingUnknown() throws {
    let schema = try JSONReader.parse(Array(SceneSchema.text.utf8))
    guard case .object(let properties)? = schema["properties"] else { Issue.record("no properties"); return }
    #expect(Set(properties.map(\.key)) == SceneDecoder.documentKeys)
    #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
    #expect(schema["patternProperties"]?["^x-"] != nil)
  }

  @Test func serializationIsDeterministicAndSorted() {
    let value: SchemaValue = ["b": [1, 2.5, "é\"\n"], "a": [:], "$c": [], "B": true]
    #expect(value.serialized == """
      {
        "$c": [],
        "B": true,
        "a": {},
        "b": [
          1,
          2.5,
          "é\\"\\n"
        ]
      }

      """)
    #expect(SceneSchema.text == SceneSchema.text)
    #expect(SceneSchema.text.hasSuffix("}\n"))
  }

  @Test func aSceneMayNameItsSchema() throws {
    let json = #"{"$schema": "scene.schema.json", "canvas": {"width": 10, "height": 10}}"#
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    #expect(scene.canvas.width == 10)
  }
}
