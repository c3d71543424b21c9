// SPDX-License-Identifier: Apache-2.0
// docs/api.md lists exactly the public types of the public modules.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite struct APIDocsTests {
  /// The modules whose public types make up the API.
  static let publicModules = [
    "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropeText", "ZoetropeMedia",
    "ZoetropeScene", "ZoetropePixels", "ZoetropeImages", "Zoetrope", "ZoetropeVideo", "ZoetropeTesting",
    "ZoetropeQuartzCore",
  ]

  /// Every top-level `public` (or `open`) class, struct, enum, protocol, actor or typealias
  /// declared in the modules' sources, by name.
  static func publicTypes() throws -> Set<String> {
    var names = Set<String>()
    let pattern = try NSRegularExpression(
      pattern: #"^(?:public|open)\s+(?:final\s+)?(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
      options: [.anchorsMatchLines])
    for module in publicModules {
      let folder = Fixtures.packageRoot.appendingPathComponent("Sources/\(module)")
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
      #expect(!files.isEmpty, "no sources in \(module)")
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          names.insert((text as NSString).substring(with: match.range(at: 1)))
        }
      }
    }
    return names
  }

  /// The type names in the first column of docs/api.md's tables.
  static func documentedTypes() throws -> Set<String> {
    let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/api.md"), encoding: .utf8)
    var names = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let firstColumn = line.dropFirst(2).prefix { $0 != "|" }
      for part in firstColumn.split(separator: "`").enumerated() where part.offset % 2 == 0 && !part.element.contains(",") {
        let name = part.element.trimmingCharacters(in: .whitespaces)
        if !name.isEmpty { names.insert(name) }
      }
    }
    return names
  }

  @Test func everyPublicTypeIsListedInTheAPIDocs() throws {
    let missing = try Self.publicTypes().subtracting(Self.documentedTypes())
    #expect(missing.isEmpty, "public types missing from docs/api.md: \(missing.sorted())")
  }

  @Test func theAPIDocsListNoTypeThatIsGone() throws {
    let gone = try Self.documentedTypes().subtracting(Self.publicTypes())
    #expect(gone.isEmpty, "docs/api.md lists types that are not public: \(gone.sorted())")
  }
}
