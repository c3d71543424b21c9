// SPDX-License-Identifier: Apache-2.0
// `GET /scene.json`: the canvas, the layer tree and every animation's bar on the timeline.

import Zoetrope

/// The parts of a scene that do not change with time, as the page draws
/// them: the canvas, each layer (name, type, JSON path, parent) and each
/// animation's window in clip time (the bars of the timeline).
enum SceneOutline {
  /// The JSON of ``PreviewSession/State``'s scene: `{"version", "file",
  /// "canvas", "layers": [{"index", "name", "kind", "path", "parent",
  /// "depth", "isMask", "animations": [bar]}], "warnings"}`.
  static func json(version: Int, file: String, canvas: Canvas, tree: LayerTree, warnings: [SceneIssue]) -> String {
    let inspection = Inspection(tree)
    var out = "{\"version\": \(version), \"file\": \(JSONText.string(file)), \"canvas\": {"
    out += "\"width\": \(JSONText.number(canvas.width)), \"height\": \(JSONText.number(canvas.height)), "
    out += "\"scale\": \(JSONText.number(canvas.scale)), \"pixelWidth\": \(canvas.pixelWidth), "
    out += "\"pixelHeight\": \(canvas.pixelHeight), \"fps\": \(JSONText.number(canvas.frameRate.framesPerSecond)), "
    out += "\"duration\": \(JSONText.number(canvas.duration)), \"frameCount\": \(canvas.frameCount), "
    let samples = sampleTimes(canvas)
    out += "\"sampleStep\": \(JSONText.number(samples.count > 1 ? samples[1] : 0)), "
    let bg = canvas.background
    out += "\"background\": [\([bg.red, bg.green, bg.blue, bg.alpha].map(JSONText.number).joined(separator: ", "))]}, \"layers\": ["
    var depth = [Int](repeating: 0, count: tree.count)
    var sampledBars = 0
    for index in 0..<tree.count {
      let node = tree.nodes[index]
      if index > 0 { depth[index] = depth[node.parent] + 1 }
      if index > 0 { out += ", " }
      out += "{\"index\": \(index), \"name\": " + (node.name.map(JSONText.string) ?? "null")
      out += ", \"kind\": \(JSONText.string(node.kind.rawValue)), \"path\": \(JSONText.string(inspection.scenePath(of: index)))"
      out += ", \"parent\": \(node.parent), \"depth\": \(depth[index]), \"isMask\": \(node.isMask), \"animations\": ["
      // The first 2,000 bars are sampled: a hostile scene of a million animations costs no more.
      let sampled = sampledBars < maximumSampledBars
      sampledBars += tree.nodes[index].animations.count
      out += bars(of: index, tree: tree, samples: sampled ? samples : nil).joined(separator: ", ") + "]}"
    }
    out += "], \"warnings\": [" + warnings.map { JSONText.string($0.description) }.joined(separator: ", ") + "]}"
    return out
  }

  /// How many bars of a scene get their ``bars(of:tree:samples:)`` progress.
  static let maximumSampledBars = 2000

  /// The clip times the bars are sampled at: every frame's, or 1,000 evenly
  /// spread over the clip when it has more frames.
  static func sampleTimes(_ canvas: Canvas) -> [Double] {
    let frames = canvas.frameCount
    if frames <= 1000 { return (0..<frames).map { Double($0) / canvas.frameRate.framesPerSecond } }
    return (0..<1000).map { Double($0) * canvas.duration / 1000 }
  }

  /// Each top-level animation of node `index` as a bar: its key, key path
  /// (or `group`), its timing, and its window in clip time — `begin`, the
  /// end of its active duration `end` (`null` for never), the length of one
  /// iteration in clip seconds `iteration` — as the layer's time maps to clip
  /// time linearly (its ancestors' `beginTime`, `speed` and `timeOffset`; a
  /// layer whose own time wraps is drawn on its first cycle).
  ///
  /// `progress` is the bar's fill, one value per time of `samples`: the
  /// animation's progress through its iteration (0…1, reversed while it
  /// autoreverses), or `null` where it shows nothing — what docs/timing.md's
  /// figures draw as a gradient.
  /// (`null` past the first ``maximumSampledBars`` bars of the scene.)
  static func bars(of index: Int, tree: LayerTree, samples: [Double]?) -> [String] {
    // Clip time → the layer's local time is linear: local = a · clip + b.
    var a = 1.0, b = 0.0
    var chain: [Int] = []
    var current = index
    while current >= 0 {
      chain.append(current)
      current = tree.nodes[current].parent
    }
    for node in chain.reversed() {
      let timing = tree.nodes[node].timing
      // local = (parent - beginTime) · speed + timeOffset
      a *= timing.speed
      b = (b - timing.beginTime) * timing.speed + timing.timeOffset
    }
    func clip(_ local: Double) -> Double? {
      guard a != 0 else { return nil }
      let value = (local - b) / a
      return value.isFinite ? value : nil
    }
    return tree.nodes[index].animations.map { animation in
      let t = animation.timing
      let speed = t.speed == 0 ? 0 : Swift.abs(t.speed) * Swift.abs(a)
      let active = t.activeDuration(forDuration: t.duration)
      let begin = clip(t.beginTime)
      let end = active.isFinite && t.speed != 0 ? clip(t.beginTime + active / Swift.abs(t.speed)) : nil
      var keyPath = "group"
      if case .property(let track) = animation.content { keyPath = track.keyPath.description }
      var out = "{\"key\": " + (animation.key.map(JSONText.string) ?? "null")
      out += ", \"keyPath\": \(JSONText.string(keyPath))"
      out += ", \"beginTime\": \(JSONText.number(t.beginTime)), \"duration\": \(JSONText.number(t.duration))"
      out += ", \"speed\": \(JSONText.number(t.speed)), \"timeOffset\": \(JSONText.number(t.timeOffset))"
      out += ", \"repeatCount\": \(JSONText.number(t.repeatCount >= Timing.repeatForever ? .infinity : t.repeatCount))"
      out += ", \"repeatDuration\": \(JSONText.number(t.repeatDuration)), \"autoreverses\": \(t.autoreverses)"
      out += ", \"fillMode\": \(JSONText.string(t.fillMode.rawValue))"
      out += ", \"removedOnCompletion\": \(animation.isRemovedOnCompletion)"
      out += ", \"begin\": \(begin.map(JSONText.number) ?? "null"), \"end\": \(end.map(JSONText.number) ?? "null")"
      out += ", \"iteration\": \(JSONText.number(speed == 0 ? .infinity : t.duration / speed)), \"progress\": "
      guard let samples else { return out + "null}" }
      out += "[" + samples.map { clipTime in
        guard let local = t.localTime(forParentTime: a * clipTime + b, duration: t.duration,
                                      keepsForwardFill: !animation.isRemovedOnCompletion)
        else { return "null" }
        return JSONText.number((local.fraction * 1000).rounded() / 1000)
      }.joined(separator: ",") + "]}"
      return out
    }
  }
}
