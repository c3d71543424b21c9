// SPDX-License-Identifier: Apache-2.0
// The key tables of docs/scene-format.md list exactly the keys the decoder accepts.

import Testing
import ZoetropeAnimation
import ZoetropeLayers
import ZoetropeScene

@Suite struct DocsKeyTableTests {
  static let file = "docs/scene-format.md"
  static let tables = MarkdownDocs.keyTables(in: file)
  static let columns = ["key", "type", "default", "unit", "animates", "meaning"]

  /// The union of the named tables' keys; records duplicates (a key in two tables of one kind).
  static func keys(_ names: [String]) -> Set<String> {
    var result: Set<String> = []
    for name in names {
      guard let rows = tables[name] else {
        Issue.record("\(file) has no key table <!-- keys: \(name) -->")
        continue
      }
      for row in rows {
        let key = row.key.trimmingCharacters(in: ["`"])
        #expect(row.key == "`\(key)`", "\(file):\(row.line): the key cell must be one `key`")
        #expect(!result.contains(key), "\(file):\(row.line): \(key) is listed twice for one kind")
        result.insert(key)
      }
    }
    return result
  }

  /// What each kind of object is documented by, and what the decoder accepts for it.
  static let kinds: [(name: String, tables: [String], accepted: Set<String>)] = [
    ("document", ["document"], SceneDecoder.documentKeys),
    ("canvas", ["canvas"], SceneDecoder.canvasKeys),
    ("plain layer", ["layer", "timing"], SceneDecoder.layerKeys(for: .layer)),
    ("shape layer", ["layer", "timing", "shape"], SceneDecoder.layerKeys(for: .shape)),
    ("gradient layer", ["layer", "timing", "gradient"], SceneDecoder.layerKeys(for: .gradient)),
    ("text layer", ["layer", "timing", "text"], SceneDecoder.layerKeys(for: .text)),
    ("replicator layer", ["layer", "timing", "replicator"], SceneDecoder.layerKeys(for: .replicator)),
    ("emitter layer", ["layer", "timing", "emitter"], SceneDecoder.layerKeys(for: .emitter)),
    ("basic animation", ["timing", "animation", "property-animation", "basic"], SceneDecoder.animationKeys(for: .basic)),
    ("keyframe animation", ["timing", "animation", "property-animation", "keyframe"],
     SceneDecoder.animationKeys(for: .keyframe)),
    ("spring animation", ["timing", "animation", "property-animation", "basic", "spring"],
     SceneDecoder.animationKeys(for: .spring)),
    ("group", ["timing", "animation", "group"], SceneDecoder.animationKeys(for: .group)),
    ("transition", ["timing", "animation", "transition"], SceneDecoder.transitionAnimationKeys),
    ("transform operation", ["transform-operation"], SceneDecoder.transformOperationKeys),
    ("path shape", ["shape-path"], SceneDecoder.shapePathKeys),
    ("arc", ["arc"], SceneDecoder.arcKeys),
  ]

  @Test(arguments: kinds.map(\.name))
  func tablesListExactlyTheAcceptedKeys(_ kind: String) {
    let entry = Self.kinds.first { $0.name == kind }!
    let documented = Self.keys(entry.tables)
    let missing = entry.accepted.subtracting(documented).sorted()
    let extra = documented.subtracting(entry.accepted).sorted()
    #expect(missing.isEmpty, "\(kind): the decoder accepts \(missing), which \(Self.file) does not list")
    #expect(extra.isEmpty, "\(kind): \(Self.file) lists \(extra), which the decoder does not accept")
  }

  @Test func everyTableIsDocumentedByAKind() {
    let used = Set(Self.kinds.flatMap(\.tables))
    #expect(Set(Self.tables.keys) == used, "tables without a kind: \(Set(Self.tables.keys).subtracting(used))")
  }

  @Test func everyRowFillsEveryColumn() {
    for (name, rows) in Self.tables {
      #expect(!rows.isEmpty, "table \(name) has no rows")
      for row in rows {
        #expect(row.cells.count == Self.columns.count, "\(Self.file):\(row.line): \(row.cells.count) columns")
        #expect(row.cells.allSatisfy { !$0.isEmpty }, "\(Self.file):\(row.line): an empty cell")
      }
    }
  }

  /// The animates column says yes exactly for the layer keys that are animatable key paths.
  @Test func animatesColumnMatchesTheKeyPaths() {
    for name in ["layer", "timing", "shape", "gradient", "text", "replicator"] {
      for row in Self.tables[name] ?? [] where row.cells.count == Self.columns.count {
        let key = row.key.trimmingCharacters(in: ["`"])
        let animatable = AnimatableKeyPath(key) != nil
        #expect(row.cells[4] == (animatable ? "yes" : "no"),
                "\(Self.file):\(row.line): \(key) animates: \(animatable ? "yes" : "no")")
      }
    }
    for name in ["document", "canvas", "animation", "property-animation", "basic", "keyframe", "spring", "group",
                 "transform-operation", "shape-path", "arc"] {
      for row in Self.tables[name] ?? [] where row.cells.count == Self.columns.count {
        #expect(row.cells[4] == "no", "\(Self.file):\(row.line): only layer properties animate")
      }
    }
  }

  @Test func everyAnimatableKeyPathIsNamedOnThePage() {
    let text = MarkdownDocs.text(Self.file)
    // The page lists the transform components once, for transform, sublayerTransform and instanceTransform alike.
    for keyPath in AnimatableKeyPath.allKeyPathStrings
    where !keyPath.hasPrefix("sublayerTransform.") && !keyPath.hasPrefix("instanceTransform.") {
      let short = keyPath.split(separator: ".").last.map { "." + $0 } ?? ""
      #expect(text.contains("`\(keyPath)`") || text.contains("`\(short)`"), "\(keyPath) is not on \(Self.file)")
    }
  }
}
