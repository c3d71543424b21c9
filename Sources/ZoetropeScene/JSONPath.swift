// SPDX-License-Identifier: Apache-2.0
// Compact JSON paths for error messages, stored in an arena.

/// The JSON paths of the values a decoder visits, stored as parent links in
/// one arena so that deep documents cost neither quadratic string building
/// nor recursive deallocation. A path is an index into the arena; its text is
/// built only when an error is reported.
package struct JSONPathArena {
  package enum Component {
    case root
    case key(String)
    case index(Int)
  }
  private var parents: [Int32] = [-1]
  private var components: [Component] = [.root]

  /// An arena holding only the root.
  package init() {}

  /// The document itself.
  package static let root = 0

  /// The path of member `key` of the object at `parent`.
  package mutating func child(_ parent: Int, _ key: String) -> Int {
    parents.append(Int32(parent))
    components.append(.key(key))
    return parents.count - 1
  }

  /// The path of element `index` of the array at `parent`.
  package mutating func child(_ parent: Int, _ index: Int) -> Int {
    parents.append(Int32(parent))
    components.append(.index(index))
    return parents.count - 1
  }

  /// The path that `path` is a member or element of (the root for the root).
  func parent(of path: Int) -> Int { path > 0 ? Int(parents[path]) : 0 }

  /// The text of a path: `layers[2].animations[0].keyTimes`; empty for the root.
  package func render(_ path: Int) -> String {
    var parts: [Component] = []
    var current = path
    while current > 0 {
      parts.append(components[current])
      current = Int(parents[current])
    }
    var text = ""
    for part in parts.reversed() {
      switch part {
      case .root: break
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
