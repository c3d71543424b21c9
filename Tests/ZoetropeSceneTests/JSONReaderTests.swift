// SPDX-License-Identifier: Apache-2.0
// The strict JSON reader: RFC 8259 edges, UTF-8, positions in errors, depth.

import Testing
import ZoetropeScene

@Suite struct JSONReaderTests {
  func parse(_ text: String) throws(JSONReadError) -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

  @Test func valuesAndMemberOrderArePreserved() throws {
    let value = try parse(#"{"b": [1, -2.5e3, true, false, null], "a": "x\"\u00e9\ud83d\ude00"}"#)
    guard case .object(let members) = value else { Issue.record("not an object"); return }
    #expect(members.map(\.key) == ["b", "a"])
    #expect(value["b"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
    #expect(value["a"] == .string("x\"é😀"))
  }

  @Test(arguments: [
    ("[1,]", "expected a value"),
    ("[01]", "leading zeros"),
    ("[.5]", "expected a value"),
    ("[NaN]", "expected a value"),
    ("[1e999]", "number out of range"),
    (#"{"a": 1, "a": 2}"#, "duplicate key"),
    ("[1] [2]", "unexpected text after the document"),
    (#"["\ud800"]"#, "unpaired surrogate"),
    ("{\"a\": \"\t\"}", "control character"),
    ("// comment\n[]", "expected a value"),
    ("", "empty"),
    ("[1, 2", "truncated"),
  ])
  func malformedDocumentsAreRefused(_ text: String, _ message: String) {
    do {
      _ = try parse(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.message.contains(message), "\(error)")
    }
  }

  @Test func errorsCarryLineAndColumn() {
    do {
      _ = try parse("{\n  \"a\": [1,\n  2,,]\n}")
      Issue.record("accepted")
    } catch {
      #expect(error.line == 3 && error.column == 5, "\(error)")
    }
  }

  @Test func invalidUTF8IsRefusedWithItsOffset() {
    do {
      _ = try JSONReader.parse(Array(#"["ab"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8))
      Issue.record("accepted")
    } catch {
      #expect(error.message.contains("invalid UTF-8 at byte 4"), "\(error)")
    }
  }

  @Test func byteOrderMarkIsSkipped() throws {
    #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
  }

  @Test func hundredThousandLevelsDoNotOverflowTheStack() throws {
    let depth = 100_000
    let text = String(repeating: #"{"s":["#, count: depth) + String(repeating: "]}", count: depth)
    let value = try parse(text)
    JSONValue.dismantle(value)
  }

  @Test func compactDescriptionIsShortJSON() throws {
    #expect(try parse("[0, 0.7, 0.4]").compactDescription == "[0, 0.7, 0.4]")
    let long = try parse("[" + Array(repeating: "1234567", count: 30).joined(separator: ",") + "]")
    #expect(long.compactDescription.count == 60 && long.compactDescription.hasSuffix("…"))
  }
}

@Suite struct YAMLReaderTests {
  @Test func yamlMapsToTheSameValuesAsJSON() throws {
    let yaml = try YAMLReader.parse("a: 1\nb: [true, null, \"1\", x, 2.5]\nc: {d: -3}\n")
    let json = try JSONReader.parse(Array(#"{"a": 1, "b": [true, null, "1", "x", 2.5], "c": {"d": -3}}"#.utf8))
    #expect(yaml == json)
  }

  @Test func infinityIsRefused() {
    #expect(throws: JSONReadError.self) { try YAMLReader.parse("a: .inf") }
  }

  @Test func syntaxErrorsHaveALine() {
    do {
      _ = try YAMLReader.parse("a: 1\nb: [1, 2\nc: 3\n")
      Issue.record("accepted")
    } catch {
      #expect(error.line >= 2, "\(error)")
    }
  }

  @Test func duplicateKeysAreRefused() {
    #expect(throws: JSONReadError.self) { try YAMLReader.parse("a: 1\na: 2\n") }
  }
}
