// SPDX-License-Identifier: Apache-2.0
// The value types of compositing: blend modes, corner masks and curves, replicator properties.

import ZoetropeGeometry

/// A `compositingFilter`: how a layer's composited result is blended onto
/// what is below it, named as Core Image's blend-mode filters (the raw value
/// is the filter name, `CIMultiplyBlendMode` without the prefix).
///
/// The formulas are those of W3C Compositing and Blending Level 1, on
/// premultiplied sRGB: separable modes blend each channel, the last four
/// (hue, saturation, color, luminosity) blend the colour as a whole; the
/// result's alpha is always `αs + αb − αs·αb`.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
  /// `Cs × Cb`: darkens; white leaves the backdrop unchanged.
  case multiply = "multiplyBlendMode"
  /// `Cs + Cb − Cs × Cb`: lightens; black leaves the backdrop unchanged.
  case screen = "screenBlendMode"
  /// Hard light with source and backdrop swapped.
  case overlay = "overlayBlendMode"
  /// The darker of source and backdrop, per channel.
  case darken = "darkenBlendMode"
  /// The lighter of source and backdrop, per channel.
  case lighten = "lightenBlendMode"
  /// Brightens the backdrop towards the source.
  case colorDodge = "colorDodgeBlendMode"
  /// Darkens the backdrop towards the source.
  case colorBurn = "colorBurnBlendMode"
  /// A soft multiply or screen by the source.
  case softLight = "softLightBlendMode"
  /// Multiply or screen by the source.
  case hardLight = "hardLightBlendMode"
  /// `|Cs − Cb|`.
  case difference = "differenceBlendMode"
  /// `Cs + Cb − 2 × Cs × Cb`.
  case exclusion = "exclusionBlendMode"
  /// The source's hue with the backdrop's saturation and luminosity.
  case hue = "hueBlendMode"
  /// The source's saturation with the backdrop's hue and luminosity.
  case saturation = "saturationBlendMode"
  /// The source's hue and saturation with the backdrop's luminosity.
  case color = "colorBlendMode"
  /// The source's luminosity with the backdrop's hue and saturation.
  case luminosity = "luminosityBlendMode"

  /// The short name a scene may use instead: `multiply` for `multiplyBlendMode`.
  public var shortName: String { String(rawValue.dropLast("BlendMode".count)) }

  /// The mode named `name`: Core Image's filter name (`multiplyBlendMode`,
  /// also with the `CI` prefix) or the short name (`multiply`); `nil` for
  /// anything else.
  public init?(name: String) {
    var name = Substring(name)
    if name.hasPrefix("CI") { name = name.dropFirst(2) }
    let lowered = name.prefix(1).lowercased() + name.dropFirst()
    guard let mode = BlendMode.allCases.first(where: { $0.rawValue == lowered || $0.shortName == lowered })
    else { return nil }
    self = mode
  }
}

/// Which corners of the bounds `cornerRadius` rounds, as `CACornerMask`.
///
/// Zoetrope's coordinates are y-down, as iOS's: `minY` is the top edge, so
/// ``layerMinXMinYCorner`` is the top-left corner. (On macOS, whose layers
/// are y-up, the same name is the bottom-left corner.)
public struct CornerMask: OptionSet, Hashable, Sendable {
  /// The bits: 1, 2, 4, 8 as `CACornerMask`.
  public let rawValue: UInt8
  /// A mask of the given bits (only the low four count).
  public init(rawValue: UInt8) { self.rawValue = rawValue & 0xF }

  /// The corner at (minX, minY): top left.
  public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
  /// The corner at (maxX, minY): top right.
  public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
  /// The corner at (minX, maxY): bottom left.
  public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
  /// The corner at (maxX, maxY): bottom right.
  public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
  /// All four corners (the default).
  public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner,
                                       .layerMaxXMaxYCorner]

  /// The corners with their short scene names (`minXMinY`, …), in bit order.
  public static let named: [(name: String, corner: CornerMask)] = [
    ("minXMinY", .layerMinXMinYCorner), ("maxXMinY", .layerMaxXMinYCorner),
    ("minXMaxY", .layerMinXMaxYCorner), ("maxXMaxY", .layerMaxXMaxYCorner),
  ]

  /// The corner a scene names: `minXMinY`, Swift's `layerMinXMinYCorner` or
  /// Core Animation's `kCALayerMinXMinYCorner`; `nil` for anything else.
  public init?(cornerName name: String) {
    var s = Substring(name)
    if s.hasPrefix("kCALayer") { s = s.dropFirst("kCALayer".count) } else if s.hasPrefix("layer") {
      s = s.dropFirst("layer".count)
    }
    if s.hasSuffix("Corner") { s = s.dropLast("Corner".count) }
    let short = s.prefix(1).lowercased() + s.dropFirst()
    guard let match = CornerMask.named.first(where: { $0.name == short }) else { return nil }
    self = match.corner
  }

  /// The short names of the corners in the mask, in bit order.
  public var names: [String] { CornerMask.named.filter { contains($0.corner) }.map(\.name) }
}

/// The curve of a layer's rounded corners, as `CALayerCornerCurve`.
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
  /// Quarter circles of `cornerRadius` (the default).
  case circular
  /// Apple's smooth corner (iOS 13's `continuous`): the curvature eases in
  /// along 1.528665 × `cornerRadius` of each edge instead of jumping at the
  /// start of a circular arc.
  case continuous
}

/// The properties a `CAReplicatorLayer` adds: how many copies of its
/// sublayers it draws, and how each copy differs from the one before.
public struct ReplicatorProperties: Hashable, Sendable {
  /// The number of copies, the sublayers themselves included; default 1.
  /// Zero or less draws no sublayers.
  public var instanceCount = 1
  /// Seconds by which copy `k` lags copy `k − 1` in its timing; default 0.
  public var instanceDelay = 0.0
  /// The transform copy `k` applies to copy `k − 1`, about the centre of the
  /// replicator's bounds; default identity.
  public var instanceTransform = Transform3D.identity
  /// The colour every copy's colours are multiplied by; default opaque white.
  public var instanceColor = Color.white
  /// Added to the red multiplier once per copy (copy `k` gets `k` times it).
  public var instanceRedOffset = 0.0
  /// Added to the green multiplier once per copy.
  public var instanceGreenOffset = 0.0
  /// Added to the blue multiplier once per copy.
  public var instanceBlueOffset = 0.0
  /// Added to the alpha multiplier once per copy.
  public var instanceAlphaOffset = 0.0
  /// Accepted for Core Animation compatibility; copies are always composited
  /// flat, in the replicator's plane.
  public var preservesDepth = false

  /// Core Animation's defaults.
  public init() {}

  /// The colour multiplier of copy `k`: `instanceColor + k × offset` per
  /// component, clamped to 0…1 (Apple does not document the clamp; a
  /// multiplier outside 0…1 has no meaning for 8-bit colour). NaN counts as 0.
  public func instanceColorMultiplier(_ k: Int) -> Color {
    func channel(_ base: Double, _ offset: Double) -> Double {
      let v = base + Double(k) * offset
      return v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1)
    }
    return Color(red: channel(instanceColor.red, instanceRedOffset),
                 green: channel(instanceColor.green, instanceGreenOffset),
                 blue: channel(instanceColor.blue, instanceBlueOffset),
                 alpha: channel(instanceColor.alpha, instanceAlphaOffset))
  }
}

/// An immutable value on the heap, compared and hashed by value: keeps rarely
/// used large properties out of ``LayerProperties``'s inline storage.
@usableFromInline final class ValueBox<Value: Hashable & Sendable>: Hashable, Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
  @usableFromInline static func == (a: ValueBox, b: ValueBox) -> Bool { a === b || a.value == b.value }
  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
