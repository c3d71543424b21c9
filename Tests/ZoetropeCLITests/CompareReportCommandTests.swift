// SPDX-License-Identifier: Apache-2.0
// `zoetrope compare --junit/--markdown`: a JUnit report valid against the format's schema (xmllint), one case per
// image pair with the images attached, and a Markdown summary whose links reach the images.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct CompareReportCommandTests {
  /// Folders `expected/` and `actual/` of three frames, `1.png` and `2.png` differing, named awkwardly.
  static func frames() throws -> String {
    let dir = TestFiles.url("compare-report-\(UUID().uuidString)").path
    for side in ["expected", "actual"] {
      try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true)
    }
    for (i, name) in ["0 <a&b>.png", "1.png", "2.png"].enumerated() {
      var pixels = [UInt8](repeating: 200, count: 4 * 8 * 8)
      try RGBAImage(width: 8, height: 8, pixels: pixels).writePNG(to: dir + "/expected/" + name)
      for k in 0..<i { pixels[4 * k] = 0 }
      try RGBAImage(width: 8, height: 8, pixels: pixels).writePNG(to: dir + "/actual/" + name)
    }
    return dir
  }

  static func xmllint(_ arguments: [String]) throws -> CLI.Result {
    try CLI.run(URL(fileURLWithPath: "/usr/bin/xmllint"), arguments)
  }

  /// What an XPath expression evaluates to in the XML file at `path` (xmllint's answer, its newline trimmed).
  static func xpath(_ expression: String, _ path: String) throws -> String {
    let result = try xmllint(["--xpath", expression, path]).standardOutput
    return result.hasSuffix("\n") ? String(result.dropLast()) : result
  }

  @Test func theJUnitReportIsValidAndHasACasePerPairWithItsImages() throws {
    let dir = try Self.frames()
    let result = try CLI.run(["compare", dir + "/expected", dir + "/actual", "--diff", dir + "/diff",
                              "--junit", dir + "/report.xml"])
    #expect(result.status == 1, "\(result.standardError)")
    let schema = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/junit.xsd").path
    let valid = try Self.xmllint(["--noout", "--schema", schema, dir + "/report.xml"])
    try #require(valid.status == 0, "xmllint (Debian's libxml2-utils): \(valid.standardError)")
    func count(_ xpath: String) throws -> String { try Self.xpath(xpath, dir + "/report.xml") }
    #expect(try count("string(/testsuites/@tests)") == "3")
    #expect(try count("string(/testsuites/testsuite/@failures)") == "2")
    #expect(try count("count(//testcase)") == "3")
    #expect(try count("count(//testcase[failure])") == "2")
    #expect(try count("string(//testcase[1]/@name)") == "0 <a&b>.png")
    #expect(try count("count(//testcase[1]/*)") == "0")
    #expect(try count("string(//testcase[3]/failure/@message)").hasPrefix("2 of 64 pixels differ"))
    let attachments = try count("string(//testcase[3]/system-out)").split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(attachments == ["[[ATTACHMENT|\(dir)/expected/2.png]]", "[[ATTACHMENT|\(dir)/actual/2.png]]",
                            "[[ATTACHMENT|\(dir)/diff/2.png]]"])
  }

  @Test func theMarkdownSummaryLinksTheImagesOfThePairsThatDiffer() throws {
    let dir = try Self.frames()
    try FileManager.default.createDirectory(atPath: dir + "/summary", withIntermediateDirectories: true)
    let result = try CLI.run(["compare", dir + "/expected", dir + "/actual", "--diff", dir + "/diff",
                              "--markdown", dir + "/summary/summary.md"])
    #expect(result.status == 1, "\(result.standardError)")
    let text = try String(contentsOfFile: dir + "/summary/summary.md", encoding: .utf8)
    #expect(text.contains("**2 of 3 images differ**"))
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| 1.png") || $0.hasPrefix("| 2.png") }
    #expect(rows.count == 2 && !text.contains("0 <a&b>"), "\(text)")
    // Every link, relative to the summary's folder, reaches the image it names.
    let links = text.matches(of: /\]\(([^)]+)\)/).map { String($0.output.1) }
    #expect(links.count == 6)
    for link in links {
      let path = dir + "/summary/" + (link.removingPercentEncoding ?? link)
      #expect(FileManager.default.fileExists(atPath: path), "\(link)")
    }
    #expect(links.contains("../diff/2.png"))
  }

  @Test func equalImagesGiveAPassingReport() throws {
    let dir = try Self.frames()
    let result = try CLI.run(["compare", dir + "/expected/0 <a&b>.png", dir + "/actual/0 <a&b>.png",
                              "--junit", dir + "/report.xml", "--markdown", dir + "/summary.md"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.xpath("string(/testsuites/@failures)", dir + "/report.xml") == "0")
    #expect(try String(contentsOfFile: dir + "/summary.md", encoding: .utf8).contains("**all 1 images equal**"))
  }

  @Test func reportsNeverReplaceAnInputOrEachOther() throws {
    let dir = try Self.frames()
    let a = dir + "/expected/1.png", b = dir + "/actual/1.png"
    let onInput = try CLI.run(["compare", a, b, "--junit", a])
    #expect(onInput.status == 2 && onInput.standardError.contains("1.png"), "\(onInput.standardError)")
    #expect((try? RGBAImage(contentsOfPNG: a)) != nil)
    let same = try CLI.run(["compare", a, b, "--junit", dir + "/r", "--markdown", dir + "/r"])
    #expect(same.status == 2 && same.standardError.contains("name the same file"))
    let device = try CLI.run(["compare", a, b, "--markdown", "/dev/null"])
    #expect(device.status == 2, "\(device.standardError)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/r"))
  }

  @Test func zoetropeTestingFailuresBecomeAReport() throws {
    // Two failures as ZoetropeTesting leaves them: one that differs, one whose size changed.
    let dir = try Self.frames()
    let artifacts = dir + "/artifacts/zoetrope"
    for (id, actualWidth) in [("1a2b", 8), ("3c4d", 6)] {
      try FileManager.default.createDirectory(atPath: artifacts + "/" + id, withIntermediateDirectories: true)
      try RGBAImage(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 256))
        .writePNG(to: artifacts + "/\(id)/expected.png")
      try RGBAImage(width: actualWidth, height: 8, pixels: [UInt8](repeating: 90, count: 32 * actualWidth))
        .writePNG(to: artifacts + "/\(id)/actual.png")
    }
    try RGBAImage(width: 8, height: 8, pixels: [UInt8](repeating: 0, count: 256)).writePNG(to: artifacts + "/1a2b/diff.png")
    let result = try CLI.run(["compare", "--artifacts", artifacts, "--junit", dir + "/report.xml",
                              "--markdown", dir + "/summary.md"])
    #expect(result.status == 1, "\(result.standardError)")
    let schema = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/junit.xsd").path
    #expect(try Self.xmllint(["--noout", "--schema", schema, dir + "/report.xml"]).status == 0)
    func value(_ xpath: String) throws -> String { try Self.xpath(xpath, dir + "/report.xml") }
    #expect(try value("count(//testcase[failure])") == "2")
    #expect(try value("string(//testcase[@name='3c4d']/failure/@message)") == "the image is 6×8, the reference 8×8")
    #expect(try value("string(//testcase[@name='1a2b']/system-out)").contains("[[ATTACHMENT|\(artifacts)/1a2b/diff.png]]"))
    let text = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
    #expect(text.contains("**2 of 2 images differ**") && text.contains("[differences](artifacts/zoetrope/1a2b/diff.png)"),
            "\(text)")
    // No failure left a folder: a passing report, and a note on standard error.
    let none = try CLI.run(["compare", "--artifacts", dir + "/none", "--markdown", dir + "/none.md"])
    #expect(none.status == 0 && none.standardError.contains("no golden-image test left a failure"))
    #expect(try String(contentsOfFile: dir + "/none.md", encoding: .utf8).contains("**no image differs**"))
    #expect(try CLI.run(["compare", "--artifacts", artifacts, dir + "/expected/1.png"]).status != 0)
  }
}
