// SPDX-License-Identifier: Apache-2.0
// What the decoder says about a key it does not take: a Core Animation property not supported yet, or another API's spelling.

extension SceneDecoder {
  /// Core Animation layer properties Zoetrope does not support yet. A scene
  /// using one is refused with a message saying so (not "unknown key"). When
  /// a property becomes supported, it moves from here to the key sets of
  /// `SceneDecoder+Keys.swift`.
  package static let unsupportedLayerKeys: Set<String> = [
    // Contents and filters
    "contentsFormat", "backgroundFilters",
    // Edges and 3D
    "doubleSided", "isDoubleSided", "anchorPointZ", "allowsEdgeAntialiasing", "edgeAntialiasingMask",
    "allowsGroupOpacity", "shouldRasterize", "rasterizationScale",
  ]

  /// Core Animation layer classes Zoetrope does not support yet, by the names a scene might give them.
  package static let unsupportedLayerTypes: Set<String> = [
    "scroll", "CAScrollLayer", "tiled", "CATiledLayer",
  ]

  /// Core Animation animation classes Zoetrope does not support yet.
  package static let unsupportedAnimationTypes: Set<String> = []

  /// Keys written as other APIs (UIKit, SwiftUI, CSS, SVG) spell them: the
  /// key Zoetrope uses, and a note when the meaning is not the same.
  package static let keyAliases: [String: (key: String, note: String?)] = [
    "isHidden": ("hidden", nil), "isWrapped": ("wrapped", nil), "alpha": ("opacity", nil), "clipsToBounds": ("masksToBounds", nil),
    "isEnabled": ("enabled", nil),
    "center": ("position", "the anchor point's place in the superlayer"),
    "anchor": ("anchorPoint", nil), "borderRadius": ("cornerRadius", nil), "radius": ("cornerRadius", nil),
    "cornerRadii": ("cornerRadius", "one radius for every corner"), "layerCornerRadius": ("cornerRadius", nil),
    "children": ("sublayers", nil), "subviews": ("sublayers", nil), "layers": ("sublayers", nil),
    "isRemovedOnCompletion": ("removedOnCompletion", nil), "isAdditive": ("additive", nil),
    "isCumulative": ("cumulative", nil), "delay": ("beginTime", nil), "repeat": ("repeatCount", nil),
    "repeatForever": ("repeatCount", "\"infinity\" repeats forever"),
    "easing": ("timingFunction", nil), "curve": ("timingFunction", nil), "timing": ("timingFunction", nil),
    "from": ("fromValue", nil), "to": ("toValue", nil), "by": ("byValue", nil), "keyframes": ("values", nil),
    "dampingRatio": ("bounce", "a damping ratio ζ is \"bounce\": 1 − ζ, with \"perceptualDuration\""),
    "response": ("perceptualDuration", nil),
    "initialSpringVelocity": ("initialVelocity", nil), "velocity": ("initialVelocity", nil),
    "frameRate": ("fps", nil), "framesPerSecond": ("fps", nil), "backgroundColour": ("backgroundColor", nil),
    "strokeWidth": ("lineWidth", nil), "fill": ("fillColor", nil), "stroke": ("strokeColor", nil),
    "strokeDasharray": ("lineDashPattern", nil), "strokeDashoffset": ("lineDashPhase", nil),
    "strokeLinecap": ("lineCap", nil), "strokeLinejoin": ("lineJoin", nil),
    "strokeMiterlimit": ("miterLimit", nil), "d": ("path", nil),
    "textAlignment": ("alignmentMode", "CATextLayer's name for UILabel's textAlignment"),
    "textAlign": ("alignmentMode", nil), "textColor": ("foregroundColor", nil), "text": ("string", nil),
    "fontFamily": ("font", nil), "fontName": ("font", nil), "colorScheme": ("appearance", nil),
    "userInterfaceStyle": ("appearance", nil), "overrideUserInterfaceStyle": ("appearance", nil),
  ]

  /// Constant names written as SwiftUI or CSS spell them, for the value of
  /// `timingFunction` and `fillMode`.
  package static let constantAliases: [String: String] = [
    "easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease": "default", "ease-in": "easeIn",
    "ease-out": "easeOut", "none": "removed",
  ]

  /// The hint for a key that `allowed` does not contain: a Core Animation
  /// property not supported yet, another API's spelling of an allowed key, or
  /// the closest allowed key. Empty when nothing fits.
  static func hint(forUnknownKey key: String, among allowed: Set<String>) -> String {
    if let alias = keyAliases[key], allowed.contains(alias.key) {
      return " (did you mean \"\(alias.key)\"?\(alias.note.map { " \($0)" } ?? ""))"
    }
    return suggestion(for: key, among: allowed.sorted())
  }

  /// ` (did you mean "x"?)` for a constant spelled as SwiftUI or CSS spell it, or the closest name.
  static func constantSuggestion(for word: String, among names: [String]) -> String {
    if let alias = constantAliases[word], names.contains(alias) { return " (did you mean \"\(alias)\"?)" }
    return suggestion(for: word, among: names)
  }
}
