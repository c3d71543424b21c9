// SPDX-License-Identifier: Apache-2.0
// The same strategies for layer trees of another vocabulary (ZoetropeQuartzCore's CALayer), through the Layer they render with.

import Foundation
import SnapshotTesting
import Zoetrope
#if canImport(Testing)
import Testing
#endif
import XCTest

extension Snapshotting where Value: LayerConvertible, Format == RGBAImage {
  /// The frame at `time` of a layer tree that renders through a ``Layer``
  /// — a `CALayer` of ZoetropeQuartzCore —, exactly as ``frame(at:size:background:scale:tolerance:)``
  /// draws that `Layer`: `assertSnapshot(of: ring, as: .frame(at: 0.6))`.
  /// A tree that cannot be rendered fails the test with its error (the
  /// layer, key and type), and snapshots as an empty frame.
  public static func frame(at time: Double, size: Size? = nil, background: Color = .clear, scale: Double = 1,
                           tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting<Layer, RGBAImage>.frame(at: time, size: size, background: background, scale: scale,
                                         tolerance: tolerance)
      .pullback(LayerConvertibleRendering.layer)
  }

  /// Frames of the tree at `times` in one contact sheet:
  /// `assertSnapshot(of: layer, as: .frames(at: [0, 0.5, 1]))`.
  public static func frames(at times: [Double], columns: Int = 0, size: Size? = nil, background: Color = .clear,
                            scale: Double = 1, tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting<Layer, RGBAImage>.frames(at: times, columns: columns, size: size, background: background,
                                          scale: scale, tolerance: tolerance)
      .pullback(LayerConvertibleRendering.layer)
  }

  /// A timeline strip of one property of a named layer in the tree.
  public static func timeline(layer: String, keyPath: String, from: Double, to: Double, width: Int = 600,
                              height: Int = 40, plain: Bool = false, tolerance: ImageTolerance = .exact) -> Snapshotting {
    Snapshotting<Layer, RGBAImage>.timeline(layer: layer, keyPath: keyPath, from: from, to: to, width: width,
                                            height: height, plain: plain, tolerance: tolerance)
      .pullback(LayerConvertibleRendering.layer)
  }
}

/// Getting the `Layer` of a ``LayerConvertible``, failing the running test when there is none.
enum LayerConvertibleRendering {
  static func layer(_ value: some LayerConvertible) -> Layer {
    do {
      return try value.zoetropeLayer()
    } catch {
      recordFailure("Zoetrope cannot render this layer tree:\n\(error)")
      return Layer()
    }
  }

  /// Records a failure in the running Swift Testing test, or else in XCTest.
  static func recordFailure(_ message: String) {
    #if canImport(Testing)
    if Test.current != nil {
      Issue.record(Comment(rawValue: message))
      return
    }
    #endif
    XCTFail(message)
  }
}
