// SPDX-License-Identifier: Apache-2.0
// YAML scene files, read through Yams into the same JSONValue as JSON files.

import Yams
import ZoetropeGeometry

/// Reads a YAML document with the structure of the JSON form (through Yams).
///
/// Scalars resolve as YAML 1.2's core schema: `null`/`~`/empty, `true`/`false`,
/// integers and floats become numbers (`.inf` and `.nan` are refused: scene
/// numbers are finite), anything else — and every quoted scalar — is a string.
/// The core schema's tags are honoured (`!!str 10` is the string "10",
/// `!!float "1.5"` the number; `!!seq`, `!!map`, `!!null`, `!!bool`, `!!int`
/// and the non-specific `!` too); any other tag (`!!binary`, `!!set`,
/// `!custom`) is an error, never silently ignored.
///
/// Aliases (`*name`) repeat their anchored value; a document may expand to at
/// most ``Limits/maximumYAMLValues`` values (or ``Limits/yamlValuesPerByte``
/// per byte of the text, when more), so that a kilobyte of aliases of
/// aliases cannot stand for billions of values.
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
    let perByte = Limits.yamlValuesPerByte.multipliedReportingOverflow(by: text.utf8.count)
    let budget = Swift.min(Swift.max(Limits.maximumYAMLValues, perByte.overflow ? .max : perByte.partialValue),
                           Limits.maximumSceneValues)
    return try value(node, budget: budget, bytes: text.utf8.count)
  }

  /// The deepest nesting libyaml reads (its `MAX_NESTING_LEVEL`).
  static let maximumNesting = 1000

  private static func convert(_ error: YamlError) -> JSONReadError {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
      // libyaml's words name its own C function; say what the limit is.
      if problem.hasPrefix("Maximum nesting level reached") {
        return JSONReadError(message: "lists and mappings nest deeper than \(maximumNesting) levels, the most a YAML "
          + "scene may (a JSON scene may nest deeper)", line: mark.line, column: mark.column)
      }
      return JSONReadError(message: problem, line: mark.line, column: mark.column)
    case .composer(_, let problem, let mark, _):
      return JSONReadError(message: problem, line: mark.line, column: mark.column)
    default:
      return JSONReadError(message: "\(error)", line: 1, column: 1)
    }
  }

  /// The value of `node` with its aliases expanded, refusing more than
  /// `budget` values (`bytes`: the size of the text, for the message).
  private static func value(_ node: Node, budget: Int, bytes: Int) throws(JSONReadError) -> JSONValue {
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
    var count = 0
    while true {
      count += 1
      if count > budget {
        throw error(budget == Limits.maximumSceneValues
          ? "the document holds more than \(budget) values (Limits.maximumSceneValues)"
          : "aliases expand the document past \(budget) values, the most a YAML file of \(bytes) bytes may hold "
            + "(each alias repeats the whole value it names)", current)
      }
      var result: JSONValue
      switch current {
      case .scalar(let scalar):
        result = try scalarValue(scalar, current)
      case .sequence(let sequence):
        try checkCollectionTag(sequence.tag, allowed: .seq, current)
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
        try checkCollectionTag(mapping.tag, allowed: .map, current)
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

  static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]
  static let trueWords: Set<String> = ["true", "True", "TRUE"]
  static let falseWords: Set<String> = ["false", "False", "FALSE"]

  /// A tag as written: `!!name` for the core schema's, the full name otherwise.
  static func written(_ tag: Tag) -> String {
    let name = tag.description
    let core = "tag:yaml.org,2002:"
    return name.hasPrefix(core) ? "!!" + name.dropFirst(core.count) : name
  }

  /// Refuses a tag on a sequence or mapping other than its own kind's or `!`.
  private static func checkCollectionTag(_ tag: Tag, allowed: Tag.Name, _ node: Node) throws(JSONReadError) {
    let name = tag.description
    guard name == Tag.Name.implicit.rawValue || name == Tag.Name.nonSpecific.rawValue || name == allowed.rawValue else {
      throw JSONReadError(message: "unsupported tag \(written(tag)) on a \(allowed == .seq ? "sequence" : "mapping"); "
        + "scene files use YAML's core schema (!!str, !!int, !!float, !!bool, !!null, !!seq, !!map)",
        line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
  }

  private static func scalarValue(_ scalar: Node.Scalar, _ node: Node) throws(JSONReadError) -> JSONValue {
    let text = scalar.string
    func failure(_ message: String) -> JSONReadError {
      JSONReadError(message: message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
    let tag = scalar.tag.description
    if tag != Tag.Name.implicit.rawValue {
      return try taggedValue(text, tag: scalar.tag, failure: failure)
    }
    if scalar.style != .plain { return .string(text) }
    if nullWords.contains(text) { return .null }
    if trueWords.contains(text) { return .bool(true) }
    if falseWords.contains(text) { return .bool(false) }
    let lowered = text.lowercased()
    if [".inf", "+.inf", "-.inf", ".nan"].contains(lowered) {
      throw failure("\(text) is not a finite number")
    }
    if let first = text.unicodeScalars.first, "+-.0123456789".unicodeScalars.contains(first),
      let number = Double(text), number.isFinite
    {
      return .number(number)
    }
    if text.hasPrefix("0x"), let n = Int(text.dropFirst(2), radix: 16) { return .number(Double(n)) }
    return .string(text)
  }

  /// A scalar with an explicit tag: the core schema's forms for each.
  private static func taggedValue(_ text: String, tag: Tag, failure: (String) -> JSONReadError)
    throws(JSONReadError) -> JSONValue
  {
    switch tag.description {
    case Tag.Name.nonSpecific.rawValue, Tag.Name.str.rawValue:
      return .string(text)
    case Tag.Name.null.rawValue:
      guard nullWords.contains(text) else { throw failure("!!null tags null, ~ or nothing (got \"\(text)\")") }
      return .null
    case Tag.Name.bool.rawValue:
      if trueWords.contains(text) { return .bool(true) }
      if falseWords.contains(text) { return .bool(false) }
      throw failure("!!bool tags true or false (got \"\(text)\")")
    case Tag.Name.int.rawValue:
      guard let number = coreInteger(text) else {
        throw failure("!!int tags an integer such as 10, -3, 0o17 or 0x1F (got \"\(text)\")")
      }
      return .number(number)
    case Tag.Name.float.rawValue:
      guard let number = coreFloat(text) else {
        throw failure("!!float tags a finite number such as 1.5 or -2e3 (got \"\(text)\")")
      }
      return .number(number)
    default:
      throw failure("unsupported tag \(written(tag)); scene files use YAML's core schema (!!str, !!int, !!float, "
        + "!!bool, !!null, !!seq, !!map)")
    }
  }

  /// A core-schema integer (`[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`) as a
  /// number; `nil` for anything else or past the largest finite Double.
  static func coreInteger(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    func all(_ slice: ArraySlice<UInt8>, _ digit: (UInt8) -> Bool) -> Bool { !slice.isEmpty && slice.allSatisfy(digit) }
    let decimal = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
    if bytes.count > 2, bytes[0] == 0x30, bytes[1] == 0x6F {  // 0o
      guard all(bytes[2...], { $0 >= 0x30 && $0 <= 0x37 }) else { return nil }
      return Int(text.dropFirst(2), radix: 8).map(Double.init)
    }
    if bytes.count > 2, bytes[0] == 0x30, bytes[1] == 0x78 {  // 0x
      guard all(bytes[2...], { decimal($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else { return nil }
      return Int(text.dropFirst(2), radix: 16).map(Double.init)
    }
    let sign = bytes.first == 0x2B || bytes.first == 0x2D ? 1 : 0
    guard all(bytes[sign...], decimal), let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// A finite core-schema float (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`); `nil` otherwise.
  static func coreFloat(_ text: String) -> Double? {
    var bytes = Array(text.utf8)[...]
    let digit = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
    if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
    let whole = bytes.prefix(while: digit).count
    bytes = bytes.dropFirst(whole)
    var fraction = 0
    if bytes.first == 0x2E {
      bytes = bytes.dropFirst()
      fraction = bytes.prefix(while: digit).count
      bytes = bytes.dropFirst(fraction)
    }
    guard whole + fraction > 0 else { return nil }
    if bytes.first == 0x65 || bytes.first == 0x45 {
      bytes = bytes.dropFirst()
      if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
      let exponent = bytes.prefix(while: digit).count
      guard exponent > 0 else { return nil }
      bytes = bytes.dropFirst(exponent)
    }
    guard bytes.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
  }
}
