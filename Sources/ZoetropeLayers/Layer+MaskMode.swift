// SPDX-License-Identifier: Apache-2.0
// How a layer's mask becomes coverage: alpha (Core Animation's only way), inverted, or luminance.

/// How the composited result of a layer's ``Layer/mask`` becomes the
/// coverage that multiplies the layer. Core Animation's masks are always
/// ``alpha``; the other modes are Zoetrope's extension, for the track
/// mattes and subtracted masks of After Effects and Lottie (a luminance
/// matte is SVG's `mask-type: luminance`; the inverted modes keep what the
/// mask does not cover).
///
/// The luminance of a mask pixel is that of its premultiplied colour, with
/// Rec. 709 weights on the sRGB values (0.2126 R + 0.7152 G + 0.0722 B): a
/// transparent pixel has none, opaque white all of it.
public enum MaskMode: String, Hashable, Sendable, CaseIterable {
  /// The mask's alpha (Core Animation's `mask`), the default.
  case alpha
  /// One minus the mask's alpha: the layer shows where the mask is clear.
  /// A mask that draws nothing (or is hidden) lets the whole layer through.
  case alphaInverted
  /// The luminance of the mask's colour.
  case luminance
  /// One minus the luminance: the layer shows where the mask is dark or clear.
  case luminanceInverted

  /// Whether the mode keeps what the mask does not cover.
  public var isInverted: Bool { self == .alphaInverted || self == .luminanceInverted }
}

extension Layer {
  /// How ``mask`` becomes coverage; default ``MaskMode/alpha``, as Core
  /// Animation. Ignored without a mask.
  ///
  ///     card.mask = matte
  ///     card.maskMode = .luminance   // the matte's brightness, not its alpha
  public var maskMode: MaskMode {
    get { model.maskMode }
    set { model.maskMode = newValue }
  }
}
