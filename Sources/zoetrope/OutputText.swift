// SPDX-License-Identifier: Apache-2.0
// What the commands print: control characters escaped, and a lost write to standard output reported.

// `stdout` is a C global the compiler cannot prove safe; it is only read
// here, on the command's thread, once the command has run.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// `text` with its control characters — C0 (but the line feed, unless
/// `keepingLineFeeds` is false), DEL and C1 — written as `\u001b`, so that a
/// scene value or a file name echoed in a message cannot retitle the
/// terminal, move its cursor or (without line feeds) start a line of its own.
/// Text without them is returned as it is.
func escapingControlCharacters(_ text: String, keepingLineFeeds: Bool = true) -> String {
  func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (value < 0x20 && !(keepingLineFeeds && value == 0x0A)) || (0x7F...0x9F).contains(value)
  }
  guard text.unicodeScalars.contains(where: isControl) else { return text }
  var escaped = ""
  escaped.reserveCapacity(text.utf8.count + 16)
  for scalar in text.unicodeScalars {
    if isControl(scalar) {
      let hex = String(scalar.value, radix: 16)
      escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    } else {
      escaped.unicodeScalars.append(scalar)
    }
  }
  return escaped
}

/// Prints a line of text to standard output with its control characters
/// escaped (``escapingControlCharacters(_:keepingLineFeeds:)``): for lines
/// that name files or echo a scene's values.
func printText(_ line: String) {
  print(escapingControlCharacters(line))
}

/// Standard output, checked once the command has run.
enum StandardOutput {
  /// Flushes standard output; when that or an earlier write to it failed (a
  /// full disk, `/dev/full`, a file-size limit), says so on standard error
  /// and ends the process with exit code 1, since what a reader gets is
  /// incomplete (it used to end with 0 and a truncated or empty file).
  static func checkWritten() {
    let flushed = fflush(stdout) == 0
    let reason = errno
    guard !flushed || ferror(stdout) != 0 else { return }
    // stdio keeps no reason for an earlier failed write, only that one failed.
    let why = flushed ? "a write to it failed" : String(cString: strerror(reason))
    printError("standard output: \(why); what was printed is incomplete")
    exit(1)
  }
}
