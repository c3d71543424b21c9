// SPDX-License-Identifier: Apache-2.0
// YAML input a hostile user writes: alias bombs and tags.

import Testing
import ZoetropeGeometry
@testable import ZoetropeScene

@Suite struct YAMLHardeningTests {
  /// `levels` anchors, each a pair of aliases of the one before: 2^levels values in a few hundred bytes.
  static func aliasBomb(levels: Int) -> String {
    var lines = ["zoetrope: 1", "canvas: {width: 10, height: 10}", "x-bomb:", "  - &a0 [1, 2]"]
    for i in 1...levels { lines.append("  - &a\(i) [*a\(i - 1), *a\(i - 1)]") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Issue 11 defect 1: 40 levels of aliases drove `validate` past 5 GB and
  /// never ended. Now the expansion stops at the budget with an error.
  @Test func aliasBombIsRefusedAtTheBudget() {
    let text = YAMLHardeningTests.aliasBomb(levels: 40)
    #expect(text.utf8.count < 1_000)
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), fileName: "bomb.yaml")
      Issue.record("an alias bomb decoded")
    } catch {
      #expect(error.description.contains("aliases expand the document past \(Limits.maximumYAMLValues) values"),
              "\(error)")
    }
  }

  /// Aliases within the budget still expand (shared styles are what they are for).
  @Test func aliasesWithinTheBudgetExpand() throws {
    let value = try YAMLReader.parse(YAMLHardeningTests.aliasBomb(levels: 10))
    guard case .array(let levels)? = value["x-bomb"], case .array(let last) = levels[10] else {
      Issue.record("no expansion: \(value.compactDescription)")
      return
    }
    func count(_ v: JSONValue) -> Int {
      if case .array(let items) = v { return items.map(count).reduce(0, +) }
      return 1
    }
    #expect(count(.array(last)) == 2 << 10)
  }

  /// Issue 11 defect 12: `!!str 10` became the number 10. The core schema's
  /// tags now decide the type.
  @Test func coreSchemaTagsAreHonoured() throws {
    let value = try YAMLReader.parse("""
      a: !!str 10
      b: !!int "12"
      c: !!float 1
      d: !!bool "true"
      e: !!null ""
      f: ! 3.5
      g: !!seq [1]
      h: !!map {x: 1}
      i: !!int 0x1F
      j: !!int 0o17
      k: 10
      """)
    let json = try JSONReader.parse(Array(#"""
      {"a": "10", "b": 12, "c": 1, "d": true, "e": null, "f": "3.5", "g": [1], "h": {"x": 1}, "i": 31, "j": 15, "k": 10}
      """#.utf8))
    #expect(value == json)
  }

  /// A tag outside the core schema, or a value its tag does not allow, is an
  /// error naming the tag and the line.
  @Test func otherTagsAreErrors() {
    let cases: [(String, String)] = [
      ("a: !!binary aGVsbG8=", "unsupported tag !!binary"),
      ("a: !custom 1", "unsupported tag !custom"),
      ("a: !!set {x: null}", "unsupported tag !!set on a mapping"),
      ("a: !!omap [x: 1]", "unsupported tag !!omap on a sequence"),
      ("a: !!int 1.5", "!!int tags an integer"),
      ("a: !!float abc", "!!float tags a finite number"),
      ("a: !!float .inf", "!!float tags a finite number"),
      ("a: !!bool yes", "!!bool tags true or false"),
      ("a: !!null 0", "!!null tags null"),
      ("a: !!int 0x", "!!int tags an integer"),
      ("a: !!float 1e400", "!!float tags a finite number"),
    ]
    for (text, message) in cases {
      do {
        _ = try YAMLReader.parse(text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.message.contains(message), "\(text): \(error)")
        #expect(error.line == 1, "\(text): \(error)")
      }
    }
  }

  /// A scene whose width is tagged a string says so, at its JSON path.
  @Test func aTaggedStringIsNotANumberInAScene() {
    let text = "zoetrope: 1\ncanvas: {width: !!str 10, height: 10}\n"
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), fileName: "s.yaml")
      Issue.record("decoded")
    } catch {
      #expect(error.description == #"s.yaml: canvas.width: must be a number (got "10")"#)
    }
  }

  /// Issue 34, messages: a YAML file nested past libyaml's limit reported
  /// its internal words ("Maximum nesting level reached, set with
  /// yaml_set_max_nest_level())"). It says what the limit is.
  @Test func deepNestingSaysWhatTheLimitIs() {
    // Block mappings, one inside the other, 100 levels past the limit.
    var text = "zoetrope: 1\ncanvas: {width: 10, height: 10}\nx-deep:\n"
    for level in 1...(YAMLReader.maximumNesting + 100) { text += String(repeating: " ", count: level) + "a:\n" }
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), fileName: "deep.yaml")
      Issue.record("decoded")
    } catch {
      #expect(error.description.contains("lists and mappings nest deeper than 1000 levels, the most a YAML scene may"),
              "\(error)")
      #expect(!error.description.contains("yaml_set_max_nest_level"), "\(error)")
    }
  }
}
