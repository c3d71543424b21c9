// SPDX-License-Identifier: Apache-2.0
// An emitter layer's particles drawn: each its cell's image, centred, turned, scaled and tinted, in the render mode's order.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster

extension Compositor {
  /// Draws the particles of emitter `layer` (nothing for another kind) over
  /// its own content and under its sublayers: each particle its cell's
  /// `contents` (the `contentsRect` part, `contentsScale` pixels a point)
  /// centred on the particle, turned by its rotation, scaled, its pixels
  /// multiplied by its colour (and the inherited tint), clipped as the
  /// layer's content is. Order: `oldestLast` the youngest first,
  /// `backToFront` by ascending z, the others the oldest first; `additive`
  /// adds each particle to what is below it (clamped, so the order changes
  /// no byte) where the others draw it over. Flat unless `preservesDepth`:
  /// then each particle sits at its z.
  static func drawParticles(_ layer: LayerPlacement, opacity: Double, clip: ClipMask?, context: Context,
                            into frame: inout DisplayList) {
    // (Asked first without the copy the properties' getter makes: every layer is asked.)
    guard layer.properties.isEmitter, let emitter = layer.properties.emitter, emitter.emitterCells?.isEmpty == false
    else { return }
    var particles = context.tree.particles(of: layer.entry)
    switch emitter.renderMode {
    case .oldestLast: particles.reverse()
    case .backToFront:
      let order = particles.indices.sorted { a, b in
        particles[a].z != particles[b].z ? particles[a].z < particles[b].z : a < b
      }
      particles = order.map { particles[$0] }
    case .unordered, .oldestFirst, .additive: break
    }
    for particle in particles {
      guard context.scratch.budget.isWithin, let image = particle.cell.contents else { continue }
      let cell = particle.cell
      let pointsPerPixel = cell.contentsScale > 0 && cell.contentsScale.isFinite ? 1 / cell.contentsScale : 1
      var q = LayerProperties()
      q.bounds = Rect(x: 0, y: 0, width: Double(image.width) * pointsPerPixel * cell.contentsRect.size.width,
                      height: Double(image.height) * pointsPerPixel * cell.contentsRect.size.height)
      q.position = Point(x: particle.x, y: particle.y)
      var transform = Transform3D.scale(x: particle.scale, y: particle.scale, z: 1)
      if particle.rotation != 0 { transform = transform.concatenating(.rotation(angle: particle.rotation, x: 0, y: 0, z: 1)) }
      if emitter.preservesDepth, particle.z != 0 {
        transform = transform.concatenating(.translation(x: 0, y: 0, z: particle.z))
      }
      q.transform = transform
      q.content.contents = image
      q.content.contentsRect = cell.contentsRect
      q.content.minificationFilter = cell.minificationFilter
      q.content.magnificationFilter = cell.magnificationFilter
      let (toDevice, _) = transforms(q, parentToDevice: layer.layerToDevice)
      let c = particle.color
      let tint = layer.tint.map {
        Color(red: $0.red * c.red, green: $0.green * c.green, blue: $0.blue * c.blue, alpha: $0.alpha * c.alpha)
      } ?? c
      drawContents(q, layerToDevice: toDevice, opacity: opacity, inheritedClip: clip, ownClip: nil,
                   tint: tint == .white ? nil : tint, compositing: emitter.renderMode == .additive ? .plus : .sourceOver,
                   context: context, into: &frame)
    }
  }
}
