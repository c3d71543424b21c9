// SPDX-License-Identifier: Apache-2.0
// Particles of an emitter at an instant: each a closed-form function of the seed, its cell, its birth index and the time.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
}

extension PresentationTree {
  /// The particles of emitter entry `index` at this instant, oldest first
  /// (ties in cell order); empty for another kind of layer. At most
  /// `budget` particles (the youngest of each cell first kept); `visits`
  /// bounds the particles looked at, dead ones included.
  package func particles(of index: Int, budget: Int = Limits.maximumParticlesPerFrame) -> [Particle] {
    guard let emitter = layers[index].properties.emitter, let cells = emitter.emitterCells, !cells.isEmpty else {
      return []
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
    for (i, cell) in cells.enumerated() { simulation.emitTopLevel(cell, index: i) }
    return simulation.particles.sorted { $0.birthTime < $1.birthTime }
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

  /// The step birth rates are sampled at when they are animated: 1/240 s.
  static let rateStep = 1.0 / 240
  /// The most samples of an animated birth rate a frame takes (beyond, the step grows).
  static let maximumRateSamples = 1_000_000

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

  /// How long after its birth anything of `cell` (it, or what its particles emit) can still be alive.
  static func reach(_ cell: EmitterCell, lifetimeMultiplier: Double, depth: Int = 0) -> Double {
    let own = Swift.max(0, (cell.lifetime + Swift.abs(cell.lifetimeRange) / 2) * Swift.max(lifetimeMultiplier, 0))
    guard depth < 128, let subs = cell.emitterCells, !subs.isEmpty else { return own.isFinite ? own : .infinity }
    let children = subs.map { reach($0, lifetimeMultiplier: lifetimeMultiplier, depth: depth + 1) }.max() ?? 0
    return own + children
  }

  /// A cell's births a second at the emitter's values `e`.
  static func rate(_ cell: EmitterCell, _ e: EmitterProperties) -> Double {
    guard cell.isEnabled else { return 0 }
    let r = cell.birthRate * e.birthRate * (cell.timing.speed.isNaN ? 1 : cell.timing.speed)
    return r.isFinite && r > 0 ? r : 0
  }

  /// Emits top-level cell `index`: births where the integral of the birth
  /// rate from the cell's `beginTime` crosses `k + ½`, k = 0, 1, …
  mutating func emitTopLevel(_ cell: EmitterCell, index: Int) {
    let start = cell.timing.beginTime.isFinite ? cell.timing.beginTime : 0
    let end = cell.timing.duration > 0 ? start + cell.timing.duration : .infinity
    let now = Swift.min(time, end)
    guard now >= start else { return }
    let reach = Self.reach(cell, lifetimeMultiplier: emitter.lifetime)
    let from = Swift.max(start, time - reach)
    var births: [(Int, Double)] = []
    if ratesAnimate, let emitterAt {
      births = animatedBirths(index: index, start: start, from: from, to: now, emitterAt: emitterAt)
    } else {
      let r = Self.rate(cell, emitter)
      guard r > 0 else { return }
      let first = Swift.max(0, ((from - start) * r - 0.5).rounded(.up))
      let last = ((now - start) * r - 0.5).rounded(.down)
      guard last >= first else { return }
      var k = last - Swift.min(last - first + 1, Double(visits)) + 1
      while k <= last {
        births.append((Int(k), start + (k + 0.5) / r))
        k += 1
      }
    }
    for (k, birth) in births {
      guard visits > 0 else { return }
      let values = emitterAt?(birth) ?? emitter
      let atBirth = emitterAt == nil ? cell
        : values.emitterCells.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? cell
      spawn(atBirth, path: index, identity: Self.identity(parent: UInt64(emitter.seed), cell: index, birth: k),
            birthTime: birth, origin: nil, values: values)
    }
  }

  /// Birth indices and times of top-level cell `index` in `[from, to]` when
  /// rates are animated, the youngest `visits` of them: the rate is sampled
  /// at the middle of each step of a grid from `start` and held over the
  /// step, the count integrated step by step, so that birth `k` falls where
  /// the count crosses `k + ½`. The grid does not depend on `to` (a step cut
  /// short by `to` still takes the rate at its full middle), so a birth stays
  /// where it is from frame to frame; the step is 1/240 s, doubled while the
  /// time since `start` would need more than `maximumRateSamples` of them.
  func animatedBirths(index: Int, start: Double, from: Double, to: Double,
                      emitterAt: (Double) -> EmitterProperties) -> [(Int, Double)] {
    guard (to - start).isFinite else { return [] }
    var step = Self.rateStep
    while (to - start) / step > Double(Self.maximumRateSamples) { step *= 2 }
    // Within a step the births are k = first…last at s + (k + ½ − count) / r:
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
      let r = cell.map { Self.rate($0, e) } ?? 0
      if r > 0 {
        // k + ½ in (count, count + r·h], and born at or after `from`.
        let first = Swift.max((count - 0.5).rounded(.down) + 1, (count + r * (from - s) - 0.5).rounded(.up), 0)
        let last = (count + r * h - 0.5).rounded(.down)
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
        result.append((Int(k), run.s + (k + 0.5 - run.count) / run.r))
        k -= 1
      }
    }
    return result.reversed()
  }

  /// Adds particle `identity` of `cell`, born at `birthTime` (at `origin`
  /// for a sub-cell's, else on the emission shape), if alive, and what its
  /// sub-cells have emitted.
  mutating func spawn(_ cell: EmitterCell, path: Int, identity: UInt64, birthTime: Double,
                      origin: (x: Double, y: Double, z: Double)?, values e: EmitterProperties, depth: Int = 0) {
    visits -= 1
    func u(_ attribute: UInt64) -> Double { Self.unit(identity, attribute) - 0.5 }   // uniform in [−½, ½)
    let lifetime = (cell.lifetime + cell.lifetimeRange * u(1)) * e.lifetime
    let p0 = origin ?? shapePoint(e, u(2) + 0.5, u(3) + 0.5, u(4) + 0.5)
    let speed = (cell.velocity + cell.velocityRange * u(5)) * e.velocity
    let longitude = cell.emissionLongitude + cell.emissionRange * u(6)
    let latitude = cell.emissionLatitude
    let v = (x: speed * cos(latitude) * cos(longitude), y: speed * cos(latitude) * sin(longitude),
             z: speed * sin(latitude))
    let a = (x: cell.xAcceleration, y: cell.yAcceleration, z: cell.zAcceleration)
    func position(atAge age: Double) -> (x: Double, y: Double, z: Double) {
      (p0.x + v.x * age + 0.5 * a.x * age * age, p0.y + v.y * age + 0.5 * a.y * age * age,
       p0.z + v.z * age + 0.5 * a.z * age * age)
    }
    let age = time - birthTime
    if age >= 0, age < lifetime, budget > 0, cell.contents != nil {
      let at = position(atAge: age)
      func channel(_ base: Double, _ range: Double, _ speed: Double, _ attribute: UInt64) -> Double {
        let value = base + range * u(attribute) + speed * age
        return value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
      }
      let c = cell.color
      particles.append(Particle(
        x: at.x, y: at.y, z: at.z,
        scale: Swift.max(0, (cell.scale + cell.scaleRange * u(7)) * e.scale + cell.scaleSpeed * age),
        rotation: (cell.spin + cell.spinRange * u(8)) * e.spin * age,
        color: Color(red: channel(c.red, cell.redRange, cell.redSpeed, 9),
                     green: channel(c.green, cell.greenRange, cell.greenSpeed, 10),
                     blue: channel(c.blue, cell.blueRange, cell.blueSpeed, 11),
                     alpha: channel(c.alpha, cell.alphaRange, cell.alphaSpeed, 12)),
        birthTime: birthTime, cell: cell))
      budget -= 1
    }
    // Sub-cells: each emits over this particle's life, from where it is then.
    guard depth < 128, let subs = cell.emitterCells, lifetime > 0 else { return }
    for (j, sub) in subs.enumerated() {
      let r = Self.rate(sub, e)
      guard r > 0 else { continue }
      let start = Swift.max(0, sub.timing.beginTime.isFinite ? sub.timing.beginTime : 0)
      let end = Swift.min(lifetime, sub.timing.duration > 0 ? start + sub.timing.duration : .infinity, age)
      let reach = Self.reach(sub, lifetimeMultiplier: e.lifetime)
      let fromAge = Swift.max(start, age - reach)
      guard end >= fromAge else { continue }
      let first = Swift.max(0, ((fromAge - start) * r - 0.5).rounded(.up))
      let last = ((end - start) * r - 0.5).rounded(.down)
      guard last >= first else { continue }
      let count = Swift.min(last - first + 1, Double(Swift.max(visits, 0)))
      var k = last - count + 1
      while k <= last, visits > 0 {
        let bornAt = start + (k + 0.5) / r
        spawn(sub, path: j, identity: Self.identity(parent: identity, cell: j, birth: Int(k)),
              birthTime: birthTime + bornAt, origin: position(atAge: bornAt), values: e, depth: depth + 1)
        k += 1
      }
    }
  }

  /// A point of the emission shape for uniforms `a`, `b`, `c` in [0, 1).
  func shapePoint(_ e: EmitterProperties, _ a: Double, _ b: Double, _ c: Double) -> (x: Double, y: Double, z: Double) {
    let p = e.emitterPosition, z0 = e.emitterZPosition
    let w = e.emitterSize.width, h = e.emitterSize.height, d = e.emitterDepth
    let inside = e.emitterMode == .volume || e.emitterMode == .surface
    switch e.emitterShape {
    case .point:
      return (p.x, p.y, z0)
    case .line:
      let t = e.emitterMode == .points ? (a < 0.5 ? 0 : 1) : a
      return (p.x + (t - 0.5) * w, p.y, z0)
    case .rectangle, .cuboid:
      let depth = e.emitterShape == .cuboid ? d : 0
      switch e.emitterMode {
      case .points:
        let corner = Int(a * (depth > 0 ? 8 : 4))
        return (p.x + (corner & 1 == 0 ? -w : w) / 2, p.y + (corner & 2 == 0 ? -h : h) / 2,
                z0 + (corner & 4 == 0 ? -depth : depth) / 2)
      case .outline:
        // The perimeter, walked from the top-left corner clockwise.
        let perimeter = 2 * (w + h)
        var s = a * perimeter
        var x = -w / 2, y = -h / 2
        if s < w { x += s } else if (s - w) < h { s -= w; x = w / 2; y += s } else if (s - w - h) < w {
          s -= w + h; x = w / 2 - s; y = h / 2
        } else { s -= 2 * w + h; y = h / 2 - s }
        return (p.x + x, p.y + y, z0 + (c - 0.5) * depth)
      case .surface, .volume:
        return (p.x + (a - 0.5) * w, p.y + (b - 0.5) * h, z0 + (c - 0.5) * depth)
      }
    case .circle, .sphere:
      let radius = w / 2
      if e.emitterMode == .points { return (p.x, p.y, z0) }
      let angle = 2 * Double.pi * a
      let onEdge = e.emitterMode == .outline || (e.emitterShape == .sphere && e.emitterMode == .surface)
      let r = onEdge ? radius : radius * b.squareRoot()
      if e.emitterShape == .circle || !inside && !onEdge {
        return (p.x + r * cos(angle), p.y + r * sin(angle), z0)
      }
      // A sphere: the polar angle from z uniform in its cosine.
      let cosPolar = 2 * c - 1, sinPolar = (1 - cosPolar * cosPolar).squareRoot()
      let rr = onEdge ? radius : radius * cbrt(b)
      return (p.x + rr * sinPolar * cos(angle), p.y + rr * sinPolar * sin(angle), z0 + rr * cosPolar)
    }
  }
}
