// SPDX-License-Identifier: Apache-2.0
// The items of a shape layer: geometry, paints, modifiers and groups.

import ZoetropeGeometry

/// One item of a shape layer's `shapes` (or a group's `it`), in file order
/// (the first item is drawn on top).
struct LottieShapeItem: Sendable {
  enum Kind: Sendable {
    /// `gr`: items of its own and a transform (its `tr` item), or one
    /// copy of a repeater's items.
    case group([LottieShapeItem], LottieGroupTransform)
    /// `sh`: a path.
    case path(LottieProperty<LottieBezier>)
    /// `rc`: centre, size, corner roundness.
    case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, roundness: LottieProperty<[Double]>)
    /// `el`: centre and size.
    case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>)
    /// `sr`: a star (`sy` 1) or polygon (`sy` 2).
    case polystar(LottiePolystar)
    /// `fl`, `st`, `gf`, `gs`: paints of the geometry above them.
    case paint(LottiePaint)
    /// `tm`: trims the geometry above it.
    case trim(start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, offset: LottieProperty<[Double]>,
              individually: Bool)
    /// `rd`: rounds the corners of the geometry above it.
    case roundCorners(LottieProperty<[Double]>)
    /// `rp`: copies of the items above it.
    case repeater(LottieRepeater)
    /// `mm`: merges the paths above it (mode 1 merge, 2 add, 3 subtract, 4 intersect, 5 exclude).
    case mergePaths(mode: Int)
    /// A transform item (`tr`) outside a group's end, or one the importer ignores.
    case ignored
  }

  var kind: Kind
  /// `d` of geometry: its direction (1 clockwise, 3 counter-clockwise;
  /// rectangles without one run counter-clockwise, as lottie-web draws them).
  var direction: Int?
  /// `hd`: hidden.
  var isHidden = false
  /// `ty`, for messages.
  var type: String
  var path: Int
}

/// How a group moves its items: by its own transform, or as copy `index`
/// (counted from the top) of a repeater.
enum LottieGroupTransform: Sendable {
  case transform(LottieTransform)
  case copy(LottieRepeater, index: Int)

  /// Whether the matrix or opacity changes over time.
  var isAnimated: Bool {
    switch self {
    case .transform(let t): LottieSceneBuilder.isAnimated(t) || t.opacity.isAnimated
    case .copy(let r, _): r.isAnimated
    }
  }

  /// The matrix at `frame`.
  func matrix(at frame: Double) -> AffineTransform {
    switch self {
    case .transform(let t): return t.matrix(at: frame)
    case .copy(let r, let index):
      let copies = LottieSceneBuilder.repeaterCopies(r, at: frame)
      return index < copies.count ? copies[index].matrix : .identity
    }
  }

  /// The group's opacity at `frame`, 0…1 (a copy past the repeater's count has none).
  func opacity(at frame: Double) -> Double {
    switch self {
    case .transform(let t): return t.opacity.scalar(at: frame) / 100
    case .copy(let r, let index):
      let copies = LottieSceneBuilder.repeaterCopies(r, at: frame)
      return index < copies.count ? copies[index].opacity : 0
    }
  }
}

/// A star or polygon.
struct LottiePolystar: Sendable {
  var isStar: Bool
  var position: LottieProperty<[Double]>
  var points: LottieProperty<[Double]>
  var rotation: LottieProperty<[Double]>
  var outerRadius: LottieProperty<[Double]>
  var outerRoundness: LottieProperty<[Double]>
  var innerRadius: LottieProperty<[Double]>
  var innerRoundness: LottieProperty<[Double]>
}

/// A fill or stroke, solid or gradient.
struct LottiePaint: Sendable {
  enum Source: Sendable {
    /// A colour (`c`, components 0…1).
    case color(LottieProperty<[Double]>)
    /// A gradient (`g`): `colorStops` colour stops then opacity stops, flattened.
    case gradient(LottieGradient)
  }

  var source: Source
  /// Percentage.
  var opacity: LottieProperty<[Double]>
  /// `nil` for a fill; the stroke's width and style for a stroke.
  var stroke: LottieStroke?
  /// Fill rule (`r`): 1 non-zero, 2 even-odd.
  var evenOdd: Bool
  /// The paint's blend mode (`bm`, as a layer's): 0 normal.
  var blendMode = 0
}

/// A stroke's width and style.
struct LottieStroke: Sendable {
  var width: LottieProperty<[Double]>
  var cap: LineCap
  var join: LineJoin
  var miterLimit: Double
  /// Dashes (`d`): lengths of dashes and gaps in order, then the offset.
  var dashes: [LottieProperty<[Double]>]
  var dashOffset: LottieProperty<[Double]>?
}

/// A gradient: type, end points, highlight and stops.
struct LottieGradient: Sendable {
  var isRadial: Bool
  var start: LottieProperty<[Double]>
  var end: LottieProperty<[Double]>
  /// Highlight length (percentage) and angle (degrees), radial only.
  var highlightLength: LottieProperty<[Double]>
  var highlightAngle: LottieProperty<[Double]>
  /// How many colour stops `stops` begins with (`g.p`).
  var colorStopCount: Int
  /// `g.k`: position, r, g, b per colour stop, then position, opacity pairs.
  var stops: LottieProperty<[Double]>
}

/// A repeater's copies and their transform.
struct LottieRepeater: Sendable {
  var copies: LottieProperty<[Double]>
  var offset: LottieProperty<[Double]>
  /// `m`: 1 each copy above the one before, 2 below.
  var composite: Int
  var transform: LottieTransform
  /// Opacity of the first and last copies, percentages.
  var startOpacity: LottieProperty<[Double]>
  var endOpacity: LottieProperty<[Double]>

  /// Whether anything about the copies changes over time.
  var isAnimated: Bool {
    copies.isAnimated || offset.isAnimated || startOpacity.isAnimated || endOpacity.isAnimated
      || LottieSceneBuilder.isAnimated(transform)
  }
}
