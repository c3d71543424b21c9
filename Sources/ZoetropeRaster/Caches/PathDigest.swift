// SPDX-License-Identifier: Apache-2.0
// A quick digest of a path for cache keys: its length and a few elements, mixed.

import ZoetropeGeometry

/// A multiply–rotate mix of 64-bit words, for the keys of caches of paths:
/// any collision only costs a comparison of the whole paths.
struct PathDigest {
  private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The digest of nothing yet.
  init() {}

  /// The digest of `path` sampled: its length and its first and last two
  /// elements (hashing every element of a long path on every lookup can
  /// cost more than what a cache saves).
  init(sampling path: Path) {
    let elements = path.elements
    add(UInt64(elements.count))
    for element in elements.prefix(2) { add(element) }
    for element in elements.suffix(2) { add(element) }
  }

  /// Mixes in one word.
  mutating func add(_ word: UInt64) {
    value = ((value ^ word) &* 0xBF58_476D_1CE4_E5B9)
    value ^= value >> 29
  }

  /// Mixes in an element's kind and points.
  mutating func add(_ element: Path.Element) {
    switch element {
    case .moveTo(let p): add(1); add(p)
    case .lineTo(let p): add(2); add(p)
    case .quadCurveTo(let p, let c): add(3); add(p); add(c)
    case .curveTo(let p, let c1, let c2): add(4); add(p); add(c1); add(c2)
    case .closeSubpath: add(5)
    }
  }

  private mutating func add(_ p: Point) {
    add(p.x.bitPattern)
    add(p.y.bitPattern)
  }
}
