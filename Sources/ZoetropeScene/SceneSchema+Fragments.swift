// SPDX-License-Identifier: Apache-2.0
// The scene schema's value types and the fragment of every key (docs/scene-format.md says the same in prose).

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeText
import ZoetropeTiming

extension SceneSchema {
  // MARK: Value types

  static var valueDefinitions: [String: SchemaValue] {
    let number: SchemaValue = ["type": "number"]
    let unit: SchemaValue = ["type": "number", "minimum": 0, "maximum": 1]
    func numbers(_ count: Int, _ description: String) -> SchemaValue {
      ["type": "array", "items": number, "minItems": .number(Double(count)), "maxItems": .number(Double(count)),
       "description": .string(description)]
    }
    return [
      "nonNegativeNumber": ["type": "number", "minimum": 0],
      "positiveNumber": ["type": "number", "exclusiveMinimum": 0],
      "unitNumber": unit,
      "numbers": ["type": "array", "items": number],
      "angle": [
        "description": "Radians, or degrees as a string such as \"90deg\".",
        "anyOf": [number, ["type": "string", "pattern": "^ *[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)? *deg$"]],
      ],
      "point": numbers(2, "[x, y]"),
      "size": numbers(2, "[width, height]"),
      "rect": numbers(4, "[x, y, width, height]"),
      "color": [
        "description": .string("\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", a UIKit colour name, a UIKit system colour "
          + "(light or dark as the canvas's appearance), or [r, g, b] / [r, g, b, a] in 0…1 (sRGB, straight alpha)."),
        "anyOf": [
          ["type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"],
          ["enum": names(Color.namedColorNames + Color.systemColorNames)],
          ["type": "array", "items": unit, "minItems": 3, "maxItems": 4],
        ],
      ],
      "optionalColor": ["anyOf": [ref("color"), ["type": "null"]], "description": "A colour, or null for none."],
      "transform": [
        "description": .string("16 numbers m11…m44 (CATransform3D, row vectors), or a list of operations applied as "
          + "successive CATransform3DTranslate/Scale/Rotate calls."),
        "anyOf": [numbers(16, "m11, m12, …, m44"), ["type": "array", "items": ref("transformOperation")]],
      ],
      "path": [
        "description": "SVG path data, a shape object, or an array of these (subpaths in order).",
        "anyOf": [["type": "string"], ref("shapePath"), ["type": "array", "items": ref("path")]],
      ],
      "timingFunction": [
        "description": "A named curve, or [c1x, c1y, c2x, c2y] control points of a cubic Bézier.",
        "anyOf": [
          ["enum": constants(MediaTimingFunctionName.allCases.map(\.rawValue), prefix: "kCAMediaTimingFunction")],
          numbers(4, "[c1x, c1y, c2x, c2y]; x values are clamped to 0…1"),
        ],
      ],
      "fillMode": ["enum": constants(FillMode.allCases.map(\.rawValue), prefix: "kCAFillMode")],
      "repeatCount": [
        "description": "Iterations (may be fractional), or \"infinity\".",
        "anyOf": [["type": "number", "minimum": 0], ["enum": ["infinity", "inf", "HUGE_VALF"]]],
      ],
      "frameRate": [
        "description": "Frames per second: a number in (0, 1000] or a ratio such as \"30000/1001\".",
        "anyOf": [
          ["type": "number", "exclusiveMinimum": 0, "maximum": 1000],
          ["type": "string", "pattern": "^ *[+]?[0-9]+ */ *[+]?[0-9]+ *$"],
        ],
      ],
      "animationValue": [
        "description": .string("A value of the key path's type: a number, point, size, rect, colour, transform, path, "
          + "angle, boolean, list of colours or numbers."),
      ],
      "fontWeight": [
        "description": "A weight 1…1000 (400 regular, 700 bold) or its name.",
        "anyOf": [["type": "number", "minimum": 1, "maximum": 1000], ["enum": names(FontDescriptor.weightNames.map(\.0))]],
      ],
      "keyPath": [
        "description": "An animatable key path (docs/scene-format.md, animatable key paths).",
        "enum": names(AnimatableKeyPath.allKeyPathStrings),
      ],
    ]
  }

  // MARK: Keys

  static let canvasFragments: [String: SchemaValue] = [
    "width": described(ref("positiveNumber"), "Width in points."),
    "height": described(ref("positiveNumber"), "Height in points."),
    "fps": described(ref("frameRate"), "Frames per second; default 30."),
    "duration": ["type": "number", "exclusiveMinimum": 0, "maximum": .number(SceneDecoder.maximumDuration),
                 "description": "Seconds; default: the end of the last animation that ends (1 s if none)."],
    "background": described(ref("color"), "Behind everything; default white, \"clear\" keeps transparency."),
    "scale": described(ref("positiveNumber"), "Pixels per point; default 1."),
    "appearance": ["enum": ["light", "dark"], "description": "Which value system colours take; default light."],
  ]

  static let timingFragments: [String: SchemaValue] = [
    "beginTime": ["type": "number", "description": "Start in the parent's time, seconds; 0 is literal."],
    "duration": described(ref("nonNegativeNumber"), "One iteration, seconds (an animation's 0 means 0.25 s)."),
    "speed": ["type": "number", "description": "Rate against the parent's time; 0 pauses, negative reverses."],
    "timeOffset": ["type": "number", "description": "Added to local time after speed, seconds."],
    "repeatCount": ref("repeatCount"),
    "repeatDuration": described(ref("nonNegativeNumber"), "Repeat for this long, seconds; 0 is unused."),
    "autoreverses": ["type": "boolean", "description": "Play each iteration forwards then backwards."],
    "fillMode": described(ref("fillMode"), "What shows outside the active window; default removed."),
  ]

  static let layerFragments: [String: SchemaValue] = timingFragments.merging(SchemaValue.table([
    "name": ["type": "string", "description": "A name, unique in the scene."],
    "bounds": described(ref("rect"), "The layer's own space, points."),
    "position": described(ref("point"), "The anchor point's place in the superlayer, points."),
    "anchorPoint": described(ref("point"), "Unit coordinates of the bounds; default [0.5, 0.5]."),
    "frame": described(ref("rect"), "Sets the bounds' size and the position; not with bounds or position."),
    "zPosition": ["type": "number", "description": "Order among siblings, ascending."],
    "transform": described(ref("transform"), "About the anchor point."),
    "sublayerTransform": described(ref("transform"), "Applied to the sublayers."),
    "opacity": described(ref("unitNumber"), "Group opacity 0…1; default 1."),
    "hidden": ["type": "boolean"],
    "backgroundColor": ref("optionalColor"),
    "cornerRadius": described(ref("nonNegativeNumber"), "Points."),
    "borderWidth": described(ref("nonNegativeNumber"), "Points, inside the bounds."),
    "borderColor": described(ref("optionalColor"), "Default black."),
    "masksToBounds": ["type": "boolean", "description": "Clip the sublayers and the contents to the rounded bounds."],
    "contents": ["anyOf": [["type": "string", "minLength": 1], ["type": "null"]],
                 "description": "A PNG, JPEG or WebP file, relative to the scene file; null for none."],
    "contentsGravity": ["enum": constants(ContentsGravity.allCases.map(\.rawValue), prefix: "kCAGravity"),
                        "description": "Default resize; top is the largest y (drawn at the bottom), as on iOS."],
    "contentsRect": described(ref("rect"), "Unit coordinates of the image from its top-left; default [0, 0, 1, 1]."),
    "contentsCenter": described(ref("rect"), "The stretching part (nine-slice), unit coordinates; default [0, 0, 1, 1]."),
    "contentsScale": described(ref("positiveNumber"), "Image pixels per point; default 1."),
    "minificationFilter": ["enum": constants(ContentsFilter.allCases.map(\.rawValue), prefix: "kCAFilter")],
    "magnificationFilter": ["enum": constants(ContentsFilter.allCases.map(\.rawValue), prefix: "kCAFilter")],
    "sublayers": ["type": "array", "items": ref("layer")],
    "animations": ["type": "array", "items": ref("animation"), "description": "Applied in this order."],
    // Compositing: masks, shadows, blend modes, corner shapes
    "mask": ["anyOf": [ref("layer"), ["type": "null"]],
             "description": "A layer in this layer's space whose composited alpha multiplies it; null for none."],
    "maskMode": ["enum": names(MaskMode.allCases.map(\.rawValue)),
                 "description": "How the mask becomes coverage: its alpha (the default), inverted, or its luminance."],
    "shadowColor": described(ref("optionalColor"), "Default black."),
    "shadowOpacity": described(ref("unitNumber"), "Default 0 (no shadow)."),
    "shadowOffset": described(ref("size"), "Points in the layer's space; default [0, -3] (up)."),
    "shadowRadius": described(ref("nonNegativeNumber"), "The blur's standard deviation, points; default 3."),
    "shadowPath": ["anyOf": [ref("path"), ["type": "null"]],
                   "description": "The shadow's shape in the layer's space; null (the default) for its alpha."],
    "compositingFilter": ["anyOf": [["enum": names(blendModeNames)], ["type": "null"]],
                          "description": "A blend mode (Core Image's name or a short one); null for source-over."],
    "filters": ["anyOf": [["type": "array", "items": [
      "type": "object", "required": ["name"], "additionalProperties": false,
      "properties": ["name": ["enum": ["falseColor", "CIFalseColor"]], "inputColor0": ref("color"),
                     "inputColor1": ref("color"), "inputIntensity": ref("unitNumber")],
    ]], ["type": "null"]],
                "description": "Colour filters applied in order to the layer's composited result: falseColor (CIFalseColor) maps luminance onto the ramp inputColor0 (black, default) to inputColor1 (white, default), mixed with the pixel's colour by inputIntensity (default 1)."],
    "maskedCorners": ["type": "array", "items": ["enum": names(cornerNames)], "uniqueItems": true,
                      "description": "The corners cornerRadius rounds; default all four."],
    "cornerCurve": ["enum": constants(CornerCurve.allCases.map(\.rawValue), prefix: "kCACornerCurve"),
                    "description": "Default circular; continuous is iOS's smooth corner."],
    // Replicator layers
    "emitterCells": ["type": "array", "items": ["type": "object"],
                     "description": "CAEmitterCell objects: name, birthRate, lifetime, velocity, contents, emitterCells, …"],
    "emitterPosition": described(ref("point"), "The centre of the emission shape, the layer's space."),
    "emitterZPosition": ["type": "number"],
    "emitterSize": described(ref("size"), "The size of the emission shape."),
    "emitterDepth": ["type": "number"],
    "emitterShape": ["enum": constants(EmitterShape.allCases.map(\.rawValue), prefix: "kCAEmitterLayer")],
    "emitterMode": ["enum": constants(EmitterMode.allCases.map(\.rawValue), prefix: "kCAEmitterLayer")],
    "renderMode": ["enum": constants(EmitterRenderMode.allCases.map(\.rawValue), prefix: "kCAEmitterLayer")],
    "seed": ["type": "integer", "minimum": 0, "maximum": 4_294_967_295],
    "birthRate": described(["type": "number"], "Multiplies every cell's birthRate; default 1."),
    "lifetime": described(["type": "number"], "Multiplies every cell's lifetime; default 1."),
    "velocity": described(["type": "number"], "Multiplies every cell's velocity; default 1."),
    "scale": described(["type": "number"], "Multiplies every cell's scale; default 1."),
    "spin": described(["type": "number"], "Multiplies every cell's spin; default 1."),
    "instanceCount": ["type": "integer", "minimum": 0, "maximum": .number(SceneDecoder.maximumInstanceCount),
                      "description": "Copies of the sublayers, themselves included; default 1."],
    "instanceDelay": ["type": "number", "description": "Seconds each copy runs behind the one before; default 0."],
    "instanceTransform": described(ref("transform"), "Compounded per copy, about the replicator's centre."),
    "instanceColor": described(ref("optionalColor"), "Multiplies copy 0; default white (null is white too)."),
    "instanceRedOffset": ["type": "number", "description": "Added to the red multiplier per copy; default 0."],
    "instanceGreenOffset": ["type": "number", "description": "Added to the green multiplier per copy; default 0."],
    "instanceBlueOffset": ["type": "number", "description": "Added to the blue multiplier per copy; default 0."],
    "instanceAlphaOffset": ["type": "number", "description": "Added to the alpha multiplier per copy; default 0."],
    "preservesDepth": ["type": "boolean", "description": "Accepted; the copies are composited flat."],
    // Shape layers
    "path": ["anyOf": [ref("path"), ["type": "null"]], "description": "In the layer's own space, points."],
    "fillColor": described(ref("optionalColor"), "Default black."),
    "fillRule": ["enum": constants(FillRule.allCases.map(\.rawValue), prefix: "kCAFillRule")],
    "strokeColor": described(ref("optionalColor"), "Default none."),
    "lineWidth": described(ref("nonNegativeNumber"), "Points; default 1."),
    "lineCap": ["enum": constants(LineCap.allCases.map(\.rawValue), prefix: "kCALineCap")],
    "lineJoin": ["enum": constants(LineJoin.allCases.map(\.rawValue), prefix: "kCALineJoin")],
    "miterLimit": described(ref("nonNegativeNumber"), "Default 10."),
    "lineDashPattern": ["anyOf": [["type": "array", "items": ref("nonNegativeNumber")], ["type": "null"]],
                        "description": "Dash and gap lengths, points; null or [] for solid."],
    "lineDashPhase": ["type": "number", "description": "Points."],
    "strokeStart": described(ref("unitNumber"), "Fraction of the path's length; default 0."),
    "strokeEnd": described(ref("unitNumber"), "Fraction of the path's length; default 1."),
    // Gradient layers
    "colors": ["type": "array", "items": ref("color")],
    "locations": ["anyOf": [["type": "array", "items": ref("unitNumber")], ["type": "null"]],
                  "description": "One per colour; null spaces them evenly."],
    "startPoint": described(ref("point"), "Unit coordinates; default [0.5, 0]."),
    "endPoint": described(ref("point"), "Unit coordinates; default [0.5, 1]."),
    "gradientType": ["enum": constants(GradientType.allCases.map(\.rawValue), prefix: "kCAGradientLayer")],
    "focalPoint": ["anyOf": [ref("point"), ["type": "null"]],
                   "description": "Unit coordinates where a radial gradient's rings close in; null is startPoint."],
    // Text layers
    "string": ["anyOf": [["type": "string"], ["type": "null"]], "description": "The text; null or \"\" draws nothing."],
    "font": ["type": "string", "description": .string("A family or PostScript name, or a font file relative to the scene "
      + "file; default Helvetica (resolved to a metric-compatible face).")],
    "fontWeight": ref("fontWeight"),
    "fontStyle": ["enum": names(FontStyle.allCases.map(\.rawValue)), "description": "Picks the face; default normal."],
    "fontSize": ["type": "number", "minimum": 0, "maximum": .number(SceneDecoder.fontSizes.upperBound),
                 "description": "Points; default 36."],
    "foregroundColor": described(ref("optionalColor"), "The text's colour; default white."),
    "alignmentMode": ["enum": constants(TextLayerAlignmentMode.allCases.map(\.rawValue), prefix: "kCAAlignment")],
    "wrapped": ["type": "boolean", "description": "Wrap at word boundaries to the bounds' width; default false."],
    "truncationMode": ["enum": constants(TextLayerTruncationMode.allCases.map(\.rawValue), prefix: "kCATruncation")],
  ])) { first, _ in first }

  /// Every spelling of a blend mode the decoder takes: `multiplyBlendMode`,
  /// `CIMultiplyBlendMode`, `multiply`.
  static var blendModeNames: [String] {
    BlendMode.allCases.flatMap { mode in
      [mode.rawValue, "CI" + mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst(), mode.shortName]
    }
  }

  /// Every spelling of a corner: `minXMinY`, `layerMinXMinYCorner`, `kCALayerMinXMinYCorner`.
  static var cornerNames: [String] {
    CornerMask.named.flatMap { corner in
      let capitalized = corner.name.prefix(1).uppercased() + corner.name.dropFirst()
      return [corner.name, "layer\(capitalized)Corner", "kCALayer\(capitalized)Corner"]
    }
  }

  static let animationFragments: [String: SchemaValue] = timingFragments.merging(SchemaValue.table([
    "key": ["type": "string", "description": "Replaces an earlier animation with the same key on the layer."],
    "transition": ["enum": constants(TransitionType.allCases.map(\.rawValue), prefix: "kCATransition"),
                   "description": "How a transition draws the two states; default fade."],
    "subtype": ["enum": .array(TransitionSubtype.allCases.flatMap { subtype -> [SchemaValue] in
                  [.string(subtype.rawValue),
                   .string("kCATransition" + subtype.rawValue.prefix(1).uppercased() + subtype.rawValue.dropFirst())]
                } + [.null]),
                "description": "The side a transition's motion starts from; null (the default) moves as fromLeft."],
    "startProgress": described(ref("unitNumber"), "Default 0."),
    "endProgress": described(ref("unitNumber"), "Default 1; at least startProgress."),
    "to": ["type": "object", "description": .string("The layer's state after the change: its property keys, "
      + "sublayers and mask (not type, name, animations or timing).")],
    "removedOnCompletion": ["type": "boolean", "description": "Default true; false lets a forwards fill hold."],
    "timingFunction": ref("timingFunction"),
    "addedAt": ["type": "number", "description": .string("Clip time of the commit that adds it: a zero beginTime becomes "
      + "the layer's local time then.")],
    "keyPath": ref("keyPath"),
    "additive": ["type": "boolean"],
    "cumulative": ["type": "boolean"],
    "valueFunction": ["enum": constants(ValueFunctionName.allCases.map(\.rawValue), prefix: "kCAValueFunction")],
    "fromValue": ref("animationValue"),
    "toValue": ref("animationValue"),
    "byValue": ref("animationValue"),
    "values": ["type": "array", "items": ref("animationValue"), "minItems": 1],
    "keyTimes": ["type": "array", "items": ref("unitNumber"), "description": "Non-decreasing fractions 0…1."],
    "timingFunctions": ["type": "array", "items": ref("timingFunction")],
    "calculationMode": ["enum": constants(CalculationMode.allCases.map(\.rawValue), prefix: "kCAAnimation")],
    "tensionValues": ref("numbers"),
    "continuityValues": ref("numbers"),
    "biasValues": ref("numbers"),
    "path": described(ref("path"), "Moves a point key path along this path."),
    "rotationMode": ["enum": constants(RotationMode.allCases.map(\.rawValue), prefix: "kCAAnimationRotate")],
    "mass": described(ref("positiveNumber"), "Default 1."),
    "stiffness": described(ref("positiveNumber"), "Default 100."),
    "damping": described(ref("nonNegativeNumber"), "Default 10."),
    "initialVelocity": ["type": "number", "description": "From→to distances per second."],
    "perceptualDuration": described(ref("positiveNumber"), "Seconds; instead of mass/stiffness/damping."),
    "bounce": ["type": "number", "exclusiveMinimum": -1, "maximum": 1,
               "description": "In (−1, 1]; instead of mass/stiffness/damping."],
    "allowsOverdamping": ["type": "boolean"],
    "animations": ["type": "array", "items": ref("animation"), "description": "Children, in the group's time."],
  ])) { first, _ in first }

  static let transformOperationFragments: [String: SchemaValue] = [
    "translate": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 3],
    "scale": ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 3],
    "rotate": ref("angle"),
    "axis": ["type": "array", "items": ["type": "number"], "minItems": 3, "maxItems": 3],
    "perspective": ["type": "number", "not": ["const": 0], "description": "Distance, points."],
  ]

  static let shapePathFragments: [String: SchemaValue] = [
    "rect": ref("rect"),
    "roundedRect": ref("rect"),
    "cornerRadius": ref("nonNegativeNumber"),
    "ellipse": ref("rect"),
    "arc": ref("arc"),
    "polyline": ["type": "array", "items": ref("point"), "minItems": 1],
    "closed": ["type": "boolean"],
    "text": ["type": "string", "description": "Text whose shaped outline is the path."],
    "font": ["type": "string", "description": "With text: a family or PostScript name, or a font file; default Helvetica."],
    "size": ["type": "number", "minimum": 0, "maximum": .number(SceneDecoder.fontSizes.upperBound),
             "description": "With text: the font size, points; default 36."],
    "fontWeight": ref("fontWeight"),
    "fontStyle": ["enum": names(FontStyle.allCases.map(\.rawValue))],
  ]

  static let arcFragments: [String: SchemaValue] = [
    "center": ref("point"),
    "radius": ref("nonNegativeNumber"),
    "startAngle": ref("angle"),
    "endAngle": ref("angle"),
    "clockwise": ["type": "boolean", "description": "Default true."],
  ]
}
