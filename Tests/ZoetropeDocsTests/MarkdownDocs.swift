// SPDX-License-Identifier: Apache-2.0
// Reads the repository's docs/*.md: fenced examples and the key tables of the scene format.

import Foundation
import Testing
import _ZoetropeTestSupport

/// A fenced code block in a Markdown file.
struct FencedBlock: CustomTestStringConvertible, Sendable {
  /// `docs/scene-format.md`.
  var file: String
  /// The line of the opening fence, 1-based.
  var line: Int
  /// The info string's words: `["json"]`, `["json", "fragment"]`.
  var info: [String]
  /// The block's text, without the fences.
  var text: String

  /// The language, the info string's first word.
  var language: String { info.first ?? "" }
  /// Marked as a deliberate fragment (```json fragment), so not a whole scene.
  var isFragment: Bool { info.contains("fragment") }
  var testDescription: String { "\(file):\(line)" }
}

/// One row of a key table: `| key | type | default | unit | animates | meaning |`.
struct KeyRow: Sendable {
  var key: String
  var cells: [String]
  var line: Int
}

/// The Markdown files under docs/.
enum MarkdownDocs {
  static let folder = Fixtures.packageRoot.appendingPathComponent("docs")

  /// `docs/<name>` for every Markdown file in docs/, sorted.
  static var files: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  static func text(_ file: String) -> String {
    (try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)) ?? ""
  }

  /// Every fenced block of every file in docs/.
  static var blocks: [FencedBlock] {
    files.flatMap { fencedBlocks(in: text($0), file: $0) }
  }

  /// The ```json and ```yaml blocks, fragments included.
  static var sceneBlocks: [FencedBlock] {
    blocks.filter { ["json", "yaml"].contains($0.language) }
  }

  static func fencedBlocks(in text: String, file: String) -> [FencedBlock] {
    var result: [FencedBlock] = []
    var open: (line: Int, info: [String], fence: String)?
    var body: [Substring] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop { $0 == " " }
      if let current = open {
        if trimmed.hasPrefix(current.fence) && trimmed.drop(while: { $0 == "`" }).allSatisfy({ $0 == " " }) {
          result.append(FencedBlock(file: file, line: current.line, info: current.info,
                                    text: body.joined(separator: "\n") + "\n"))
          open = nil
          body = []
        } else {
          body.append(line)
        }
      } else if trimmed.hasPrefix("```") {
        let fence = String(trimmed.prefix { $0 == "`" })
        let info = trimmed.dropFirst(fence.count).split(separator: " ").map(String.init)
        open = (index + 1, info, fence)
      }
    }
    return result
  }

  /// The key tables of a file: the table after each `<!-- keys: NAME -->`
  /// marker, by name. Every row's first cell must be one `` `key` ``.
  static func keyTables(in file: String) -> [String: [KeyRow]] {
    var tables: [String: [KeyRow]] = [:]
    var current: String?
    var sawRows = false
    for (index, line) in text(file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("<!-- keys:") && trimmed.hasSuffix("-->") {
        let name = trimmed.dropFirst("<!-- keys:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
        current = name
        sawRows = false
        tables[name, default: []] = []
        continue
      }
      guard let name = current else { continue }
      if trimmed.hasPrefix("|") {
        sawRows = true
        let cells = trimmed.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
          .map { $0.trimmingCharacters(in: .whitespaces) }
        // Skip the header and the separator row.
        if cells.first == "key" || cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) { continue }
        tables[name, default: []].append(KeyRow(key: cells[0], cells: cells, line: index + 1))
      } else if sawRows || !trimmed.isEmpty {
        current = nil
      }
    }
    return tables
  }
}
