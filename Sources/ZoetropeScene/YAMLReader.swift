// SPDX-License-Identifier: Apache-2.0
// YAML scene files, read through Yams into the same JSONValue as JSON files.

import Yams

/// Reads a YAML document with the structure of the JSON form (through Yams).
///
/// Scalars resolve as YAML 1.2's core schema: `null`/`~`/empty, `true`/`false`,
/// integers and floats become numbers (`.inf` and `.nan` are refused: scene
/// numbers are finite), anything else — and every quoted scalar — is a string.
public enum YAMLReader {
  /// Parses one YAML document; several documents, non-scalar keys and
  /// duplicate keys are errors.
  public static func parse(_ text: String) throws(JSONReadError) -> JSONValue {
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw convert(error)
    } catch {
      throw JSONReadError(message: "\(error)", line: 1, column: 1)
    }
    guard let node else { throw JSONReadError(message: "the file is empty; expected a YAML document", line: 1, column: 1) }
    return try value(node)
  }

  private static func convert(_ error: YamlError) -> JSONReadError {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
      return JSONReadError(message: problem, line: mark.line, column: mark.column)
    case .composer(_, let problem, let mark, _):
      return JSONReadError(message: problem, line: mark.line, column: mark.column)
    default:
      return JSONReadError(message: "\(error)", line: 1, column: 1)
    }
  }

  private static func value(_ node: Node) throws(JSONReadError) -> JSONValue {
    // Iterative: explicit stack of containers being filled.
    enum Frame {
      case sequence([JSONValue], remaining: [Node])
      case mapping([JSONMember], remaining: [(Node, Node)], key: String, keys: Set<String>)
    }
    func error(_ message: String, _ node: Node) -> JSONReadError {
      JSONReadError(message: message, line: (node.mark?.line ?? 0) + 0, column: node.mark?.column ?? 0)
    }
    func key(_ node: Node) throws(JSONReadError) -> String {
      guard case .scalar(let scalar) = node else { throw error("mapping keys must be plain strings", node) }
      return scalar.string
    }
    var stack: [Frame] = []
    var current: Node? = node
    while true {
      var result: JSONValue
      if let node = current {
        switch node {
        case .scalar(let scalar):
          result = try scalarValue(scalar, node)
        case .sequence(let sequence):
          var items = Array(sequence)
          if items.isEmpty {
            result = .array([])
          } else {
            let first = items.removeFirst()
            stack.append(.sequence([], remaining: items.reversed()))
            current = first
            continue
          }
        case .mapping(let mapping):
          var pairs = Array(mapping.map { ($0.key, $0.value) })
          if pairs.isEmpty {
            result = .object([])
          } else {
            let (k, v) = pairs.removeFirst()
            let name = try key(k)
            stack.append(.mapping([], remaining: pairs.reversed(), key: name, keys: [name]))
            current = v
            continue
          }
        case .alias:
          throw error("unresolved alias", node)
        }
      } else {
        result = .null
      }
      // Attach and close finished containers.
      while true {
        guard let frame = stack.popLast() else { return result }
        switch frame {
        case .sequence(var items, var remaining):
          items.append(result)
          if let next = remaining.popLast() {
            stack.append(.sequence(items, remaining: remaining))
            current = next
          } else {
            result = .array(items)
            continue
          }
        case .mapping(var members, var remaining, let name, var keys):
          members.append(JSONMember(key: name, value: result))
          if let (k, v) = remaining.popLast() {
            let nextName = try key(k)
            if keys.contains(nextName) { throw error("duplicate key \"\(nextName)\"", k) }
            keys.insert(nextName)
            stack.append(.mapping(members, remaining: remaining, key: nextName, keys: keys))
            current = v
          } else {
            result = .object(members)
            continue
          }
        }
        break
      }
    }
  }

  private static func scalarValue(_ scalar: Node.Scalar, _ node: Node) throws(JSONReadError) -> JSONValue {
    let text = scalar.string
    if scalar.style != .plain { return .string(text) }
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    default: break
    }
    let lowered = text.lowercased()
    if [".inf", "+.inf", "-.inf", ".nan"].contains(lowered) {
      throw JSONReadError(message: "\(text) is not a finite number", line: (node.mark?.line ?? 1),
                          column: node.mark?.column ?? 1)
    }
    if let first = text.unicodeScalars.first, "+-.0123456789".unicodeScalars.contains(first),
      let number = Double(text), number.isFinite
    {
      return .number(number)
    }
    if text.hasPrefix("0x"), let n = Int(text.dropFirst(2), radix: 16) { return .number(Double(n)) }
    return .string(text)
  }
}
