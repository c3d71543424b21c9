// SPDX-License-Identifier: Apache-2.0
// Particles of an emitter at an instant: each a closed-form function of the seed, its cell, its birth index and the time.

import ZoetropeAnimation
import ZoetropeGeometry

/// One particle as it is drawn at an instant, in the emitter layer's space.
package struct Particle {
  /// The centre (x, y down, z towards the viewer), points.
  package var x: Double, y: Double, z: Double
  /// The size multiplier of the image (≥ 0).
  package var scale: Double
  /// The angle turned, radians.
  package var rotation: Double
  /// The colour the image is multiplied by, each component clamped to 0…1.
  package var color: Color
  /// When it was born, in the emitter's time (the drawing order's key).
  package var birthTime: Double
  /// Its cell (image, contentsRect, filters).
  package var cell: EmitterCell
  /// Its cell's place among the emitter's cells in pre-order (a cell, then
  /// its sub-cells'), as `emitterCells.preOrder` lists them.
  package var cellIndex: Int
}

extension PresentationTree {
  /// The particles of emitter entry `index` at this instant, oldest first
  /// (ties in cell order); empty for another kind of layer. At most
  /// `budget` particles, the youngest of each cell kept first; the
  /// particles looked at, dead ones included, are bounded by four times it.
  package func particles(of index: Int, budget: Int = Limits.maximumParticlesPerFrame) -> [Particle] {
    simulation(of: index, budget: budget)?.particles.sorted { $0.birthTime < $1.birthTime } ?? []
  }

  /// How many particles of each cell of emitter entry `index` are alive at
  /// this instant, cells in pre-order (`emitterCells.preOrder`), those of
  /// cells without an image (which draw nothing) included; as many as the
  /// particles looked at for a frame allow. Empty for another kind of layer.
  package func liveParticleCounts(of index: Int) -> [Int] {
    simulation(of: index, budget: Limits.maximumParticlesPerFrame)?.alive ?? []
  }

  private func simulation(of index: Int, budget: Int) -> EmitterSimulation? {
    guard let emitter = layers[index].properties.emitter, let cells = emitter.emitterCells, !cells.isEmpty else {
      return nil
    }
    let node = structure.nodes[layers[index].node]
    var simulation = EmitterSimulation(emitter: emitter, time: layers[index].localTime, budget: budget)
    if !node.animations.isEmpty {
      simulation.emitterAt = { time in
        var p = node.model
        for animation in node.animations { animation.apply(to: &p, parentTime: time) }
        return p.emitter ?? emitter
      }
      simulation.ratesAnimate = node.animations.contains { $0.animates(.birthRate) || $0.animates(.emitterCells) }
    }
    var cellIndex = 0
    simulation.alive = [Int](repeating: 0, count: cells.reduce(0) { $0 + EmitterSimulation.cellCount($1) })
    for (i, cell) in cells.enumerated() {
      simulation.emitTopLevel(cell, index: i, cellIndex: cellIndex)
      cellIndex += EmitterSimulation.cellCount(cell)
    }
    return simulation
  }
}

/// The work of one emitter at one instant (docs/emitters-and-transitions.md, "Emitters").
struct EmitterSimulation {
  let emitter: EmitterProperties
  /// The emitter's local time.
  let time: Double
  /// Particles still allowed, and particles looked at still allowed.
  var budget: Int
  var visits: Int
  /// The emitter's values at another local time (its animations applied); `nil` without animations.
  var emitterAt: ((Double) -> EmitterProperties)?
  /// Whether an animation changes a birth rate (births are then counted by integrating it).
  var ratesAnimate = false
  var particles: [Particle] = []
  /// The particles alive of each cell in pre-order, drawn or not.
  var alive: [Int] = []

  /// The step birth rates are sampled at when they are animated: 1/240 s.
  static let rateStep = 1.0 / 240
  /// The most samples of an animated birth rate a frame takes (beyond, the step doubles).
  static let maximumRateSamples = 1_000_000
  /// The deepest sub-cells followed (the scene decoder allows 32).
  static let maximumDepth = 128

  init(emitter: EmitterProperties, time: Double, budget: Int) {
    self.emitter = emitter
    self.time = time
    self.budget = budget
    visits = 4 * budget
  }

  /// A uniform value in [0, 1) for attribute `attribute` of particle `identity`.
  static func unit(_ identity: UInt64, _ attribute: UInt64) -> Double {
    var z = identity &+ attribute &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) * 0x1p-53
  }

  /// The identity of particle `birth` of cell `cell` under `parent`.
  static func identity(parent: UInt64, cell: Int, birth: Int) -> UInt64 {
    unit(parent, UInt64(truncatingIfNeeded: cell) &+ 0x1000).bitPattern
      ^ UInt64(truncatingIfNeeded: birth) &* 0xD6E8_FEB8_6659_FD93
  }

  /// How many cells `cell` is with its sub-cells (as deep as they are followed).
  static func cellCount(_ cell: EmitterCell, depth: Int = 0) -> Int {
    guard depth < maximumDepth, let subs = cell.emitterCells else { return 1 }
    return subs.reduce(1) { $0 + cellCount($1, depth: depth + 1) }
  }

  /// How long after its birth anything of `cell` (it, or what its particles emit) can still be alive.
  static func reach(_ cell: EmitterCell, lifetimeMultiplier: Double, depth: Int = 0) -> Double {
    let own = Swift.max(0, (cell.lifetime + Swift.abs(cell.lifetimeRange) / 2) * Swift.max(lifetimeMultiplier, 0))
    guard depth < maximumDepth, let subs = cell.emitterCells, !subs.isEmpty else { return own.isFinite ? own : .infinity }
    let children = subs.map { reach($0, lifetimeMultiplier: lifetimeMultiplier, depth: depth + 1) }.max() ?? 0
    return own + children
  }

  /// A cell's births a second of its own time at the emitter's values `e`
  /// (its timing's pace multiplies it: ``EmissionWindow``).
  static func rate(_ cell: EmitterCell, _ e: EmitterProperties) -> Double {
    guard cell.isEnabled else { return 0 }
    let r = cell.birthRate * e.birthRate
    return r.isFinite && r > 0 ? r : 0
  }

  /// The birth indices, youngest first, of births at `start + (k + 1) / rate`
  /// (k ≥ 0) in `[from, to]` and with `k + 1 < endCount` (the window is
  /// half-open: no birth at its end); at most `limit` of them.
  static func births(start: Double, rate: Double, from: Double, to: Double, endCount: Double,
                     limit: Int) -> StrideThrough<Double> {
    let none = stride(from: 0.0, through: 1, by: -1)   // empty
    let first = Swift.max(0, ((from - start) * rate - 1).rounded(.up))
    var last = ((to - start) * rate - 1).rounded(.down)
    if endCount.isFinite { last = Swift.min(last, (endCount - 1).rounded(.up) - 1) }
    guard first.isFinite, last.isFinite, last >= first, limit > 0 else { return none }
    return stride(from: last, through: Swift.max(first, last - Double(limit) + 1), by: -1)
  }

  /// Emits top-level cell `index` (`cellIndex` in pre-order) over its
  /// ``EmissionWindow`` in the layer's time, the youngest particles first.
  mutating func emitTopLevel(_ cell: EmitterCell, index: Int, cellIndex: Int) {
    guard let window = EmissionWindow(cell.timing), time >= window.begin else { return }
    let to = Swift.min(time, window.end)
    guard to > window.start else { return }
    let from = Swift.max(window.start, time - Self.reach(cell, lifetimeMultiplier: emitter.lifetime))
    var births: [(Int, Double)] = []
    if ratesAnimate, let emitterAt {
      births = animatedBirths(index: index, window: window, from: from, to: to, emitterAt: emitterAt).reversed()
    } else {
      let r = Self.rate(cell, emitter) * window.pace
      guard r > 0 else { return }
      for k in Self.births(start: window.start, rate: r, from: from, to: to, endCount: window.length * r,
                           limit: visits) {
        births.append((Int(k), window.start + (k + 1) / r))
      }
    }
    let seed = UInt64(emitter.seed)
    for (k, birth) in births {
      guard visits > 0 else { return }
      let values = emitterAt?(birth) ?? emitter
      let atBirth = emitterAt == nil ? cell
        : values.emitterCells.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? cell
      spawn(atBirth, cellIndex: cellIndex, identity: Self.identity(parent: seed, cell: index, birth: k),
            birthTime: birth, from: Inheritance(scale: values.scale), values: values)
    }
  }

  /// Birth indices and times of top-level cell `index` in `[from, to]` when
  /// rates are animated, the youngest `visits` of them, oldest first: the
  /// rate is sampled at the middle of each step of a grid from the window's
  /// start and held over the step, the count integrated step by step, so
  /// that birth `k` falls where the count crosses `k + 1`. The grid does not
  /// depend on `to` (a step cut short by `to` still takes the rate at its
  /// full middle), so a birth stays where it is from frame to frame; the
  /// step is 1/240 s, doubled while the time since the start would need
  /// more than `maximumRateSamples` of them.
  func animatedBirths(index: Int, window: EmissionWindow, from: Double, to: Double,
                      emitterAt: (Double) -> EmitterProperties) -> [(Int, Double)] {
    let start = window.start
    guard (to - start).isFinite else { return [] }
    var step = Self.rateStep
    while (to - start) / step > Double(Self.maximumRateSamples) { step *= 2 }
    // Within a step the births are k = first…last at s + (k + 1 − count) / r:
    // kept as runs, so that a rate of 10⁹ a second costs no more than 1, and
    // only as many runs as hold the youngest `visits` births.
    var runs: [(first: Double, last: Double, s: Double, count: Double, r: Double)] = []
    var head = 0, kept = 0.0
    var count = 0.0
    var i = 0.0
    while start + i * step < to {
      let s = start + i * step
      let h = Swift.min(step, to - s)
      let e = emitterAt(s + step / 2)
      let cell = e.emitterCells.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      let r = (cell.map { Self.rate($0, e) } ?? 0) * window.pace
      if r > 0 {
        // k + 1 in (count, count + r·h], born at or after `from` and before the window's end.
        var last = (count + r * h - 1).rounded(.down)
        if s + h >= window.end { last = Swift.min(last, (count + r * (window.end - s) - 1).rounded(.up) - 1) }
        let first = Swift.max(count.rounded(.down), (count + r * (from - s) - 1).rounded(.up), 0)
        if last >= first {
          runs.append((first, last, s, count, r))
          kept += last - first + 1
          while head < runs.count - 1, kept - (runs[head].last - runs[head].first + 1) >= Double(visits) {
            kept -= runs[head].last - runs[head].first + 1
            head += 1
          }
          if head > 1024, head > runs.count / 2 {
            runs.removeFirst(head)
            head = 0
          }
        }
        count += r * h
      }
      i += 1
    }
    var result: [(Int, Double)] = []
    for run in runs[head...].reversed() where result.count < visits {
      var k = run.last
      while k >= run.first, result.count < visits {
        result.append((Int(k), run.s + (k + 1 - run.count) / run.r))
        k -= 1
      }
    }
    return result.reversed()
  }
}
