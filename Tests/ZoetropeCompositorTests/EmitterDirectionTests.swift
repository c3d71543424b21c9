// SPDX-License-Identifier: Apache-2.0
// Where particles head: the cone of emissionRange about latitude and longitude, and sub-cells measured from their parent.

import Foundation
import Testing
import Zoetrope
import ZoetropeLayers

@Suite struct EmitterDirectionTests {
  /// The particles at `time` of a point emitter at the origin whose cells
  /// move at 100 points a second without acceleration.
  func particles(at time: Double, _ cells: [EmitterCell]) -> [Particle] {
    let layer = EmitterLayer()
    layer.emitterCells = cells
    let root = Layer()
    root.addSublayer(layer)
    return PresentationEvaluator(LayerTree(root: root)).presentation(atTime: time).particles(of: 1)
  }

  func cell(latitude: Double = 0, longitude: Double = 0, range: Double = 0) -> EmitterCell {
    var cell = EmitterCell()
    cell.birthRate = 4000
    cell.lifetime = 10
    cell.velocity = 100
    cell.emissionLatitude = latitude
    cell.emissionLongitude = longitude
    cell.emissionRange = range
    cell.contents = EmitterTests.dot
    return cell
  }

  /// Each particle's unit direction, from where it is after its age.
  func directions(_ particles: [Particle], at time: Double) -> [(x: Double, y: Double, z: Double)] {
    particles.compactMap { p in
      let distance = 100 * (time - p.birthTime)
      guard distance > 1e-3 else { return nil }
      return (p.x / distance, p.y / distance, p.z / distance)
    }
  }

  /// `emissionRange` is the apex angle of a cone about the emission
  /// direction, filled uniformly by solid angle: every direction within
  /// half the range of the axis, out of the plane as much as in it, and the
  /// cosine of the angle from the axis uniform, its mean (1 + cos(range/2)) / 2.
  @Test(arguments: [(0.0, 0.0), (0.0, Double.pi / 2), (0.4, -2.0)])
  func emissionRangeIsAConeAboutLatitudeAndLongitude(latitude: Double, longitude: Double) {
    let range = Double.pi / 2
    let axis = (x: cos(latitude) * cos(longitude), y: cos(latitude) * sin(longitude), z: sin(latitude))
    let d = directions(particles(at: 0.5, [cell(latitude: latitude, longitude: longitude, range: range)]), at: 0.5)
    #expect(d.count > 1900)
    let cosines = d.map { $0.x * axis.x + $0.y * axis.y + $0.z * axis.z }
    #expect(d.allSatisfy { abs($0.x * $0.x + $0.y * $0.y + $0.z * $0.z - 1) < 1e-9 }, "unit directions")
    #expect(cosines.min()! > cos(range / 2) - 1e-9, "none outside the cone")
    let mean = cosines.reduce(0, +) / Double(cosines.count)
    #expect(abs(mean - (1 + cos(range / 2)) / 2) < 0.01, "uniform by solid angle: mean cosine \(mean)")
    // Turned about the axis evenly: the parts across it average out, in the plane and out of it.
    let across = zip(d, cosines).map { (x: $0.x - $1 * axis.x, y: $0.y - $1 * axis.y, z: $0.z - $1 * axis.z) }
    let n = Double(d.count)
    #expect(abs(across.map(\.x).reduce(0, +) / n) < 0.02 && abs(across.map(\.y).reduce(0, +) / n) < 0.02)
    #expect(abs(across.map(\.z).reduce(0, +) / n) < 0.02, "as far out of the plane on either side")
    #expect(across.map(\.z).max()! > 0.6 && across.map(\.z).min()! < -0.6, "a cone, not a fan in the plane")
  }

  /// 2π fills the sphere: the directions' mean is the centre, and z (out of
  /// the plane) is uniform in −1…1, so drawn flat the particles fill a disc.
  @Test func aRangeOfTwoPiIsEveryDirection() {
    let d = directions(particles(at: 0.5, [cell(range: 2 * .pi)]), at: 0.5)
    let n = Double(d.count)
    #expect(abs(d.map(\.x).reduce(0, +) / n) < 0.03 && abs(d.map(\.y).reduce(0, +) / n) < 0.03)
    #expect(abs(d.map(\.z).reduce(0, +) / n) < 0.03 && d.map(\.z).min()! < -0.99 && d.map(\.z).max()! > 0.99)
    #expect(abs(d.filter { $0.z > 0.5 }.count - d.filter { $0.z < -0.5 }.count) < Int(0.1 * n))
  }

  /// A latitude of π/2 heads for the viewer: drawn flat the particles stay
  /// on the emitter's position, moving in z alone.
  @Test func aLatitudeOfHalfPiHeadsAlongZ() {
    let p = particles(at: 0.5, [cell(latitude: .pi / 2)])
    #expect(p.allSatisfy { abs($0.x) < 1e-9 && abs($0.y) < 1e-9 && $0.z >= 0 })
    #expect(p.contains { $0.z > 40 })
  }

  /// A sub-cell's longitude and latitude are measured from the direction
  /// its parent moves in (Apple: "the emission angle is relative to the
  /// current direction of the particle"): a parent heading down the screen
  /// (longitude π/2) emits a sub-cell of longitude 0 downwards, and one of
  /// longitude π/2 (a quarter turn clockwise on screen) to the left.
  @Test(arguments: [(0.0, (0.0, 1.0)), (Double.pi / 2, (-1.0, 0.0)), (Double.pi, (0.0, -1.0))])
  func subCellsAimFromTheirParentsDirection(longitude: Double, expected: (Double, Double)) {
    var parent = cell(longitude: .pi / 2)
    parent.birthRate = 1
    parent.contents = nil
    var sub = cell(longitude: longitude)
    sub.birthRate = 10
    sub.velocity = 50
    parent.emitterCells = [sub]
    let subs = particles(at: 1.5, [parent])
    #expect(!subs.isEmpty)
    for s in subs {
      let age = 1.5 - s.birthTime, bornAtAge = s.birthTime - 1
      guard age > 1e-6 else { continue }
      // The parent, born at 1 s, was at (0, 100 × bornAtAge) when it emitted.
      let dx = (s.x - 0) / (50 * age), dy = (s.y - 100 * bornAtAge) / (50 * age)
      #expect(abs(dx - expected.0) < 1e-9 && abs(dy - expected.1) < 1e-9, "(\(dx), \(dy))")
    }
  }

  /// Sub-particles take their parent's colour and scale at their birth,
  /// multiplying their own (Apple: "the scale and color of fireworkCell are
  /// inherited by trailCell"; the fireworks sample's sparks take the
  /// burst's shifting colour).
  @Test func subCellsMultiplyTheirColourAndScaleByTheirParents() {
    var parent = cell()
    parent.birthRate = 1
    parent.velocity = 0
    parent.color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 1)
    parent.redSpeed = -0.5
    parent.scale = 0.5
    parent.scaleSpeed = 0.25
    parent.contents = nil
    var sub = cell()
    sub.birthRate = 2.5
    sub.velocity = 0
    sub.scale = 2
    sub.color = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
    parent.emitterCells = [sub]
    let subs = particles(at: 1.5, [parent])
    #expect(subs.count == 1, "born at the parent's age 0.4 s")
    let s = subs[0]
    #expect(abs(s.color.red - 0.8) < 1e-9 && abs(s.color.green - 0.5) < 1e-9 && abs(s.color.blue - 0.25) < 1e-9)
    #expect(abs(s.color.alpha - 0.5) < 1e-9)
    #expect(abs(s.scale - 2 * (0.5 + 0.25 * 0.4)) < 1e-9)
  }
}
