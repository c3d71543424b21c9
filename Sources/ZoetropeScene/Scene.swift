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
  /// Every font the scene file names and the file it resolved to (what
  /// `validate` prints); empty for scenes built in Swift.
  public var fonts: [SceneFont] = []

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

  /// Creates a canvas; defaults as in SCENE-FORMAT.md.
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
