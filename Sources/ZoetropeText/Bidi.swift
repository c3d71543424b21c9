// SPDX-License-Identifier: Apache-2.0
// A simplified Unicode bidirectional algorithm: embedding levels for one paragraph, and visual reordering.

/// Embedding levels of a paragraph by a subset of UAX #9 that covers
/// ordinary mixed text without explicit embeddings:
///
/// - classes: strong left-to-right (letters of left-to-right scripts), strong
///   right-to-left (letters of Arabic, Hebrew and the other right-to-left
///   scripts), numbers (decimal digits), non-spacing marks, and neutrals (the rest);
/// - the paragraph level is 1 when its first strong character is
///   right-to-left, else 0 (rules P2–P3);
/// - marks take the class before them (W1); numbers after a left-to-right
///   letter are left-to-right (W7); neutrals between two characters of one
///   direction take it, numbers counting as right-to-left, and others take
///   the paragraph's direction (N1–N2);
/// - levels: right-to-left characters get the odd level, left-to-right ones
///   and numbers the even one above it (I1–I2).
///
/// Explicit embedding and isolate controls (U+202A…U+202E, U+2066…U+2069) are
/// treated as neutrals.
enum Bidi {
  /// A character's class for the rules above.
  enum Class: UInt8 {
    case leftToRight, rightToLeft, number, mark, neutral
  }

  /// The class of `scalar`, whose own script is `script`.
  static func characterClass(_ scalar: Unicode.Scalar, script: UInt32) -> Class {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return .mark
    case .decimalNumber: return .number
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark:
      return Script.isRightToLeft(script) ? .rightToLeft : .leftToRight
    default:
      return .neutral
    }
  }

  /// The paragraph level (0 or 1) and each character's level.
  static func levels(of classes: [Class]) -> (paragraph: UInt8, levels: [UInt8]) {
    let first = classes.first { $0 == .leftToRight || $0 == .rightToLeft }
    let paragraph: UInt8 = first == .rightToLeft ? 1 : 0
    let sos: Class = paragraph == 1 ? .rightToLeft : .leftToRight
    var resolved = classes
    // W1: marks take the class before them.
    var previous = sos
    for i in resolved.indices {
      if resolved[i] == .mark { resolved[i] = previous }
      previous = resolved[i]
    }
    // W7: numbers after a left-to-right letter (or at the start of a left-to-right paragraph) are left to right.
    var lastStrong = sos
    for i in resolved.indices {
      switch resolved[i] {
      case .leftToRight, .rightToLeft: lastStrong = resolved[i]
      case .number where lastStrong == .leftToRight: resolved[i] = .leftToRight
      default: break
      }
    }
    // N1–N2: runs of neutrals.
    var i = 0
    while i < resolved.count {
      guard resolved[i] == .neutral else { i += 1; continue }
      var end = i
      while end < resolved.count, resolved[end] == .neutral { end += 1 }
      func direction(_ c: Class) -> Class { c == .number ? .rightToLeft : c }
      let before = i > 0 ? direction(resolved[i - 1]) : sos
      let after = end < resolved.count ? direction(resolved[end]) : sos
      let chosen = before == after ? before : sos
      for k in i..<end { resolved[k] = chosen }
      i = end
    }
    // I1–I2.
    let levels = resolved.map { c -> UInt8 in
      switch (paragraph, c) {
      case (0, .rightToLeft): 1
      case (0, .number): 2
      case (0, _): 0
      case (_, .rightToLeft): 1
      default: 2
      }
    }
    return (paragraph, levels)
  }

  /// The visual order of items with the given levels (rule L2): from the
  /// highest level down to the lowest odd one, every maximal sequence at that
  /// level or above is reversed.
  static func visualOrder(levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowest = levels.min() else { return order }
    let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
    guard highest >= lowestOdd else { return order }
    for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
      var i = 0
      while i < order.count {
        guard levels[order[i]] >= level else { i += 1; continue }
        var end = i
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[i..<end].reverse()
        i = end
      }
    }
    return order
  }
}
