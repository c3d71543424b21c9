// SPDX-License-Identifier: Apache-2.0
// A request's head, read within bounds: the request line and the headers, nothing else.

/// The request line and headers of an HTTP/1.1 request, parsed from at most
/// ``PreviewLimits/maximumHeadBytes`` bytes.
///
/// The preview server parses heads itself rather than through FlyingFox's
/// `HTTPServer`, whose decoder reads a header line of any length and any
/// number of headers, for as long as the client takes.
package struct HTTPRequestHead: Sendable {
  /// `GET`, `HEAD`, `POST`, … as sent (methods are case-sensitive).
  package var method: String
  /// The path, percent-decoded, without the query.
  package var path: String
  /// The query's parameters, percent-decoded (`+` is a space); a repeated name keeps its last value.
  package var query: [String: String]
  /// The headers, names in lower case, in order.
  package var headers: [(name: String, value: String)]
  /// `HTTP/1.1` or `HTTP/1.0`.
  package var version: String

  /// The last value of header `name` (lower case), or `nil`.
  package func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }

  /// Whether the client wants the connection kept open after the response.
  package var keepsAlive: Bool {
    let connection = header("connection")?.lowercased() ?? ""
    return version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
  }

  /// Why a head could not be read: each maps to the status the server answers with.
  package enum Problem: Error, Equatable {
    /// Over ``PreviewLimits/maximumHeadBytes`` or ``PreviewLimits/maximumHeaderCount`` (431).
    case tooLarge
    /// Not an HTTP/1.x request head (400), with the reason.
    case malformed(String)
  }

  /// The index just past the blank line that ends a head in `bytes`, or `nil` while there is none.
  package static func end(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    var i = 0
    while i + 3 < bytes.count {
      if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i + 4 }
      i += 1
    }
    return nil
  }

  /// Parses a head (the bytes up to and including its blank line).
  package static func parse(_ bytes: ArraySlice<UInt8>) throws(Problem) -> HTTPRequestHead {
    guard bytes.count <= PreviewLimits.maximumHeadBytes else { throw .tooLarge }
    // Only visible ASCII, spaces, tabs and line ends: no NUL, no bytes past 0x7E.
    for byte in bytes where !(byte >= 0x20 && byte < 0x7F) && byte != 9 && byte != 10 && byte != 13 {
      throw .malformed("a byte that is not printable ASCII")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")
    while lines.last == "" { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformed("no request line") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isUppercase }) else {
      throw .malformed("the request line is not METHOD TARGET VERSION")
    }
    let version = String(parts[2])
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .malformed("only HTTP/1.0 and 1.1 are served") }
    let target = String(parts[1])
    guard target.hasPrefix("/") else { throw .malformed("the target is not a path") }
    let split = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = percentDecoded(String(split[0]), plusIsSpace: false) else { throw .malformed("a bad %-escape") }
    var query: [String: String] = [:]
    if split.count == 2 {
      for pair in split[1].split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = percentDecoded(String(kv[0]), plusIsSpace: true),
          let value = percentDecoded(kv.count == 2 ? String(kv[1]) : "", plusIsSpace: true)
        else { throw .malformed("a bad %-escape") }
        query[name] = value
      }
    }
    let headerLines = lines.dropFirst()
    guard headerLines.count <= PreviewLimits.maximumHeaderCount else { throw .tooLarge }
    var headers: [(name: String, value: String)] = []
    for line in headerLines {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw .malformed("a header line without a name")
      }
      let name = line[..<colon]
      guard !name.contains(" "), !name.contains("\t") else { throw .malformed("a header name with a space") }
      let value = line[line.index(after: colon)...].trimmingSpaces
      headers.append((name.lowercased(), value))
    }
    return HTTPRequestHead(method: String(parts[0]), path: path, query: query, headers: headers, version: version)
  }

  /// `text` with %XX escapes (and, in a query, `+`) decoded; `nil` for a bad
  /// escape or bytes that are not UTF-8.
  static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard utf8.count >= 2, let hi = hexValue(utf8.popFirst()!), let lo = hexValue(utf8.popFirst()!) else {
          return nil
        }
        bytes.append(hi << 4 | lo)
      } else if byte == UInt8(ascii: "+"), plusIsSpace {
        bytes.append(UInt8(ascii: " "))
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 65...70: byte - 55
    case 97...102: byte - 87
    default: nil
    }
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = self[...]
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return String(s)
  }
}
