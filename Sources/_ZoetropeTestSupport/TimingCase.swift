// SPDX-License-Identifier: Apache-2.0
// The conformance cases of Fixtures/Timing/timing-cases.json. Not API.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming

/// One case of `Fixtures/Timing/timing-cases.json` (its format: Fixtures/README.md).
package struct TimingCase: Sendable, CustomStringConvertible {
  /// `R01`, `C02`, …
  package var id: String
  /// One-line description.
  package var title: String
  /// The configuration.
  package var inputs: JSONValue
  /// `expected.value`.
  package var expected: JSONValue

  /// The kind letter: R, T, C, F, S, V, G or K.
  package var kind: Character { id.first ?? "?" }

  package var description: String { "\(id) \(title)" }

  /// The tolerance the issue sets for this kind of case.
  package var tolerance: Double {
    switch kind {
    case "S": 1e-4
    case "F", "K": 1e-5
    default: id == "T11" || id == "T12" ? 1e-5 : 1e-6
    }
  }

  /// Why the cases could not be loaded.
  package struct LoadError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Every case of the fixture file, in file order. Throws when the file is
  /// missing or malformed, or when any case lacks its id, inputs or expected
  /// value: a case is never dropped silently.
  package static func load() throws -> [TimingCase] {
    let bytes = try Fixtures.bytes("Timing/timing-cases.json")
    let document = try JSONReader.parse(bytes)
    guard case .array(let cases)? = document["cases"], !cases.isEmpty else {
      throw LoadError(description: "timing-cases.json has no \"cases\" array")
    }
    return try cases.enumerated().map { index, value in
      guard case .string(let id)? = value["id"], let inputs = value["inputs"],
        let expected = value["expected"]?["value"]
      else { throw LoadError(description: "timing-cases.json: case \(index) lacks an id, inputs or expected.value") }
      let title: String
      if case .string(let t)? = value["title"] { title = t } else { title = "" }
      return TimingCase(id: id, title: title, inputs: inputs, expected: expected)
    }
  }

  /// The cases of one kind letter (`"F"`, `"S"`, `"C"`, …), in file order.
  package static func cases(ofKind kind: Character) throws -> [TimingCase] {
    try load().filter { $0.kind == kind }
  }

  /// The cases that animate a value on a layer (R, T, V, G, K with a time `t`).
  package static func animationCases() throws -> [TimingCase] {
    try load().filter { "RTVGK".contains($0.kind) && $0.inputs["t"] != nil }
  }

  /// The cases that interpolate a transform matrix between two rotations
  /// (V cases without a time: `fromRotationDeg`, `toRotationDeg`, `f`).
  package static func matrixInterpolationCases() throws -> [TimingCase] {
    try load().filter { $0.kind == "V" && $0.inputs["t"] == nil }
  }

  /// How many cases of each kind letter the file holds, counted from its raw
  /// text (every `"id": "X…"`), independently of the loader: suites compare
  /// their argument counts with it.
  package static func rawCount(ofKinds kinds: String) throws -> Int {
    let text = String(decoding: try Fixtures.bytes("Timing/timing-cases.json"), as: UTF8.self)
    var count = 0
    var rest = Substring(text)
    while let range = rest.range(of: "\"id\"") {
      rest = rest[range.upperBound...]
      let value = rest.drop { $0 == " " || $0 == ":" || $0 == "\n" }
      if value.first == "\"", let letter = value.dropFirst().first, kinds.contains(letter) { count += 1 }
    }
    return count
  }
}

extension JSONValue {
  /// The number, if this is one.
  package var double: Double? {
    if case .number(let v) = self { return v }
    return nil
  }

  /// The string, if this is one.
  package var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The elements, if this is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}
