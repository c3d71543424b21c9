// SPDX-License-Identifier: Apache-2.0
// The conformance cases of Fixtures/Timing/timing-cases.json. Not API.

import Zoetrope

/// One case of `Fixtures/Timing/timing-cases.json` (its format: Fixtures/README.md).
public struct TimingCase: Sendable, CustomStringConvertible {
  /// `R01`, `C02`, …
  public var id: String
  /// One-line description.
  public var title: String
  /// The configuration.
  public var inputs: JSONValue
  /// `expected.value`.
  public var expected: JSONValue

  /// The kind letter: R, T, C, F, S, V, G or K.
  public var kind: Character { id.first ?? "?" }

  public var description: String { "\(id) \(title)" }

  /// The tolerance the issue sets for this kind of case.
  public var tolerance: Double {
    switch kind {
    case "S": 1e-4
    case "F", "K": 1e-5
    default: id == "T11" || id == "T12" ? 1e-5 : 1e-6
    }
  }

  /// Every case of the fixture file, in file order.
  public static let all: [TimingCase] = {
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
  public static let animationCases = all.filter { "RTVGK".contains($0.kind) && $0.inputs["t"] != nil }
}

extension JSONValue {
  /// The number, if this is one.
  public var double: Double? {
    if case .number(let v) = self { return v }
    return nil
  }

  /// The string, if this is one.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}
