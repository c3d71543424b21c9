// SPDX-License-Identifier: Apache-2.0
// The parts of a Lottie file the importer uses, decoded and checked.

import ZoetropeGeometry
import ZoetropePixels

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A decoded Lottie animation (bodymovin JSON): its canvas, frames and layers.
struct LottieAnimation: Sendable {
  /// Canvas size, points (`w`, `h`).
  var width: Double
  var height: Double
  /// Frames per second (`fr`).
  var frameRate: Double
  /// The first frame shown and the frame after the last (`ip`, `op`).
  var inPoint: Double
  var outPoint: Double
  /// The main composition's layers, top first (`layers`).
  var layers: [LottieLayer]
  /// Precompositions by id (`assets` with `layers`).
  var precomps: [String: LottiePrecomp] = [:]
  /// Images by id (`assets` with `p`), `nil` where the image could not be used.
  var images: [String: LottieImageAsset] = [:]
  /// Fonts by name (`fonts.list`).
  var fonts: [String: LottieFont] = [:]
  /// Glyph shapes (`chars`), by character, family and style.
  var glyphs: [LottieGlyphKey: LottieGlyph] = [:]
}

/// A precomposition asset: a list of layers with its own size.
struct LottiePrecomp: Sendable {
  var layers: [LottieLayer]
  /// The JSON path of the asset's `layers`.
  var path: Int
}

/// An image asset: the decoded image and the size the file gives it.
struct LottieImageAsset: Sendable {
  var image: Image?
  var width: Double
  var height: Double
}

/// A font of the `fonts` list.
struct LottieFont: Sendable {
  var family: String
  var style: String
  var name: String
  /// Where the font would be fetched from (`fPath`), if anywhere.
  var path: String?
  /// The ascent as a percentage of the size (`ascent`), if given.
  var ascent: Double?
}

/// Glyphs are found by character, family and style.
struct LottieGlyphKey: Hashable, Sendable {
  var character: String
  var family: String
  var style: String
}

/// A glyph of `chars`: its advance at size 100 and its outline (shape items).
struct LottieGlyph: Sendable {
  var size: Double
  var advance: Double
  var shapes: [LottieShapeItem]
}

/// A layer of a composition.
struct LottieLayer: Sendable {
  enum Kind: Sendable {
    /// A precomposition (`ty` 0): the asset `ref` drawn at `width`×`height`, clipped.
    case precomp(ref: String, width: Double, height: Double, timeRemap: LottieProperty<[Double]>?)
    /// A solid colour rectangle (`ty` 1).
    case solid(color: Color, width: Double, height: Double)
    /// An image (`ty` 2).
    case image(ref: String)
    /// A null (`ty` 3): only a transform for its children.
    case null
    /// Shapes (`ty` 4).
    case shape([LottieShapeItem])
    /// Text (`ty` 5).
    case text(LottieText)
    /// Anything else (audio, camera, data…): not drawn.
    case other(Int)
  }

  var kind: Kind
  var name: String
  /// The layer's `ind`, which children name as their `parent`.
  var index: Int?
  var parent: Int?
  var transform: LottieTransform
  /// Frames of the composition between which the layer shows (`ip` ≤ f < `op`).
  var inPoint: Double
  var outPoint: Double
  /// The layer's start (`st`) and time stretch (`sr`), for its content's time.
  var startTime: Double
  var timeStretch: Double
  /// `bm`: 0 normal, 1 multiply, … 15 luminosity.
  var blendMode: Int
  var is3D: Bool
  var autoOrient: Bool
  /// `hd`: hidden in the file.
  var isHidden: Bool
  var masks: [LottieMask]
  /// `tt`: how the matte is used (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted); 0 without.
  var matteMode: Int
  /// `td`: this layer is a matte for another.
  var isMatteSource: Bool
  /// `tp`: the `ind` of the matte layer (newer files); `nil` means the layer above.
  var matteParent: Int?
  /// JSON path of the layer.
  var path: Int
  /// A Fill effect (`ef` of type 21): the layer's pixels in one colour.
  var fillEffect: LottieFillEffect? = nil
  var dropShadow: LottieDropShadow? = nil
  /// A Tint effect (`ef` of type 20).
  var tint: LottieTint? = nil
}

/// After Effects' Tint effect (`ty` 20): the colours black and white map
/// to, and the amount (percent) mixed with the layer's own colours.
struct LottieTint: Sendable {
  var black: LottieProperty<[Double]>
  var white: LottieProperty<[Double]>
  var amount: LottieProperty<[Double]>
  /// JSON path of the effect.
  var path: Int
}

/// After Effects' Fill effect as lottie-web draws it: every pixel of the
/// layer takes `color`, its alpha times `opacity` (0…1).
struct LottieFillEffect: Sendable {
  var color: LottieProperty<[Double]>
  var opacity: LottieProperty<[Double]>
}

/// A Drop Shadow effect (`ty` 25): colour, opacity 0…255, direction
/// (degrees clockwise from up), distance and softness (points), as
/// lottie-web reads its values.
struct LottieDropShadow: Sendable {
  var color: LottieProperty<[Double]>
  var opacity: LottieProperty<[Double]>
  var direction: LottieProperty<[Double]>
  var distance: LottieProperty<[Double]>
  var softness: LottieProperty<[Double]>
}

/// A layer's or a group's transform (`ks` or a `tr` item).
struct LottieTransform: Sendable {
  var anchor = LottieProperty<[Double]>([0, 0])
  /// Position, or `nil` when the dimensions are separated into `positionX`/`positionY`.
  var position: LottieProperty<[Double]>? = LottieProperty([0, 0])
  var positionX: LottieProperty<[Double]>?
  var positionY: LottieProperty<[Double]>?
  /// Percentages.
  var scale = LottieProperty<[Double]>([100, 100])
  /// Degrees, clockwise.
  var rotation = LottieProperty<[Double]>([0])
  /// Percentage.
  var opacity = LottieProperty<[Double]>([100])
  /// Degrees.
  var skew = LottieProperty<[Double]>([0])
  var skewAxis = LottieProperty<[Double]>([0])
  /// A 3D layer's x and y rotations and orientation (`rx`, `ry`, `or`),
  /// degrees; `nil` on 2D layers and where the file gives none that turns.
  var rotation3D: LottieRotation3D?
  /// JSON path of the transform object.
  var path: Int = 0

  /// The position at `frame`, from the whole property or its separated dimensions.
  func position(at frame: Double) -> [Double] {
    if let position { return position.value(at: frame) }
    return [positionX?.scalar(at: frame) ?? 0, positionY?.scalar(at: frame) ?? 0]
  }

  /// The matrix at `frame`: anchor, scale, skew, rotation and position, as
  /// After Effects composes them (`rotationOffset` adds degrees, for auto-orient).
  func matrix(at frame: Double, rotationOffset: Double = 0) -> AffineTransform {
    let a = anchor.value(at: frame), p = position(at: frame), s = scale.value(at: frame)
    let r = (rotation.scalar(at: frame) + rotationOffset) * .pi / 180
    let sk = skew.scalar(at: frame), sa = skewAxis.scalar(at: frame) * .pi / 180
    var m = AffineTransform.identity.translatedBy(x: -(a.first ?? 0), y: -(a.count > 1 ? a[1] : 0))
    m = m.concatenating(AffineTransform(a: (s.first ?? 100) / 100, b: 0, c: 0, d: (s.count > 1 ? s[1] : 100) / 100,
                                        tx: 0, ty: 0))
    if sk != 0 {
      m = m.concatenating(LottieTransform.skewMatrix(skew: sk, axis: sa))
    }
    if let rotation3D {
      m = m.concatenating(rotation3D.projected(at: frame, zRadians: r))
    } else {
      m = m.concatenating(AffineTransform.identity.rotated(by: r))
    }
    return m.concatenating(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: p.first ?? 0, ty: p.count > 1 ? p[1] : 0))
  }

  /// After Effects' skew as lottie-web composes it: turned by the axis,
  /// sheared along x by tan(−skew), turned back.
  static func skewMatrix(skew: Double, axis: Double) -> AffineTransform {
    let k = tan(-skew * .pi / 180)
    let shear = AffineTransform(a: 1, b: 0, c: k.isFinite ? k : 0, d: 1, tx: 0, ty: 0)
    return AffineTransform.identity.rotated(by: axis).concatenating(shear)
      .concatenating(AffineTransform.identity.rotated(by: -axis))
  }
}

/// A 3D layer's turns about x and y and its orientation, drawn as lottie-web's
/// SVG and canvas renderers and ThorVG draw them: the 3D rotation seen
/// straight on, without perspective (z dropped), so a card turning about y
/// narrows to a line and widens again mirrored.
struct LottieRotation3D: Sendable {
  /// Degrees (`rx`, `ry`).
  var x = LottieProperty<[Double]>([0])
  var y = LottieProperty<[Double]>([0])
  /// Degrees about x, y and z (`or`).
  var orientation = LottieProperty<[Double]>([0, 0, 0])

  var isAnimated: Bool { x.isAnimated || y.isAnimated || orientation.isAnimated }

  /// The rotation at `frame` after a z turn of `zRadians`, projected onto
  /// the screen: lottie-web's order (z, then y, then x, then the
  /// orientation's z, y and x), on a y-down screen.
  func projected(at frame: Double, zRadians: Double) -> AffineTransform {
    let o = orientation.value(at: frame)
    let radians = Double.pi / 180
    // Row vectors, as AffineTransform composes: each turn applied after the last.
    var m = LottieRotation3D.turn(axis: 2, zRadians)
    m = LottieRotation3D.product(m, LottieRotation3D.turn(axis: 1, y.scalar(at: frame) * radians))
    m = LottieRotation3D.product(m, LottieRotation3D.turn(axis: 0, x.scalar(at: frame) * radians))
    m = LottieRotation3D.product(m, LottieRotation3D.turn(axis: 2, (o.count > 2 ? o[2] : 0) * radians))
    m = LottieRotation3D.product(m, LottieRotation3D.turn(axis: 1, (o.count > 1 ? o[1] : 0) * radians))
    m = LottieRotation3D.product(m, LottieRotation3D.turn(axis: 0, (o.first ?? 0) * radians))
    return AffineTransform(a: m[0][0], b: m[0][1], c: m[1][0], d: m[1][1], tx: 0, ty: 0)
  }

  /// A turn by `angle` radians about `axis` (0 x, 1 y, 2 z) as a 3 × 3
  /// matrix for row vectors, in lottie-web's senses: z clockwise on a
  /// y-down screen, y carrying +x towards +z, x carrying +y towards −z.
  static func turn(axis: Int, _ angle: Double) -> [[Double]] {
    let c = cos(angle), s = sin(angle)
    switch axis {
    case 0: return [[1, 0, 0], [0, c, -s], [0, s, c]]
    case 1: return [[c, 0, s], [0, 1, 0], [-s, 0, c]]
    default: return [[c, s, 0], [-s, c, 0], [0, 0, 1]]
    }
  }

  static func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
  }
}

/// A mask of a layer (`masksProperties`).
struct LottieMask: Sendable {
  /// `mode`: "a" add, "s" subtract, "i" intersect, "l" lighten, "da" darken, "f" difference, "n" none.
  var mode: String
  var isInverted: Bool
  var shape: LottieProperty<LottieBezier>
  /// Percentage.
  var opacity: LottieProperty<[Double]>
  /// Expansion, points (`x`).
  var expansion: LottieProperty<[Double]>
  var path: Int
}

/// A text layer's text (`t`): its document keyframes and glyph or font use.
struct LottieText: Sendable {
  var documents: [(time: Double, document: LottieTextDocument)]
  var path: Int
  var animators: [LottieTextAnimator]
}

/// One text document: string, font, size, colours, justification.
struct LottieTextDocument: Sendable {
  var text: String
  var font: String
  var size: Double
  var fillColor: Color?
  var strokeColor: Color?
  var strokeWidth: Double
  var strokeOverFill: Bool
  /// 0 left, 1 right, 2 centre.
  var justification: Int
  /// Tracking, thousandths of an em.
  var tracking: Double
  /// Line height, points.
  var lineHeight: Double
  var baselineShift: Double
  /// Paragraph text's box (`ps`, `sz`): its top left and size; `nil` for point text.
  var boxPosition: Point? = nil
  var boxSize: Size? = nil
}
