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

  /// Why a fixture list could not be made.
  package struct ListError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Every scene file under `Fixtures/<folder>`, as relative paths, sorted.
  /// Throws when the folder is missing or holds none: a test over the list
  /// must never pass by running nothing.
  package static func sceneFiles(in folder: String) throws -> [String] {
    let base = url(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else {
      throw ListError(description: "no folder Fixtures/\(folder)")
    }
    let files = enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
      .map { folder + "/" + $0 }
      .sorted()
    guard !files.isEmpty else { throw ListError(description: "no scene files under Fixtures/\(folder)") }
    return files
  }
}
