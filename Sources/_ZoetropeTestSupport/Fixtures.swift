// SPDX-License-Identifier: Apache-2.0
// Locating and loading the files under Fixtures/ from tests. Not API.

import Foundation
import ZoetropeScene

/// Paths of the repository's fixtures and built products, for tests.
package enum Fixtures {
  /// The package root (the folder holding Package.swift).
  package static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// A file under `Fixtures/`.
  package static func url(_ relativePath: String) -> URL {
    packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
  }

  /// The bytes of a file under `Fixtures/`.
  package static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(relativePath)))
  }

  /// Decodes a scene under `Fixtures/`.
  package static func scene(_ relativePath: String) throws -> Scene {
    try SceneDecoder.decode(contentsOf: url(relativePath).path)
  }

  /// Every scene file under `Fixtures/<folder>`, as relative paths, sorted.
  package static func sceneFiles(in folder: String) -> [String] {
    let base = url(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
      .map { folder + "/" + $0 }
      .sorted()
  }
}
