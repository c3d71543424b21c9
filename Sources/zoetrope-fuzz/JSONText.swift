// SPDX-License-Identifier: Apache-2.0
// JSON text from a JSON value, for the harnesses' read-back checks.

import ZoetropeScene

/// Writes JSON values as compact JSON text: numbers in Swift's shortest
/// round-trip form, strings with every control character escaped.
enum JSONText {
  /// The text of `value`, written without recursion (documents may nest deeply).
  static func write(_ value: JSONValue) -> String {
    enum Step { case value(JSONValue), text(String) }
    var out = ""
    var pending: [Step] = [.value(value)]
    while let step = pending.popLast() {
      switch step {
      case .text(let text): out += text
      case .value(let value):
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int(v)) : String(v)
        case .string(let s): out += Inspection.string(s)
        case .array(let items):
          out += "["
          pending.append(.text("]"))
          for (i, item) in items.enumerated().reversed() {
            pending.append(.value(item))
            if i > 0 { pending.append(.text(",")) }
          }
        case .object(let members):
          out += "{"
          pending.append(.text("}"))
          for (i, member) in members.enumerated().reversed() {
            pending.append(.value(member.value))
            pending.append(.text(Inspection.string(member.key) + ":"))
            if i > 0 { pending.append(.text(",")) }
          }
        }
      }
    }
    return out
  }
}
