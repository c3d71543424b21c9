// SPDX-License-Identifier: Apache-2.0
// swift-snapshot-testing strategies for scenes and layer trees: frames, contact sheets, timelines.

import Foundation
import SnapshotTesting
import Zoetrope

extension Snapshotting where Value == Scene, Format == RGBAImage {
  /// The frame at clip time `time` as a PNG reference:
  /// `assertSnapshot(of: scene, as: .frame(at: 0.75))`.
  public static func frame(at time: Double, scale: Double = 1, tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .zoetropeImage(tolerance: tolerance)) { scene in
      Renderer(scene).frame(atTime: time, scale: scale)
    }
  }

  /// The frames at `times`, side by side in one contact sheet (`columns`
  /// across; all in one row by default).
  public static func frames(at times: [Double], columns: Int = 0, scale: Double = 1,
                            tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .zoetropeImage(tolerance: tolerance)) { scene in
      ContactSheet(times: times, columns: columns, scale: scale).render(scene)
    }
  }

  /// A timeline strip of one layer property from `from` to `to` seconds
  /// (see ``TimelineStrip``): colours as colour, numbers as a line. A layer
  /// or key path that cannot be drawn snapshots as an empty image, so the
  /// assertion fails and names the problem in the recorded reference's place.
  public static func timeline(layer: String, keyPath: String, from: Double, to: Double, width: Int = 600,
                              height: Int = 40, plain: Bool = false, tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .zoetropeImage(tolerance: tolerance)) { scene in
      let strip = TimelineStrip(layer: layer, keyPath: keyPath, from: from, to: to, width: width, height: height,
                                plain: plain)
      do {
        return try strip.render(scene)
      } catch {
        return RGBAImage(width: 0, height: 0, pixels: [])
      }
    }
  }
}

extension Snapshotting where Value == Layer, Format == RGBAImage {
  /// The frame of a layer tree built in Swift at `time`: `layer` is the root of
  /// a canvas of `size` points (by default its frame's far corner) over `background`.
  public static func frame(at time: Double, size: Size? = nil, background: Color = .clear, scale: Double = 1,
                           tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting<Scene, RGBAImage>.frame(at: time, scale: scale, tolerance: tolerance)
      .pullback { Scene.wrapping($0, size: size, background: background) }
  }

  /// Frames of a layer tree built in Swift, in one contact sheet.
  public static func frames(at times: [Double], columns: Int = 0, size: Size? = nil, background: Color = .clear,
                            scale: Double = 1, tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting<Scene, RGBAImage>.frames(at: times, columns: columns, scale: scale, tolerance: tolerance)
      .pullback { Scene.wrapping($0, size: size, background: background) }
  }

  /// A timeline strip of a layer tree built in Swift (`layer` names a layer in it).
  public static func timeline(layer: String, keyPath: String, from: Double, to: Double, width: Int = 600,
                              height: Int = 40, plain: Bool = false, tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting<Scene, RGBAImage>.timeline(layer: layer, keyPath: keyPath, from: from, to: to, width: width,
                                            height: height, plain: plain, tolerance: tolerance)
      .pullback { Scene.wrapping($0, size: nil, background: .clear) }
  }
}

extension Scene {
  /// A scene whose root is `layer`, on a canvas of `size` (default: the layer's frame's far corner, at least 1 × 1).
  static func wrapping(_ layer: Layer, size: Size?, background: Color) -> Scene {
    let frame = layer.frame
    let width = size?.width ?? Swift.max(1, frame.maxX), height = size?.height ?? Swift.max(1, frame.maxY)
    return Scene(canvas: Canvas(width: width, height: height, background: background), root: layer)
  }
}
