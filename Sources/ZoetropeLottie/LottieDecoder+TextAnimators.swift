// SPDX-License-Identifier: Apache-2.0
// Reading a text layer's animators (`t.a`): range selectors and the properties they move.

import ZoetropeScene

extension LottieDecoder {
  /// The animators of a text layer. What lottie-web draws and the importer
  /// does not (selectors based on words or lines, randomized order, anchor,
  /// skew, stroke, hue and 3D turns of characters) is named at its path.
  mutating func decodeTextAnimators(_ value: JSONValue, at path: Int) -> [LottieTextAnimator] {
    guard case .array(let items) = value else { return [] }
    var animators: [LottieTextAnimator] = []
    for (index, item) in items.enumerated() {
      let p = paths.child(path, index)
      let sPath = paths.child(p, "s"), aPath = paths.child(p, "a")
      var selector = LottieTextSelector()
      let s = item["s"]
      if let start = s?["s"] { selector.start = property(start, at: paths.child(sPath, "s"), default: [0]) }
      if let end = s?["e"] { selector.end = property(end, at: paths.child(sPath, "e"), default: [100]) }
      if let offset = s?["o"] { selector.offset = property(offset, at: paths.child(sPath, "o"), default: [0]) }
      if let amount = s?["a"] { selector.amount = property(amount, at: paths.child(sPath, "a"), default: [100]) }
      if let high = s?["xe"] { selector.easeHigh = property(high, at: paths.child(sPath, "xe"), default: [0]) }
      if let low = s?["ne"] { selector.easeLow = property(low, at: paths.child(sPath, "ne"), default: [0]) }
      selector.inIndices = integer(s?["r"]) == 2
      selector.shape = integer(s?["sh"]).map { (1...6).contains($0) ? $0 : 1 } ?? 1
      if let basis = integer(s?["b"]), basis != 1 {
        unsupported(paths.child(sPath, "b"), basis == 2 ? "a text selector based on characters without spaces; "
          + "spaces are counted" : "a text selector based on words or lines; it counts characters")
      }
      if integer(s?["rn"]) == 1 {
        unsupported(paths.child(sPath, "rn"), "a text selector in random order; the characters are taken in order")
      }
      var animator = LottieTextAnimator(selector: selector)
      let a = item["a"]
      func prop(_ key: String, _ fallback: [Double]) -> LottieProperty<[Double]>? {
        guard let v = a?[key] else { return nil }
        return property(v, at: paths.child(aPath, key), default: fallback)
      }
      animator.opacity = prop("o", [100])
      animator.position = prop("p", [0, 0])
      animator.scale = prop("s", [100, 100])
      animator.rotation = prop("r", [0])
      animator.fillColor = prop("fc", [0, 0, 0])
      animator.tracking = prop("t", [0])
      if case .object(let members)? = a {
        let drawn: Set<String> = ["o", "p", "s", "r", "fc", "t"]
        for member in members where !drawn.contains(member.key) {
          let key = member.key
          let moved = property(member.value, at: paths.child(aPath, key), default: [0])
          guard moved.isAnimated || moved.allValues.contains(where: { $0.contains { $0 != 0 } }) else { continue }
          unsupported(paths.child(aPath, key), "the text animator property \"\(key)\"; the characters are drawn without it")
        }
      }
      animators.append(animator)
    }
    return animators
  }
}
