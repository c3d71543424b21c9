// SPDX-License-Identifier: Apache-2.0
// What the decoder and the scene builder say about a Lottie file: errors, warnings, features not drawn.

import ZoetropeScene

/// A pass over a Lottie file that reports what it finds against JSON paths.
/// Warnings and unsupported features stop being collected at 10,000 each, so a
/// hostile file cannot grow the report without bound; errors are all kept
/// (the first one already fails the file).
protocol LottieIssueReporting {
  var paths: JSONPathArena { get }
  var issues: [SceneIssue] { get set }
  var warnings: [SceneIssue] { get set }
  var unsupportedFeatures: [SceneIssue] { get set }
}

extension LottieIssueReporting {
  /// An error at `path`: the file cannot be imported.
  mutating func report(_ path: Int, _ message: String) {
    issues.append(SceneIssue(path: paths.render(path), message: message))
  }

  /// A warning at `path`: the file imports, drawn as the message says.
  mutating func warn(_ path: Int, _ message: String) {
    guard warnings.count < 10_000 else { return }
    warnings.append(SceneIssue(path: paths.render(path), message: message))
  }

  /// A feature at `path` the importer does not draw.
  mutating func unsupported(_ path: Int, _ what: String) {
    guard unsupportedFeatures.count < 10_000 else { return }
    unsupportedFeatures.append(SceneIssue(path: paths.render(path), message: "not supported: " + what))
  }
}
