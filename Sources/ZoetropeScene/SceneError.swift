// SPDX-License-Identifier: Apache-2.0
// Why a scene file was refused: every problem, each with its JSON path.

/// One problem in a scene file: where (a JSON path such as
/// `layers[2].animations[0].keyTimes`, empty for the whole file) and what.
public struct SceneIssue: Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the offending value; empty for the document itself.
  public var path: String
  /// What is wrong and what was expected.
  public var message: String

  /// Creates an issue.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, or just the message for the whole document.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A scene file that cannot be used, with every problem found in it. Nothing
/// is rendered from a scene with errors.
///
/// Its description has one line per problem (the first hundred, then a
/// count of the rest), each starting with the file name:
///
///     scene.json: layers[2].animations[0].keyTimes: must be non-decreasing numbers in 0…1 (got [0, 0.7, 0.4])
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file name as given by the user (or a label such as `<stdin>`).
  public var file: String
  /// The problems, in document order.
  public var issues: [SceneIssue]
  /// The files decoding had read when it stopped, as ``Scene/sourceFiles``
  /// lists them (the scene file first, when it was read from a file), so a
  /// tool watching a refused scene notices when a missing image appears.
  public var sourceFiles: [String] = []

  /// Creates an error.
  public init(file: String, issues: [SceneIssue]) {
    self.file = file
    self.issues = issues
  }

  /// The most issues ``description`` lists one by one.
  public static let describedIssues = 100

  /// One line per issue, each prefixed with the file name — the first
  /// ``describedIssues`` of them, then a line counting the rest (a
  /// generated scene with one mistake repeated on every layer printed
  /// 50,000 lines). ``issues`` holds them all.
  public var description: String {
    var lines = issues.prefix(SceneError.describedIssues).map { "\(file): \($0)" }
    let more = issues.count - SceneError.describedIssues
    if more > 0 { lines.append("\(file): … and \(more) more problem\(more == 1 ? "" : "s")") }
    return lines.joined(separator: "\n")
  }
}
