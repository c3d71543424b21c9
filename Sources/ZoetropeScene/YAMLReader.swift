// SPDX-License-Identifier: Apache-2.0
// YAML scene files, read through Yams into the same JSONValue as JSON files.

import Yams

/// Reads a YAML document with the structure of the JSON form (through Yams).
///
/// Scalars resolve as YAML 1.2's core schema: `null`/`~`/empty, `true`/`false`,
/// integers and floats become numbers (`.inf` and `.nan` are refused: scene
/// numbers are finite), anything else — and every quoted scalar — is a string.
package enum YAMLReader {
  /// Parses one YAML document; several documents, non-scalar keys and
  /// duplicate keys are errors.
  package static func parse(_ text: String) throws(JSONReadError) -> JSONValue {
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
    // Iterative: an explicit stack of containers being filled (classes, so
    // appending never copies what was gathered so far).
    final class Container {
      var items: [JSONValue] = []
      var members: [JSONMember] = []
      var remainingItems: [Node] = []
      var remainingPairs: [(Node, Node)] = []
      var key = ""
      var keys: Set<String> = []
      let isMapping: Bool
      init(isMapping: Bool) { self.isMapping = isMapping }
    }
    func error(_ message: String, _ node: Node) -> JSONReadError {
      JSONReadError(message: message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
    func key(_ node: Node) throws(JSONReadError) -> String {
      guard case .scalar(let scalar) = node else { throw error("mapping keys must be plain strings", node) }
      return scalar.string
    }
    var stack: [Container] = []
    var current = node
    while true {
      var result: JSONValue
      switch current {
      case .scalar(let scalar):
        result = try scalarValue(scalar, current)
      case .sequence(let sequence):
        let items = Array(sequence)
        if let first = items.first {
          let container = Container(isMapping: false)
          container.remainingItems = items.dropFirst().reversed()
          stack.append(container)
          current = first
          continue
        }
        result = .array([])
      case .mapping(let mapping):
        let pairs = mapping.map { ($0.key, $0.value) }
        if let (k, v) = pairs.first {
          let container = Container(isMapping: true)
          container.key = try key(k)
          container.keys = [container.key]
          container.remainingPairs = pairs.dropFirst().reversed()
          stack.append(container)
          current = v
          continue
        }
        result = .object([])
      case .alias:
        throw error("unresolved alias", current)
      }
      // Attach and close finished containers.
      while let container = stack.last {
        if container.isMapping {
          container.members.append(JSONMember(key: container.key, value: result))
          if let (k, v) = container.remainingPairs.popLast() {
            let name = try key(k)
            if container.keys.contains(name) { throw error("duplicate key \"\(name)\"", k) }
            container.keys.insert(name)
            container.key = name
            current = v
            break
          }
          result = .object(container.members)
        } else {
          container.items.append(result)
          if let next = container.remainingItems.popLast() {
            current = next
            break
          }
          result = .array(container.items)
        }
        stack.removeLast()
      }
      if stack.isEmpty { return result }
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
