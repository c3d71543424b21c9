// SPDX-License-Identifier: Apache-2.0
// A decoded scene: the canvas and the model layer tree.

import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeTiming

/// A clip: a canvas and a model layer tree, from a scene file or built in Swift.
///
/// The root layer's parent time is clip time: frame `i` shows time `i / fps`.
public final class Scene {
  /// Size, frame rate, duration and background.
  public var canvas: Canvas
  /// The root layer, with bounds `[0, 0, width, height]` at the canvas origin.
  public let root: Layer
  /// What the decoder accepted but flagged (key times it ignores, replaced keys);
  /// empty for scenes built in Swift.
  public var decodingWarnings: [SceneIssue] = []
  /// Likely mistakes in a scene that decodes, which `zoetrope validate` warns
  /// about: a forwards fill that never shows, a repeating animation that makes
  /// a looping clip jump, a duration chosen because no animation ends. Empty
  /// for scenes built in Swift.
  public var advice: [SceneIssue] = []
  /// The files the scene was read from, for tools that redo their work when
  /// one changes (`zoetrope render --watch`): the scene file first, then each
  /// file it references (images, fonts), once each, in the order the decoder
  /// opened them and spelled as it opened them (relative paths are relative
  /// to the working directory). A scene decoded from bytes lists only the
  /// files it references; one built in Swift lists none.
  public var sourceFiles: [String] = []
  /// Every font the scene file names and the file it resolved to (what
  /// `validate` prints); empty for scenes built in Swift.
  public var fonts: [SceneFont] = []
  /// What an imported file (a Lottie animation) asks for that the scene does
  /// not draw — an expression, an effect, a merge mode — each at its JSON
  /// path: `validate` names them, `--strict` refuses the file. Empty for
  /// scene files and scenes built in Swift.
  public var unsupportedFeatures: [SceneIssue] = []
  /// The encoded bytes (PNG, JPEG or WebP) of the images an imported file holds
  /// or names, by the name of the ``Image`` made from them: what a
  /// converted scene writes out beside itself (`zoetrope convert`). Empty
  /// for scene files and scenes built in Swift.
  public var encodedImages: [String: [UInt8]] = [:]

  /// A scene of `canvas` whose root layer is `root`.
  public init(canvas: Canvas, root: Layer) {
    self.canvas = canvas
    self.root = root
  }

  /// A new root layer for a canvas: bounds `[0, 0, width, height]`, at the origin.
  public static func makeRoot(for canvas: Canvas) -> Layer {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    return root
  }

  /// An immutable snapshot of the layer tree, for evaluation on any thread.
  public func snapshot() -> LayerTree { LayerTree(root: root) }
}

/// A clip's canvas.
public struct Canvas: Hashable, Sendable {
  /// Width in points, > 0.
  public var width: Double
  /// Height in points, > 0.
  public var height: Double
  /// Frames per second.
  public var frameRate: FrameRate
  /// Length of the clip, seconds.
  public var duration: Double
  /// Fill behind everything; `.clear` keeps alpha.
  public var background: Color
  /// Device pixels per point.
  public var scale: Double
  /// Which value the scene's system colours (`systemBlue`, `label`, …) take:
  /// light (the default) or dark.
  public var appearance = Appearance.light

  /// Creates a canvas; defaults as in docs/scene-format.md.
  public init(width: Double, height: Double, frameRate: FrameRate = FrameRate(30), duration: Double = 1,
              background: Color = .white, scale: Double = 1) {
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.duration = duration
    self.background = background
    self.scale = scale
  }

  /// The output width in pixels, `width × scale` rounded.
  public var pixelWidth: Int { Int((width * scale).rounded()) }
  /// The output height in pixels.
  public var pixelHeight: Int { Int((height * scale).rounded()) }

  /// The number of frames: every `i` with `i / fps < duration` (at least 1; at
  /// most a trillion, whatever the duration).
  public var frameCount: Int {
    let exact = duration * Double(frameRate.numerator) / Double(frameRate.denominator)
    guard exact.isFinite, exact < 1e12 else { return exact > 0 ? 1_000_000_000_000 : 1 }
    let rounded = exact.rounded()
    // Guard against 2.9999999 frames meaning 3.
    return Swift.max(1, Int(Swift.abs(exact - rounded) < 1e-9 ? rounded : exact.rounded(.up)))
  }
}
