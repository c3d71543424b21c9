// SPDX-License-Identifier: Apache-2.0
// Where particles start: a point of the emitter's shape (point, line, rectangle, cuboid, circle, sphere) by its mode.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ZoetropeGeometry

extension EmitterSimulation {
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
