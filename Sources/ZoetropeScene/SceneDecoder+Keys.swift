// SPDX-License-Identifier: Apache-2.0
// Every key the decoder accepts, per kind of object, in one place (the docs, the schema and their tests read them).

import ZoetropeLayers

extension SceneDecoder {
  // MARK: Document and canvas

  /// The top-level keys of a scene document. `$schema` is for editors and ignored.
  package static let documentKeys: Set<String> = ["$schema", "zoetrope", "canvas", "layers", "root"]
  /// The keys of `canvas`.
  package static let canvasKeys: Set<String> = ["width", "height", "fps", "duration", "background", "scale",
                                                 "appearance"]

  // MARK: Layers

  /// The eight `CAMediaTiming` keys, shared by layers and animations.
  package static let timingKeys: Set<String> = [
    "beginTime", "speed", "timeOffset", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
  ]
  /// The keys of every layer, timing keys aside.
  package static let plainLayerKeys: Set<String> = [
    "type", "name", "bounds", "position", "anchorPoint", "frame", "zPosition", "transform", "sublayerTransform",
    "opacity", "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
    "sublayers", "animations",
  ]
  /// The contents keys every layer kind has (`CALayer.contents` and its placement).
  package static let contentsKeys: Set<String> = [
    "contents", "contentsGravity", "contentsRect", "contentsCenter", "contentsScale", "minificationFilter",
    "magnificationFilter",
  ]
  /// The compositing keys every layer kind has: its mask, shadow, blend mode and corner shape.
  package static let compositingKeys: Set<String> = [
    "mask", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "compositingFilter",
    "maskedCorners", "cornerCurve", "maskMode", "filters",
  ]
  /// The keys of every layer, timing keys included.
  package static let layerKeys: Set<String> = timingKeys.union(plainLayerKeys).union(contentsKeys)
    .union(compositingKeys)
  /// The keys a shape layer adds.
  package static let shapeKeys: Set<String> = [
    "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
    "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd",
  ]
  /// The keys a gradient layer adds.
  package static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint", "gradientType",
                                                  "focalPoint"]
  /// The keys a text layer adds.
  package static let textKeys: Set<String> = [
    "string", "font", "fontWeight", "fontStyle", "fontSize", "foregroundColor", "alignmentMode", "wrapped",
    "truncationMode",
  ]
  /// The keys a replicator layer adds.
  package static let replicatorKeys: Set<String> = [
    "instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
    "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset", "preservesDepth",
  ]
  /// Layer keys the root layer does not take: its frame is the canvas, its sublayers are `layers`.
  package static let keysNotOnRoot: Set<String> = ["frame", "type", "sublayers"]

  /// Every key a layer of `kind` accepts (besides `x-` keys).
  package static func layerKeys(for kind: LayerKind) -> Set<String> {
    switch kind {
    case .layer, .transformLayer: layerKeys
    case .emitter: layerKeys.union(emitterKeys)
    case .shape: layerKeys.union(shapeKeys)
    case .gradient: layerKeys.union(gradientKeys)
    case .text: layerKeys.union(textKeys)
    case .replicator: layerKeys.union(replicatorKeys)
    }
  }

  /// Every key of `"root"`.
  package static var rootLayerKeys: Set<String> { layerKeys.subtracting(keysNotOnRoot) }

  // MARK: Animations

  /// Keys of every animation besides the timing keys.
  package static let commonAnimationKeys: Set<String> = ["type", "key", "removedOnCompletion", "timingFunction", "addedAt"]
  /// Keys of basic, keyframe and spring animations (`CAPropertyAnimation`).
  package static let propertyAnimationKeys: Set<String> = ["keyPath", "additive", "cumulative", "valueFunction"]
  /// Keys of basic (and spring) animations.
  package static let basicKeys: Set<String> = ["fromValue", "toValue", "byValue"]
  /// Keys of keyframe animations.
  package static let keyframeKeys: Set<String> = [
    "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues", "biasValues",
    "path", "rotationMode",
  ]
  /// Keys a spring adds to a basic animation's.
  package static let springKeys: Set<String> = [
    "mass", "stiffness", "damping", "initialVelocity", "perceptualDuration", "bounce", "allowsOverdamping",
  ]
  /// Keys of groups besides the common ones.
  package static let groupKeys: Set<String> = ["animations"]

  /// Keys a transition adds to the common ones.
  package static let transitionKeys: Set<String> = ["transition", "subtype", "startProgress", "endProgress", "to"]
  /// Every key of a transition (`"type": "transition"`).
  package static let transitionAnimationKeys: Set<String> = timingKeys.union(commonAnimationKeys).union(transitionKeys)

  /// Every key an animation of `type` accepts (besides `x-` keys).
  package static func animationKeys(for type: AnimationType) -> Set<String> {
    let common = timingKeys.union(commonAnimationKeys)
    switch type {
    case .basic: return common.union(propertyAnimationKeys).union(basicKeys)
    case .keyframe: return common.union(propertyAnimationKeys).union(keyframeKeys)
    case .spring: return common.union(propertyAnimationKeys).union(basicKeys).union(springKeys)
    case .group: return common.union(groupKeys)
    }
  }

  // MARK: Values

  /// The operations of a transform list; `axis` goes with `rotate` only.
  package static let transformOperationKeys: Set<String> = ["translate", "scale", "rotate", "axis", "perspective"]
  /// The shapes a path object can name, and their companions (`cornerRadius`
  /// with `roundedRect`, `closed` with `polyline`).
  package static let shapePathKeys: Set<String> = Set([
    "rect", "roundedRect", "cornerRadius", "ellipse", "arc", "polyline", "closed",
  ]).union(textPathKeys)
  /// The keys of a `{"text": …}` path object: the string and its font.
  package static let textPathKeys: Set<String> = ["text", "font", "size", "fontWeight", "fontStyle"]
  /// The keys of an `arc` path.
  package static let arcKeys: Set<String> = ["center", "radius", "startAngle", "endAngle", "clockwise"]
}
