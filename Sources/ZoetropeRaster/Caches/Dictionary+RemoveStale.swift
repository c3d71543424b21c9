// SPDX-License-Identifier: Apache-2.0
// Dropping a cache's stale entries without hashing every kept key again.

extension Dictionary {
  /// Removes the entries whose value `isStale` picks. A few are removed one
  /// by one (the rest stay where they are); when they are a quarter or more
  /// of the entries, the dictionary is rebuilt without them. (A clip's
  /// caches drop a moving layer's shape or two each frame and keep a screen
  /// of still ones: rebuilding hashed every kept key again, every frame.)
  package mutating func removeStale(_ isStale: (Value) -> Bool) {
    var stale: [Key] = []
    for (key, value) in self where isStale(value) { stale.append(key) }
    guard !stale.isEmpty else { return }
    if 4 * stale.count < count {
      for key in stale { removeValue(forKey: key) }
    } else {
      self = filter { !isStale($0.value) }
    }
  }
}
