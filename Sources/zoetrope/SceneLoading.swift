// SPDX-License-Identifier: Apache-2.0
// Loading a scene for a command, reporting problems the same way everywhere.

import ArgumentParser
import Zoetrope

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scene loading shared by the commands.
enum SceneLoading {
  /// Prints `warnings` about `file` to standard error, one a line
  /// (`file: warning: path: message`): the first hundred
  /// (``SceneError/describedIssues``), then a line counting the rest — as
  /// a refused scene's problems are printed.
  static func printWarnings(_ warnings: [SceneIssue], about file: String) {
    for warning in warnings.prefix(SceneError.describedIssues) { printError("\(file): warning: \(warning)") }
    let more = warnings.count - SceneError.describedIssues
    if more > 0 { printError("\(file): warning: … and \(more) more warning\(more == 1 ? "" : "s")") }
  }

  /// Decodes `file`, printing its warnings to standard error (the first
  /// hundred, then a count of the rest) unless `printsWarnings` is false
  /// (`validate` prints them with its advice, as one list). A scene with
  /// errors prints its problems (`file: path: message`, the first hundred
  /// and a count of the rest) to standard error and ends the command with
  /// exit code 1.
  static func load(_ file: String, printsWarnings: Bool = true, strict: Bool = false) throws -> Scene {
    var sourceFiles: [String] = []
    return try load(file, sourceFiles: &sourceFiles, printsWarnings: printsWarnings, strict: strict)
  }

  /// ``load(_:printsWarnings:)``, also setting `sourceFiles` to the files
  /// decoding read (``Scene/sourceFiles``), whether it succeeded or not.
  /// A Lottie file's features that are not drawn are warnings too (`--strict`
  /// makes them errors).
  static func load(_ file: String, sourceFiles: inout [String], printsWarnings: Bool = true,
                   strict: Bool = false) throws -> Scene {
    do {
      let scene = try Scene(contentsOf: file, strict: strict)
      sourceFiles = scene.sourceFiles
      if printsWarnings { printWarnings(scene.decodingWarnings + scene.unsupportedFeatures, about: file) }
      return scene
    } catch {
      sourceFiles = error.sourceFiles
      printError(error.description)
      throw ExitCode.failure
    }
  }
}

/// Writes a line to standard error with its control characters escaped
/// (``escapingControlCharacters(_:keepingLineFeeds:)``): a scene value or a
/// file name in it cannot send the terminal escape sequences. Line feeds
/// stay: a refused scene's problems are one a line.
func printError(_ line: String) { writeError(escapingControlCharacters(line) + "\n") }

/// Writes text to standard error as it is (no newline added).
func writeError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
