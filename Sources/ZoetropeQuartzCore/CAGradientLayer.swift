// SPDX-License-Identifier: Apache-2.0
// CAGradientLayer over Zoetrope's GradientLayer.

import Foundation
import Zoetrope

/// The geometry of a gradient (`CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Along the line from `startPoint` to `endPoint` (the default).
  public static let axial = CAGradientLayerType(rawValue: "axial")
  /// Rings around `startPoint`; `endPoint` lies on the last.
  public static let radial = CAGradientLayerType(rawValue: "radial")
  /// Around `startPoint`, starting towards `endPoint`.
  public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer filled with a gradient (`CAGradientLayer`).
///
///     let shimmer = CAGradientLayer()
///     shimmer.colors = [UIColor.clear.cgColor, UIColor.white.cgColor, UIColor.clear.cgColor]
///     shimmer.locations = [0, 0.5, 1]
///     shimmer.startPoint = CGPoint(x: 0, y: 0.5)
///     shimmer.endPoint = CGPoint(x: 1, y: 0.5)
open class CAGradientLayer: CALayer {
  private var gradient: GradientLayer { backing as! GradientLayer }

  /// A gradient layer with Core Animation's defaults: top to bottom, no colours.
  public override init() { super.init(backing: GradientLayer()) }
  /// A gradient layer with the values of `layer`.
  public override init(layer: Any) {
    super.init(backing: GradientLayer())
    copyValues(from: layer)
  }
  /// A gradient layer with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { super.init(backing: GradientLayer()) }

  override func emptyCopy() -> CALayer { CAGradientLayer() }
  /// The presentation of this layer at the render clock's time (see `CALayer.presentation()`).
  open override func presentation() -> CAGradientLayer? { super.presentation() as? CAGradientLayer }

  /// The stop colours, `CGColor`s, as on iOS; `nil` draws nothing. Another
  /// element type (a `UIColor`) is reported when the layer is rendered.
  open var colors: [Any]? {
    get { storedColors }
    set {
      storedColors = newValue
      propertyProblems["colors"] = nil
      guard let list = newValue else { return gradient.colors = nil }
      if case .colors(let colors)? = CAValue.animationValue(list, as: .colors) {
        gradient.colors = colors
      } else {
        gradient.colors = nil
        propertyProblems["colors"] = CAValue.mismatch("colors", list, keyPath: "colors", kind: .colors)
      }
    }
  }
  /// The stops' positions 0…1, or `nil` for even spacing.
  open var locations: [NSNumber]? {
    get { gradient.locations?.map { NSNumber(value: $0) } }
    set { gradient.locations = newValue?.map(\.doubleValue) }
  }
  /// Where the gradient starts, unit coordinates of the bounds; default (0.5, 0).
  open var startPoint: CGPoint {
    get { CGPoint(gradient.startPoint) }
    set { gradient.startPoint = newValue.zoetrope }
  }
  /// Where it ends; default (0.5, 1).
  open var endPoint: CGPoint {
    get { CGPoint(gradient.endPoint) }
    set { gradient.endPoint = newValue.zoetrope }
  }
  /// Axial, radial or conic; default axial.
  open var type: CAGradientLayerType {
    get { CAGradientLayerType(rawValue: gradient.type.rawValue) }
    set { gradient.type = GradientType(rawValue: newValue.rawValue) ?? .axial }
  }
}
