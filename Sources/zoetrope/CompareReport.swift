// SPDX-License-Identifier: Apache-2.0
// `compare --junit` and `--markdown`: the comparisons as a JUnit XML report and a Markdown summary for CI.

import Foundation
import Zoetrope

/// The outcome of `compare` for CI: one test case per image pair, written as
/// JUnit XML (the Ant/Jenkins format GitHub, GitLab and Jenkins read: a
/// `testsuites` root, one `testsuite`, a `testcase` per pair with a `failure`
/// when the images differ) and as a Markdown summary (GitHub's
/// `$GITHUB_STEP_SUMMARY`) linking the images.
///
/// Image paths in the JUnit report are written as given; GitLab and Jenkins
/// attach them through `[[ATTACHMENT|path]]` lines in a case's `system-out`.
/// In the Markdown summary they are relative to the summary's folder, so the
/// summary and the images can be uploaded together.
struct CompareReport {
  /// One image pair and how it came out.
  struct Case {
    /// The file name (a frame of a folder) or the actual image's path.
    var name: String
    var expected: String
    var actual: String
    /// The difference image, when `--diff` wrote one.
    var diff: String?
    var passed: Bool
    /// How the images differ; `nil` when their sizes do (`sizes` says how).
    var difference: ImageDifference?
    var sizes: String?
    /// Seconds spent reading and comparing.
    var seconds: Double
  }

  /// The two sides compared, as given.
  var expected: String
  var actual: String
  var cases: [Case] = []

  var failures: Int { cases.filter { !$0.passed }.count }

  /// How a case's images differ, in one line.
  static func summary(of item: Case) -> String {
    guard let difference = item.difference else { return item.sizes ?? "the sizes differ" }
    let psnr = difference.psnr.isFinite ? String(format: "%.2f dB", difference.psnr) : "∞"
    return "\(difference.differingPixels) of \(difference.pixelCount) pixels differ "
      + "(\(difference.antialiasedPixels) look like anti-aliasing), max channel difference "
      + "\(difference.maximumChannelDifference), PSNR \(psnr)"
  }

  // MARK: JUnit XML

  /// `text` safe in XML character data and attribute values (the five
  /// entities, control characters XML 1.0 cannot hold dropped); line breaks
  /// and tabs kept as they are in `content`, as character references in an
  /// attribute (where a parser would turn them into spaces).
  static func xmlEscaped(_ text: String, content: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\t", "\r": result += content ? String(scalar) : "&#\(scalar.value);"
      default:
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The report as JUnit XML.
  var junit: String {
    func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
    let total = seconds(cases.reduce(0) { $0 + $1.seconds })
    let suite = Self.xmlEscaped("compare \(expected) \(actual)")
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"zoetrope compare\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" "
      + "time=\"\(total)\">\n"
    xml += "  <testsuite name=\"\(suite)\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" "
      + "skipped=\"0\" time=\"\(total)\">\n"
    for item in cases {
      xml += "    <testcase classname=\"zoetrope.compare\" name=\"\(Self.xmlEscaped(item.name))\" "
        + "time=\"\(seconds(item.seconds))\""
      if item.passed {
        xml += "/>\n"
        continue
      }
      xml += ">\n"
      let message = Self.xmlEscaped(Self.summary(of: item))
      xml += "      <failure type=\"ImageDifference\" message=\"\(message)\">"
        + Self.xmlEscaped("expected: \(item.expected)\nactual: \(item.actual)"
          + (item.diff.map { "\ndifferences: \($0)" } ?? ""), content: true) + "</failure>\n"
      let attachments = [item.expected, item.actual] + (item.diff.map { [$0] } ?? [])
      // Each attachment on a line of its own, as Jenkins' and GitLab's readers want.
      xml += "      <system-out>\n" + Self.xmlEscaped(attachments.map { "[[ATTACHMENT|\($0)]]\n" }.joined(), content: true)
        + "      </system-out>\n"
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  // MARK: Markdown

  /// `text` safe in a Markdown table cell.
  static func markdownEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "|", "\\", "`", "*", "_", "[", "]", "<", ">": result += "\\\(character)"
      case "\n", "\r": result += " "
      default: result.append(character)
      }
    }
    return result
  }

  /// `path` as a link target relative to `folder` (both made absolute), with
  /// spaces and parentheses percent-encoded.
  static func link(_ path: String, from folder: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    func absolute(_ p: String) -> [String] {
      let full = p.hasPrefix("/") ? p : cwd + "/" + p
      var parts: [String] = []
      for part in full.split(separator: "/") {
        if part == "." || part.isEmpty { continue }
        if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(String(part)) }
      }
      return parts
    }
    let target = absolute(path), base = absolute(folder)
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let relative = Array(repeating: "..", count: base.count - common) + target[common...]
    let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "()"))
    return relative.joined(separator: "/").addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }

  /// The report as Markdown for a summary written at `path`: a headline, then
  /// a table of the pairs that differ (the first 100) with their images linked.
  func markdown(at path: String) -> String {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let failing = cases.filter { !$0.passed }
    var text = "## zoetrope compare\n\n"
    text += "`\(expected.replacingOccurrences(of: "`", with: "'"))` against "
      + "`\(actual.replacingOccurrences(of: "`", with: "'"))`: "
    text += failing.isEmpty
      ? (cases.isEmpty ? "**no image differs** ✅\n" : "**all \(cases.count) images equal** ✅\n")
      : "**\(failing.count) of \(cases.count) images differ** ❌\n"
    guard !failing.isEmpty else { return text }
    text += "\n| image | differing pixels | max difference | PSNR | images |\n|---|---:|---:|---:|---|\n"
    for item in failing.prefix(100) {
      let figures: String
      if let d = item.difference {
        let psnr = d.psnr.isFinite ? String(format: "%.2f dB", d.psnr) : "∞"
        figures = "\(d.differingPixels) (\(d.antialiasedPixels) anti-aliasing) | \(d.maximumChannelDifference) | \(psnr)"
      } else {
        figures = "\(Self.markdownEscaped(item.sizes ?? "sizes differ")) | | "
      }
      var links = "[expected](\(Self.link(item.expected, from: folder))) · [actual](\(Self.link(item.actual, from: folder)))"
      if let diff = item.diff { links += " · [differences](\(Self.link(diff, from: folder)))" }
      text += "| \(Self.markdownEscaped(item.name)) | \(figures) | \(links) |\n"
    }
    if failing.count > 100 { text += "\n…and \(failing.count - 100) more.\n" }
    return text
  }
}

extension CompareReport {
  /// Writes `text` to `path` under a temporary name, renamed into place when
  /// complete (nothing is left under `path` on a failure).
  static func write(_ text: String, to path: String) throws(MediaError) {
    let destination = AtomicOutput(path: path)
    guard let file = fopen(destination.temporaryPath, "wb") else {
      throw MediaError(path: path, reason: String(cString: strerror(errno)))
    }
    let bytes = Array(text.utf8)
    let written = fwrite(bytes, 1, bytes.count, file)
    let closed = fclose(file) == 0
    try destination.complete(closed && written == bytes.count
      ? .success(()) : .failure(MediaError(path: path, reason: String(cString: strerror(errno)))))
  }
}
