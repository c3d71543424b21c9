// SPDX-License-Identifier: Apache-2.0
// One particle in closed form — where it starts, the cone it leaves in, its motion, colour and size — and what it emits.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ZoetropeGeometry

/// What a particle hands the particles its sub-cells emit: where they start,
/// the direction their emission angles are measured from, and the colour
/// and scale theirs are multiplied by (Apple's `emitterCells` page: "the
/// emission angle is relative to the current direction of the particle";
/// "the scale and color of fireworkCell are inherited by trailCell"). A cell
/// of the layer starts on the emission shape, in the layer's axes, white, at
/// the layer's `scale`.
struct Inheritance {
  var origin: (x: Double, y: Double, z: Double)?
  /// The unit direction the emitting particle moves in; `nil`: the layer's x axis.
  var direction: (x: Double, y: Double, z: Double)?
  var color = Color.white
  var scale: Double

  init(origin: (x: Double, y: Double, z: Double)? = nil, direction: (x: Double, y: Double, z: Double)? = nil,
       color: Color = .white, scale: Double) {
    self.origin = origin
    self.direction = direction
    self.color = color
    self.scale = scale
  }
}

extension EmitterSimulation {
  /// Adds particle `identity` of `cell`, born at `birthTime` in the
  /// emitter's time, if it is alive and has an image, and what its sub-cells
  /// have emitted (each over its ``EmissionWindow`` in this particle's age,
  /// no earlier than its birth and before its death), the youngest first.
  mutating func spawn(_ cell: EmitterCell, cellIndex: Int, identity: UInt64, birthTime: Double, from parent: Inheritance,
                      values e: EmitterProperties, depth: Int = 0) {
    visits -= 1
    func u(_ attribute: UInt64) -> Double { Self.unit(identity, attribute) - 0.5 }   // uniform in [−½, ½)
    let lifetime = (cell.lifetime + cell.lifetimeRange * u(1)) * e.lifetime
    let p0 = parent.origin ?? shapePoint(e, u(2) + 0.5, u(3) + 0.5, u(4) + 0.5)
    let speed = (cell.velocity + cell.velocityRange * u(5)) * e.velocity
    var d = Self.direction(latitude: cell.emissionLatitude, longitude: cell.emissionLongitude,
                           range: cell.emissionRange, u(6) + 0.5, u(13) + 0.5)
    if let axis = parent.direction { d = Self.turned(d, towards: axis) }
    let v = (x: speed * d.x, y: speed * d.y, z: speed * d.z)
    let a = (x: cell.xAcceleration, y: cell.yAcceleration, z: cell.zAcceleration)
    func position(atAge age: Double) -> (x: Double, y: Double, z: Double) {
      (p0.x + v.x * age + 0.5 * a.x * age * age, p0.y + v.y * age + 0.5 * a.y * age * age,
       p0.z + v.z * age + 0.5 * a.z * age * age)
    }
    let baseScale = (cell.scale + cell.scaleRange * u(7)) * parent.scale
    func scale(atAge age: Double) -> Double {
      let s = baseScale + cell.scaleSpeed * age
      return s.isNaN ? 0 : Swift.max(0, s)
    }
    func color(atAge age: Double) -> Color {
      func channel(_ base: Double, _ range: Double, _ speed: Double, _ attribute: UInt64) -> Double {
        let value = base + range * u(attribute) + speed * age
        return value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
      }
      let c = cell.color, p = parent.color
      return Color(red: channel(c.red, cell.redRange, cell.redSpeed, 9) * p.red,
                   green: channel(c.green, cell.greenRange, cell.greenSpeed, 10) * p.green,
                   blue: channel(c.blue, cell.blueRange, cell.blueSpeed, 11) * p.blue,
                   alpha: channel(c.alpha, cell.alphaRange, cell.alphaSpeed, 12) * p.alpha)
    }
    let age = time - birthTime
    if age >= 0, age < lifetime, alive.indices.contains(cellIndex) { alive[cellIndex] += 1 }
    if age >= 0, age < lifetime, budget > 0, cell.contents != nil {
      let at = position(atAge: age)
      particles.append(Particle(x: at.x, y: at.y, z: at.z, scale: scale(atAge: age),
                                rotation: (cell.spin + cell.spinRange * u(8)) * e.spin * age, color: color(atAge: age),
                                birthTime: birthTime, cell: cell, cellIndex: cellIndex))
      budget -= 1
    }
    // Sub-cells: each emits over this particle's life, from where it is then, along where it heads.
    guard depth < Self.maximumDepth, let subs = cell.emitterCells, lifetime > 0, age >= 0 else { return }
    var subIndex = cellIndex + 1
    for (j, sub) in subs.enumerated() {
      defer { subIndex += Self.cellCount(sub, depth: depth + 1) }
      guard let window = EmissionWindow(sub.timing), age >= window.begin else { continue }
      let r = Self.rate(sub, e) * window.pace
      guard r > 0 else { continue }
      let from = Swift.max(0, age - Self.reach(sub, lifetimeMultiplier: e.lifetime))
      let endCount = Swift.min(window.length, lifetime - window.start) * r
      for k in Self.births(start: window.start, rate: r, from: from, to: age, endCount: endCount,
                           limit: Swift.max(visits, 0)) {
        guard visits > 0 else { return }
        let bornAt = window.start + (k + 1) / r
        let heading = (x: v.x + a.x * bornAt, y: v.y + a.y * bornAt, z: v.z + a.z * bornAt)
        let length = (heading.x * heading.x + heading.y * heading.y + heading.z * heading.z).squareRoot()
        let direction: (x: Double, y: Double, z: Double) =
          length > 0 && length.isFinite ? (heading.x / length, heading.y / length, heading.z / length) : d
        spawn(sub, cellIndex: subIndex, identity: Self.identity(parent: identity, cell: j, birth: Int(k)),
              birthTime: birthTime + bornAt,
              from: Inheritance(origin: position(atAge: bornAt), direction: direction, color: color(atAge: bornAt),
                                scale: scale(atAge: bornAt)),
              values: e, depth: depth + 1)
      }
    }
  }

  /// The unit direction a particle leaves in: uniform over the cone of
  /// apex angle `|range|` (its half-angle at most π: 2π and more is every
  /// direction) about the axis at `latitude` out of the xy-plane and
  /// `longitude` in it from +x (y down: π/2 points down the screen), for
  /// uniforms `a`, `b` in [0, 1). Uniform over the cone's solid angle: the
  /// cosine of the angle from the axis is uniform in [cos half, 1], the turn
  /// about the axis uniform in [0, 2π). A range of 0 is the axis exactly.
  ///
  ///               axis
  ///           ╲    │    ╱
  ///            ╲ half  ╱       d = cos θ·axis + sin θ·(cos φ·side + sin φ·up)
  ///             ╲  │  ╱        side = (−sin lon, cos lon, 0), up = axis × side
  ///              ╲ │ ╱
  ///               ╲│╱
  static func direction(latitude: Double, longitude: Double, range: Double,
                        _ a: Double, _ b: Double) -> (x: Double, y: Double, z: Double) {
    let axis = (x: cos(latitude) * cos(longitude), y: cos(latitude) * sin(longitude), z: sin(latitude))
    let half = Swift.min(Swift.abs(range) / 2, Double.pi)
    guard half > 0, half.isFinite else { return axis }
    let cosTheta = 1 - (1 - cos(half)) * a
    let sinTheta = Swift.max(0, 1 - cosTheta * cosTheta).squareRoot()
    let phi = 2 * Double.pi * b
    let side = (x: -sin(longitude), y: cos(longitude), z: 0.0)
    let up = (x: axis.y * side.z - axis.z * side.y, y: axis.z * side.x - axis.x * side.z,
              z: axis.x * side.y - axis.y * side.x)
    let across = (x: cos(phi) * side.x + sin(phi) * up.x, y: cos(phi) * side.y + sin(phi) * up.y,
                  z: cos(phi) * side.z + sin(phi) * up.z)
    return (cosTheta * axis.x + sinTheta * across.x, cosTheta * axis.y + sinTheta * across.y,
            cosTheta * axis.z + sinTheta * across.z)
  }

  /// `d`, given in axes whose x is `axis`, in the layer's axes: the turn
  /// that takes +x to `axis` (about z by its longitude, then out of the
  /// plane by its latitude) applied to `d`.
  static func turned(_ d: (x: Double, y: Double, z: Double),
                     towards axis: (x: Double, y: Double, z: Double)) -> (x: Double, y: Double, z: Double) {
    let longitude = atan2(axis.y, axis.x), latitude = atan2(axis.z, (axis.x * axis.x + axis.y * axis.y).squareRoot())
    let x = d.x * cos(latitude) - d.z * sin(latitude), z = d.x * sin(latitude) + d.z * cos(latitude)
    return (x * cos(longitude) - d.y * sin(longitude), x * sin(longitude) + d.y * cos(longitude), z)
  }
}
