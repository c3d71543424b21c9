// SPDX-License-Identifier: Apache-2.0
// A parsed JSON value, objects in document order.

/// A JSON value. Objects keep their members in document order.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// Always finite.
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in document order; keys are unique.
  case object([JSONMember])
}

/// A member of a JSON object.
package struct JSONMember: Hashable, Sendable {
  /// The key.
  package var key: String
  /// The value.
  package var value: JSONValue
  /// Creates a member.
  package init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }
}

extension JSONValue {
  /// The value of member `key` of an object; `nil` if missing or not an object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// "null", "a boolean", "a number", "a string", "an array" or "an object".
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Short JSON text for messages, such as `[0, 0.7, 0.4]`; cut with "…" past
  /// about 60 characters.
  package var compactDescription: String {
    var out = ""
    describe(into: &out, limit: 60)
    return out.count > 60 ? String(out.prefix(59)) + "…" : out
  }

  private func describe(into out: inout String, limit: Int) {
    guard out.count <= limit else { return }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let v):
      out += v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
    case .string(let s): out += "\"" + (s.count > limit ? String(s.prefix(limit)) : s) + "\""
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += ", " }
        item.describe(into: &out, limit: limit)
        if out.count > limit { return }
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += ", " }
        out += "\"\(member.key)\": "
        member.value.describe(into: &out, limit: limit)
        if out.count > limit { return }
      }
      out += "}"
    }
  }

  /// Releases a value without recursion, so that dropping a document nested
  /// hundreds of thousands of levels deep cannot overflow the stack. Call it on
  /// the last reference of a deep document; it is harmless on any value.
  package static func dismantle(_ value: consuming JSONValue) {
    var pending: [JSONValue] = [value]
    while let next = pending.popLast() {
      switch next {
      case .array(let items): pending.append(contentsOf: items)
      case .object(let members): pending.append(contentsOf: members.map(\.value))
      default: break
      }
    }
  }
}
