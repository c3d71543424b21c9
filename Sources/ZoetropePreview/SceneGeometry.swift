// SPDX-License-Identifier: Apache-2.0
// `GET /geometry.json`: where each layer is on the frame at an instant, and its animations' local times.

import Zoetrope

/// Each layer's bounds on the frame at one instant — four corners in frame
/// pixels at the canvas scale, through the compositor's own transforms — in
/// paint order, with whether it shows (not hidden, under no hidden or clear
/// ancestor), so the page can outline a layer and find the topmost one under
/// a click; and each of its animations' local time at that instant.
enum SceneGeometry {
  /// `{"time", "layers": [{"index", "corners": [x0, y0, … x3, y3], "shows",
  /// "localTime", "animations": [{"localTime", "iteration", "progress"} or null]}]}`,
  /// layers in paint order (masks and replicator copies left out; a corner
  /// behind the viewer is `null`).
  static func json(at time: Double, evaluator: PresentationEvaluator, canvas: Canvas) -> String {
    let presentation = evaluator.presentation(atTime: time)
    let tree = presentation.structure
    var out = "{\"time\": \(JSONText.number(time)), \"layers\": ["
    var first = true
    // An explicit stack: scenes may nest layers tens of thousands deep.
    var stack: [(entry: Int, parentToDevice: Transform3D, shows: Bool)] = [
      (0, .scale(x: canvas.scale, y: canvas.scale, z: 1), true)
    ]
    while let (entry, parentToDevice, parentShows) = stack.popLast() {
      let layer = presentation.layers[entry]
      let p = layer.properties
      // The compositor's transforms (LayerProperties' layerToSuperlayer and sublayerToLayer).
      let layerToDevice = p.layerToSuperlayer.concatenating(parentToDevice)
      let childToDevice = p.sublayerToLayer.concatenating(layerToDevice)
      let shows = parentShows && !p.isHidden && p.opacity > 0
      let b = p.bounds
      let corners = [
        Point(x: b.origin.x, y: b.origin.y), Point(x: b.origin.x + b.size.width, y: b.origin.y),
        Point(x: b.origin.x + b.size.width, y: b.origin.y + b.size.height),
        Point(x: b.origin.x, y: b.origin.y + b.size.height),
      ].map(layerToDevice.transform)
      if !first { out += ", " }
      first = false
      out += "{\"index\": \(layer.node), \"corners\": ["
      out += corners.flatMap { [$0.x, $0.y] }.map(JSONText.number).joined(separator: ", ")
      out += "], \"shows\": \(shows), \"localTime\": \(JSONText.number(layer.localTime)), \"animations\": ["
      out += tree.nodes[layer.node].animations.map { animation in
        let t = animation.timing
        guard let local = t.localTime(forParentTime: layer.localTime, duration: t.duration,
                                      keepsForwardFill: !animation.isRemovedOnCompletion)
        else { return "null" }
        return "{\"localTime\": \(JSONText.number(local.basicTime)), \"iteration\": \(local.iteration), "
          + "\"progress\": \(JSONText.number(local.fraction))}"
      }.joined(separator: ", ")
      out += "]}"
      // Sublayers in paint order: pushed last-first so the first pops first.
      for child in presentation.sublayersInPaintOrder(of: entry).reversed() where child < tree.count {
        stack.append((child, childToDevice, shows))
      }
    }
    return out + "]}"
  }
}
