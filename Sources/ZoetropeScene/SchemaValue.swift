// SPDX-License-Identifier: Apache-2.0
// A JSON value for writing the scene schema, serialized deterministically.

/// A JSON value built in code and written deterministically: object keys
/// sorted by code point, two-space indentation, `": "` after keys, a newline
/// at the end — the layout of Python's `json.dumps(indent=2, sort_keys=True)`,
/// with non-ASCII characters written as they are.
package indirect enum SchemaValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// Finite; integers are written without a decimal point.
  case number(Double)
  case string(String)
  case array([SchemaValue])
  /// Keys are unique; their order does not matter (they are written sorted).
  case object([String: SchemaValue])

  /// The text of the value, ending with a newline.
  package var serialized: String {
    var out = ""
    write(into: &out, indent: 0)
    return out + "\n"
  }

  private func write(into out: inout String, indent: Int) {
    let inner = String(repeating: " ", count: indent + 2), outer = String(repeating: " ", count: indent)
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let v):
      out += v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
    case .string(let s): out += Inspection.string(s)
    case .array(let items):
      guard !items.isEmpty else { out += "[]"; return }
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        item.write(into: &out, indent: indent + 2)
        out += i == items.count - 1 ? "\n" : ",\n"
      }
      out += outer + "]"
    case .object(let members):
      guard !members.isEmpty else { out += "{}"; return }
      out += "{\n"
      let keys = members.keys.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
      for (i, key) in keys.enumerated() {
        out += inner
        out += Inspection.string(key)
        out += ": "
        members[key]!.write(into: &out, indent: indent + 2)
        out += i == keys.count - 1 ? "\n" : ",\n"
      }
      out += outer + "}"
    }
  }
}

extension SchemaValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(integerLiteral value: Int) { self = .number(Double(value)) }
  package init(floatLiteral value: Double) { self = .number(value) }
  package init(arrayLiteral elements: SchemaValue...) { self = .array(elements) }
  package init(dictionaryLiteral elements: (String, SchemaValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// A dictionary of fragments (a literal the type checker reads quickly).
  package static func table(_ entries: [String: SchemaValue]) -> [String: SchemaValue] { entries }

  /// The member `key` of an object, or `nil`.
  package subscript(key: String) -> SchemaValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}
