// SPDX-License-Identifier: Apache-2.0
// A strict RFC 8259 JSON reader over UTF-8 bytes: iterative, so depth costs no stack.

import ZoetropeGeometry

/// Why a JSON document could not be read, with the line and column (1-based,
/// column counted in bytes) of the offending byte.
package struct JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package var message: String
  /// 1-based line.
  package var line: Int
  /// 1-based column, in bytes.
  package var column: Int

  /// Creates an error.
  package init(message: String, line: Int, column: Int) {
    self.message = message
    self.line = line
    self.column = column
  }

  /// `line L, column C: message`.
  package var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON documents strictly (RFC 8259): no comments, trailing commas,
/// `NaN`, leading zeros or unescaped control characters; UTF-8 validated;
/// duplicate keys refused; numbers correctly rounded and finite. Containers are
/// kept on an explicit stack, so nesting depth is limited only by memory; a
/// document of more than ``Limits/maximumSceneValues`` values is refused.
package enum JSONReader {
  /// Parses one complete document (a leading UTF-8 byte-order mark is
  /// skipped) of at most `maximumValues` values.
  package static func parse(_ bytes: [UInt8], maximumValues: Int = Limits.maximumSceneValues)
    throws(JSONReadError) -> JSONValue
  {
    var reader = Reader(bytes: bytes, maximumValues: maximumValues)
    return try reader.document()
  }
}

private struct Reader {
  let bytes: [UInt8]
  let maximumValues: Int
  var index = 0

  init(bytes: [UInt8], maximumValues: Int) {
    self.bytes = bytes
    self.maximumValues = maximumValues
  }

  /// A container being filled. A class, so appending never copies the
  /// elements gathered so far (an enum payload would be copied on every append).
  final class Container {
    let isObject: Bool
    var items: [JSONValue] = []
    var members: [JSONMember] = []
    var key = ""
    var keys: Set<String> = []
    init(isObject: Bool) { self.isObject = isObject }
  }

  func error(_ message: String, at offset: Int? = nil) -> JSONReadError {
    let offset = Swift.min(offset ?? index, bytes.count)
    var line = 1, lineStart = 0
    for i in 0..<offset where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return JSONReadError(message: message, line: line, column: offset - lineStart + 1)
  }

  var atEnd: Bool { index >= bytes.count }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "the end of the file" }
    let b = bytes[index]
    if b >= 0x20 && b < 0x7F { return "\"\(String(decoding: [b], as: UTF8.self))\"" }
    return "byte 0x\(String(b, radix: 16))"
  }

  mutating func document() throws(JSONReadError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    if atEnd { throw error("the file is empty; expected a JSON document") }
    var stack: [Container] = []
    var count = 0
    while true {
      // Read one value (or open a container).
      count += 1
      if count > maximumValues {
        throw error("the document holds more than \(maximumValues) values"
          + (maximumValues == Limits.maximumSceneValues ? " (Limits.maximumSceneValues)" : ""))
      }
      skipWhitespace()
      guard !atEnd else { throw error("unexpected end of file (truncated?)") }
      var value: JSONValue
      switch bytes[index] {
      case 0x7B:  // {
        index += 1
        skipWhitespace()
        if !atEnd && bytes[index] == 0x7D {
          index += 1
          value = .object([])
        } else {
          let container = Container(isObject: true)
          container.key = try memberKey(existing: [])
          container.keys.insert(container.key)
          stack.append(container)
          continue
        }
      case 0x5B:  // [
        index += 1
        skipWhitespace()
        if !atEnd && bytes[index] == 0x5D {
          index += 1
          value = .array([])
        } else {
          stack.append(Container(isObject: false))
          continue
        }
      case 0x22: value = .string(try string())
      case 0x74: try literal("true"); value = .bool(true)
      case 0x66: try literal("false"); value = .bool(false)
      case 0x6E: try literal("null"); value = .null
      case 0x2D, 0x30...0x39: value = .number(try number())
      default:
        throw error("expected a value (found \(describeCurrent()))")
      }
      // Attach it, closing every container that ends here.
      while let container = stack.last {
        skipWhitespace()
        guard !atEnd else { throw error("unexpected end of file (truncated?)") }
        let b = bytes[index]
        if container.isObject {
          container.members.append(JSONMember(key: container.key, value: value))
          if b == 0x2C {
            index += 1
            container.key = try memberKey(existing: container.keys)
            container.keys.insert(container.key)
            break
          } else if b == 0x7D {
            index += 1
            value = .object(container.members)
            container.members = []
            stack.removeLast()
          } else {
            throw error("expected ',' or '}' in an object (found \(describeCurrent()))")
          }
        } else {
          container.items.append(value)
          if b == 0x2C {
            index += 1
            break
          } else if b == 0x5D {
            index += 1
            value = .array(container.items)
            container.items = []
            stack.removeLast()
          } else {
            throw error("expected ',' or ']' in an array (found \(describeCurrent()))")
          }
        }
      }
      if stack.isEmpty {
        skipWhitespace()
        guard atEnd else { throw error("unexpected text after the document (found \(describeCurrent()))") }
        return value
      }
    }
  }

  /// `"key" :` — the key of the next member.
  mutating func memberKey(existing: Set<String>) throws(JSONReadError) -> String {
    skipWhitespace()
    guard !atEnd else { throw error("unexpected end of file (truncated?)") }
    guard bytes[index] == 0x22 else { throw error("expected a string key in an object (found \(describeCurrent()))") }
    let start = index
    let key = try string()
    if existing.contains(key) { throw error("duplicate key \"\(key)\"", at: start) }
    skipWhitespace()
    guard !atEnd else { throw error("unexpected end of file (truncated?)") }
    guard bytes[index] == 0x3A else { throw error("expected ':' after an object key (found \(describeCurrent()))") }
    index += 1
    return key
  }

  mutating func literal(_ word: String) throws(JSONReadError) {
    let expected = Array(word.utf8)
    let count = expected.count
    guard index + count <= bytes.count, bytes[index..<(index + count)].elementsEqual(expected) else {
      throw error("expected a value (found \(describeCurrent()))")
    }
    index += count
  }

  mutating func number() throws(JSONReadError) -> Double {
    let start = index
    func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    if bytes[index] == 0x2D { index += 1 }
    guard !atEnd, digit(bytes[index]) else { throw error("expected a digit in a number") }
    if bytes[index] == 0x30 {
      index += 1
      if !atEnd && digit(bytes[index]) { throw error("numbers cannot have leading zeros") }
    } else {
      while !atEnd && digit(bytes[index]) { index += 1 }
    }
    if !atEnd && bytes[index] == 0x2E {
      index += 1
      guard !atEnd, digit(bytes[index]) else { throw error("expected a digit after the decimal point") }
      while !atEnd && digit(bytes[index]) { index += 1 }
    }
    if !atEnd && (bytes[index] == 0x65 || bytes[index] == 0x45) {
      index += 1
      if !atEnd && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
      guard !atEnd, digit(bytes[index]) else { throw error("expected a digit in the exponent") }
      while !atEnd && digit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw error("number out of range: \(text)", at: start)
    }
    return value
  }

  /// A string literal starting at the opening quote; validates UTF-8.
  mutating func string() throws(JSONReadError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let b = bytes[index]
      if b == 0x22 {
        let slice = bytes[start..<index]
        guard let text = String(validating: slice, as: UTF8.self) else {
          throw error("invalid UTF-8 at byte \(firstInvalidUTF8(start, index))", at: firstInvalidUTF8(start, index))
        }
        index += 1
        return text
      }
      if b == 0x5C { break }
      if b < 0x20 { throw error("control character in a string (escape it)") }
      index += 1
    }
    var scalars: [UInt8] = Array(bytes[start..<index])
    while true {
      guard index < bytes.count else { throw error("unexpected end of file inside a string (truncated?)") }
      let b = bytes[index]
      if b == 0x22 {
        index += 1
        guard let text = String(validating: scalars, as: UTF8.self) else {
          throw error("invalid UTF-8 in a string", at: start)
        }
        return text
      }
      if b < 0x20 { throw error("control character in a string (escape it)") }
      if b != 0x5C {
        scalars.append(b)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { throw error("unexpected end of file inside a string (truncated?)") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case 0x22: scalars.append(0x22)
      case 0x5C: scalars.append(0x5C)
      case 0x2F: scalars.append(0x2F)
      case 0x62: scalars.append(0x08)
      case 0x66: scalars.append(0x0C)
      case 0x6E: scalars.append(0x0A)
      case 0x72: scalars.append(0x0D)
      case 0x74: scalars.append(0x09)
      case 0x75:
        var code = try hex4()
        if code >= 0xD800 && code < 0xDC00 {
          guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else {
            throw error("unpaired surrogate \\u\(String(code, radix: 16)) in a string")
          }
          index += 2
          let low = try hex4()
          guard low >= 0xDC00 && low < 0xE000 else { throw error("unpaired surrogate in a string") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if code >= 0xDC00 && code < 0xE000 {
          throw error("unpaired surrogate \\u\(String(code, radix: 16)) in a string")
        }
        scalars.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
      default:
        throw error("invalid escape \\\(String(decoding: [escape], as: UTF8.self)) in a string", at: index - 2)
      }
    }
  }

  mutating func hex4() throws(JSONReadError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("unexpected end of file in a \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw error("expected four hexadecimal digits after \\u")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  /// The offset of the first byte that breaks UTF-8 in `start..<end`.
  func firstInvalidUTF8(_ start: Int, _ end: Int) -> Int {
    var i = start
    while i < end {
      let b = bytes[i]
      let length: Int
      switch b {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return i
      }
      guard i + length <= end,
        String(validating: bytes[i..<(i + length)], as: UTF8.self) != nil
      else { return i }
      i += length
    }
    return start
  }
}
