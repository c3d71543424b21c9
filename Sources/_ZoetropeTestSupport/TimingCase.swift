// SPDX-License-Identifier: Apache-2.0
// The conformance cases of Fixtures/Timing/timing-cases.json. Not API.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeScene
import ZoetropeTiming

/// One case of `timing-cases.json` (ca-semantics.md §0.2, §10).
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

  /// Every case of the fixture file, in file order.
  package static let all: [TimingCase] = {
    guard let bytes = try? Fixtures.bytes("Timing/timing-cases.json"),
      let document = try? JSONReader.parse(bytes), case .array(let cases)? = document["cases"]
    else { return [] }
    return cases.compactMap { value in
      guard case .string(let id)? = value["id"], let inputs = value["inputs"],
        let expected = value["expected"]?["value"]
      else { return nil }
      let title: String
      if case .string(let t)? = value["title"] { title = t } else { title = "" }
      return TimingCase(id: id, title: title, inputs: inputs, expected: expected)
    }
  }()

  /// The cases that animate a value on a layer (R, T, V, G, K — not V11).
  package static let animationCases = all.filter { "RTVGK".contains($0.kind) && $0.inputs["t"] != nil }
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
