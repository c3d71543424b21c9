// SPDX-License-Identifier: Apache-2.0
// CATextLayer over Zoetrope's TextLayer: string, font, size, colour, alignment, wrapping, truncation.

import Foundation
import Zoetrope

/// How a text layer aligns its lines (`CATextLayerAlignmentMode`).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// By the paragraph's direction (the default).
  public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
  /// `"left"`.
  public static let left = CATextLayerAlignmentMode(rawValue: "left")
  /// `"right"`.
  public static let right = CATextLayerAlignmentMode(rawValue: "right")
  /// `"center"`.
  public static let center = CATextLayerAlignmentMode(rawValue: "center")
  /// `"justified"`.
  public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where an over-long line loses characters to "…" (`CATextLayerTruncationMode`).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
  /// The raw value, as Core Animation spells it.
  public let rawValue: String
  /// The constant with this raw value; one Core Animation does not know behaves as the default.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Lines are drawn whole (the default).
  public static let none = CATextLayerTruncationMode(rawValue: "none")
  /// `"start"`.
  public static let start = CATextLayerTruncationMode(rawValue: "start")
  /// `"middle"`.
  public static let middle = CATextLayerTruncationMode(rawValue: "middle")
  /// `"end"`.
  public static let end = CATextLayerTruncationMode(rawValue: "end")
}

/// A layer that draws a string (`CATextLayer`), laid out and shaped by
/// Zoetrope: the first baseline the font's ascent below the top of the
/// bounds, no vertical centring, as on iOS.
///
///     let label = CATextLayer()
///     label.string = "42"
///     label.font = UIFont.boldSystemFont(ofSize: 28)
///     label.fontSize = 28
///     label.foregroundColor = UIColor.label.cgColor
///     label.alignmentMode = .center
open class CATextLayer: CALayer {
  private var text: TextLayer { backing as! TextLayer }

  /// A text layer with Core Animation's defaults: Helvetica, 36 points, white.
  public override init() { super.init(backing: TextLayer()) }
  /// A text layer with the values of `layer`.
  public override init(layer: Any) {
    super.init(backing: TextLayer())
    copyValues(from: layer)
  }
  /// A text layer with the defaults: archives are not read offscreen.
  public required init?(coder: NSCoder) { super.init(backing: TextLayer()) }

  override func emptyCopy() -> CALayer { CATextLayer() }
  /// The presentation of this layer at the render clock's time (see `CALayer.presentation()`).
  open override func presentation() -> CATextLayer? { super.presentation() as? CATextLayer }

  /// The text: a `String`, or an `NSAttributedString` (drawn as its plain
  /// string, in this layer's font, size and colour: attributes are not
  /// read). Another type is reported when the layer is rendered.
  open var string: Any? {
    get { storedString }
    set {
      storedString = newValue
      propertyProblems["string"] = nil
      switch newValue {
      case nil: text.string = nil
      case let s as String: text.string = s
      case let s as Substring: text.string = String(s)
      case let s as NSAttributedString: text.string = s.string
      case let other?:
        text.string = nil
        propertyProblems["string"] = "string is \(CAValue.typeDescription(other)), but string takes a String "
          + "or an NSAttributedString"
      }
    }
  }

  /// The font: a `UIFont` or a font name (`"Helvetica-Bold"`); its size is
  /// ignored (`fontSize` is used), as on iOS. Default Helvetica. Another
  /// type is reported when the layer is rendered.
  open var font: Any? {
    get { storedFont }
    set {
      storedFont = newValue
      propertyProblems["font"] = nil
      let face: (family: String, weight: Double, italic: Bool)
      switch newValue {
      case nil: face = ("Helvetica", 400, false)
      case let font as UIFont: face = (font.familyName, font.weight, font.isItalic)
      case let name as String: face = UIFont.parse(name)
      case let other?:
        face = ("Helvetica", 400, false)
        propertyProblems["font"] = "font is \(CAValue.typeDescription(other)), but font takes a UIFont or a font name"
      }
      text.font = face.family
      text.fontWeight = face.weight
      text.fontStyle = face.italic ? .italic : .normal
    }
  }
  /// The size, points; default 36.
  open var fontSize: CGFloat {
    get { CGFloat(text.fontSize) }
    set { text.fontSize = Double(newValue) }
  }
  /// The text's colour; default opaque white.
  open var foregroundColor: CGColor? {
    get { text.foregroundColor.map(CGColor.init) }
    set { text.foregroundColor = newValue?.zoetrope }
  }
  /// Whether lines wrap at the bounds' width; default false.
  open var isWrapped: Bool {
    get { text.isWrapped }
    set { text.isWrapped = newValue }
  }
  /// The horizontal alignment; default natural.
  open var alignmentMode: CATextLayerAlignmentMode {
    get { CATextLayerAlignmentMode(rawValue: text.alignmentMode.rawValue) }
    set { text.alignmentMode = TextLayerAlignmentMode(rawValue: newValue.rawValue) ?? .natural }
  }
  /// Where over-long lines are cut; default none.
  open var truncationMode: CATextLayerTruncationMode {
    get { CATextLayerTruncationMode(rawValue: text.truncationMode.rawValue) }
    set { text.truncationMode = TextLayerTruncationMode(rawValue: newValue.rawValue) ?? .none }
  }
  /// Stored only: glyph positions are never quantized.
  open var allowsFontSubpixelQuantization = false
}
