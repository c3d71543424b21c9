// SPDX-License-Identifier: Apache-2.0
// Converting points and rectangles between layers, and hit testing, through Zoetrope's layer geometry.

import Zoetrope

extension CALayer {
  /// `point` in this layer's coordinates, in `layer`'s (the space the root
  /// layer is placed in when `nil`); model values, through transforms and
  /// perspective (Zoetrope's `Layer.convert(_:to:)`).
  public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
    CGPoint(backing.convert(point.zoetrope, to: layer?.backing))
  }

  /// `point` in `layer`'s coordinates, in this layer's.
  public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
    CGPoint(backing.convert(point.zoetrope, from: layer?.backing))
  }

  /// The smallest rectangle in `layer`'s coordinates holding `rect`'s four corners.
  public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
    CALayer.box(rect) { convert($0, to: layer) }
  }

  /// The smallest rectangle in this layer's coordinates holding the corners of `rect`, given in `layer`'s.
  public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
    CALayer.box(rect) { convert($0, from: layer) }
  }

  private static func box(_ rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
    let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                   CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(map)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// Whether `point`, in this layer's coordinates, lies within its bounds.
  public func contains(_ point: CGPoint) -> Bool { bounds.contains(point) }

  /// The deepest visible layer at `point`, given in the superlayer's
  /// coordinates (the space a root is placed in, for a root), front
  /// sublayers first; `nil` when no layer there contains it. Model values,
  /// as on a model layer; a layer that `masksToBounds` hides what lies
  /// outside it. Walks the tree without recursion.
  public func hitTest(_ point: CGPoint) -> CALayer? {
    struct Visit {
      let layer: CALayer
      let local: Point
      var next: Int
    }
    /// `layer` entered at `point`, in the space `step` takes the layer's own to.
    func enter(_ layer: CALayer, at point: Point, step: Transform3D) -> Visit? {
      guard !layer.isHidden, layer.opacity > 0 else { return nil }
      let local = step.untransform(point)
      guard local.isFinite, !layer.masksToBounds || layer.contains(CGPoint(local)) else { return nil }
      return Visit(layer: layer, local: local, next: layer.children.count - 1)
    }
    /// From `child`'s coordinates to its superlayer's.
    func step(into child: CALayer, of superlayer: CALayer?) -> Transform3D {
      let own = child.backing.model.layerToSuperlayer
      return superlayer.map { own.concatenating($0.backing.model.sublayerToLayer) } ?? own
    }
    guard let first = enter(self, at: point.zoetrope, step: step(into: self, of: parent)) else { return nil }
    var stack = [first]
    while var top = stack.popLast() {
      if top.next >= 0 {
        let child = top.layer.children[top.next]
        top.next -= 1
        stack.append(top)
        if let entered = enter(child, at: top.local, step: step(into: child, of: top.layer)) { stack.append(entered) }
        continue
      }
      if top.layer.contains(CGPoint(top.local)) { return top.layer }
    }
    return nil
  }
}
