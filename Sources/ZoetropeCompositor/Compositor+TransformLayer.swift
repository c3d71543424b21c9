// SPDX-License-Identifier: Apache-2.0
// A transform layer's 3D context: its sublayers (through nested transform layers) sorted back to front by depth.

import ZoetropeGeometry
import ZoetropeLayers

extension Compositor {
  /// The layers transform layer `entry` draws, back to front: its visible
  /// sublayers, and in place of a sublayer that is itself a transform layer
  /// that one's sublayers (the same 3D context, however deep), each with the
  /// transform from its superlayer's sublayer space to device pixels and
  /// the product of the transform layers' opacities above it.
  ///
  /// A sublayer's `zPosition` moves it along z (as in Core Animation, where
  /// it is the z of `position`), so that the ancestors' perspective sees it.
  /// The order is by the depth of the centre of each layer's bounds after
  /// every transform down to device space (`z / w`; larger is nearer the
  /// viewer, so drawn later); a centre behind the viewer (`w ≤ 0`) sorts
  /// nearest. Equal depths keep the listed paint order (`zPosition`, then
  /// sublayer order). Layers are not split where they intersect.
  static func threeDContext(of entry: Int, childToDevice: Transform3D, tint: Color?,
                            context: Context) -> [LayerPlacement.Child] {
    var placed: [(child: LayerPlacement.Child, depth: Double)] = []
    // Explicit stack of (transform layer entry, its sublayer space → device, opacity above).
    var pending: [(entry: Int, toDevice: Transform3D, opacity: Double)] = [(entry, childToDevice, 1)]
    while let (container, toDevice, opacity) = pending.popLast() {
      for sublayer in context.tree.sublayersInPaintOrder(of: container) {
        let p = context.tree.layers[sublayer].properties
        guard !p.isHidden, p.opacity > 0 else { continue }
        let parentToDevice = p.zPosition == 0 || !p.zPosition.isFinite
          ? toDevice : Transform3D.translation(x: 0, y: 0, z: p.zPosition).concatenating(toDevice)
        let node = context.tree.layers[sublayer].node
        if context.tree.structure.nodes[node].kind == .transformLayer {
          let (_, nestedToDevice) = transforms(p, parentToDevice: parentToDevice)
          pending.append((sublayer, nestedToDevice, opacity * p.opacity))
          continue
        }
        let (layerToDevice, _) = transforms(p, parentToDevice: parentToDevice)
        placed.append((LayerPlacement.Child(entry: sublayer, parentToDevice: parentToDevice, tint: tint,
                                            opacity: opacity),
                       depth(ofCentreOf: p.bounds, layerToDevice: layerToDevice)))
      }
    }
    // Stable: equal depths keep the order they were listed in.
    return placed.indices.sorted { a, b in
      placed[a].depth != placed[b].depth ? placed[a].depth < placed[b].depth : a < b
    }.map { placed[$0].child }
  }

  /// The depth of the centre of `bounds` in device space, `z / w`: larger is
  /// nearer the viewer; `+∞` when the centre is behind the viewer (w ≤ 0),
  /// 0 when not finite.
  static func depth(ofCentreOf bounds: Rect, layerToDevice m: Transform3D) -> Double {
    let x = bounds.midX, y = bounds.midY
    let z = x * m.m13 + y * m.m23 + m.m43
    let w = x * m.m14 + y * m.m24 + m.m44
    guard w > 0 else { return .infinity }
    let depth = z / w
    return depth.isFinite ? depth : 0
  }

  /// What a transform layer draws of itself: nothing. Its background,
  /// border, contents, shadow, `masksToBounds` and `compositingFilter` are
  /// cleared (its opacity stays: it multiplies down to each sublayer).
  static func transformLayerItself(_ p: LayerProperties) -> LayerProperties {
    var q = p
    q.backgroundColor = nil
    q.borderWidth = 0
    q.shadowOpacity = 0
    q.masksToBounds = false
    q.compositingFilter = nil
    q.content.contents = nil
    return q
  }
}
