// SPDX-License-Identifier: Apache-2.0
// The pixels a layer's opaque background is known to cover wholly: every one of them drawn at full alpha.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import ZoetropeScene
@testable import ZoetropeCompositor

@Suite struct OpaqueInteriorTests {
  /// Rounded backgrounds under axis-aligned transforms: circular and
  /// continuous corners, a few corners masked, fractional places, scales
  /// and a flip, corners reaching half the shorter side (pills).
  static let layers = [
    #"{"frame": [10.3, 7.6, 120.5, 70.2], "cornerRadius": 14}"#,
    #"{"frame": [9, 11, 140, 60], "cornerRadius": 20, "cornerCurve": "continuous"}"#,
    #"{"frame": [12.5, 8.25, 100, 40], "cornerRadius": 30}"#,
    #"{"frame": [20, 10, 90, 80], "cornerRadius": 16, "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMaxYCorner"]}"#,
    #"{"frame": [40, 30, 50, 30], "cornerRadius": 9.7, "transform": [{"scale": [2.3, 1.6]}]}"#,
    #"{"frame": [30, 30, 90, 40], "cornerRadius": 12, "cornerCurve": "continuous", "transform": [{"scale": [-1.5, -1.25]}]}"#,
  ]

  /// The layer's interior, worked out with the corners' rows or without,
  /// and the alpha its background is drawn with (on a clear 160 × 120 canvas).
  static func interior(of layer: String, cornerRows: Bool) throws
    -> (interior: (lowerBound: Int, columns: [Range<Int>?])?, alpha: [UInt8], width: Int)
  {
    let opaque = layer.dropLast() + ##", "backgroundColor": "#336699"}"##
    let json = #"{"zoetrope": 1, "canvas": {"width": 160, "height": 120, "background": [0, 0, 0, 0]}, "layers": ["#
      + opaque + "]}"
    let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
    let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
    let tree = PresentationEvaluator(LayerTree(root: scene.root)).presentation(atTime: 0)
    let context = Compositor.Context(tree: tree, canvas: Rasterizer.Canvas(width: width, height: height))
    // The root fills the canvas at scale 1: its sublayer's parent space is the device's.
    let placement = Compositor.LayerPlacement(1, tree.layers[1].properties,
                                              inherited: Compositor.Inherited(parentToDevice: .identity),
                                              tree: tree, context: context)
    let interior = Compositor.opaqueInterior(of: placement, layerToDevice: placement.layerToDevice,
                                             cornerRows: cornerRows, context: context)
    let list = Compositor.record(tree, width: width, height: height, scale: 1, background: scene.canvas.background)
    var pixels = [UInt8](repeating: 0, count: 4 * width * height)
    pixels.withUnsafeMutableBufferPointer { _ = list.render(into: $0.baseAddress!, straightAlpha: false) }
    return (interior, stride(from: 3, to: pixels.count, by: 4).map { pixels[$0] }, width)
  }

  /// Cards cut by the canvas's sides, a row at a time past each (a toast
  /// sliding up from below the canvas): its top corners' rows reaching past
  /// the bottom side (which crashed the corner rows), its bottom ones above
  /// the top side, and the same across the left and right sides.
  static let cut = (94...124).map { #"{"frame": [20, \#($0).5, 120, 40], "cornerRadius": 14}"# }
    + (-44 ... -14).map { #"{"frame": [20, \#($0).25, 120, 40], "cornerRadius": 14}"# }
    + [-150, -135, -122, 130, 141, 150].map { #"{"frame": [\#($0), 30, 160, 40], "cornerRadius": 18}"# }

  @Test(arguments: layers + cut)
  func everyPixelOfTheInteriorIsDrawnOpaque(_ layer: String) throws {
    for cornerRows in [false, true] {
      let (interior, alpha, width) = try Self.interior(of: layer, cornerRows: cornerRows)
      guard let known = interior else {
        // (Without the corners' rows, a capsule has none: its corners meet;
        // a card cut by the canvas may show none.)
        #expect(!cornerRows || Self.cut.contains(layer), "\(layer): nothing known opaque")
        continue
      }
      #expect(known.lowerBound >= 0 && known.lowerBound + known.columns.count <= alpha.count / width,
              "\(layer), corner rows \(cornerRows): rows \(known.lowerBound) + \(known.columns.count) on the canvas")
      for (k, columns) in known.columns.enumerated() {
        guard let columns else { continue }
        let y = known.lowerBound + k
        let notOpaque = columns.filter { alpha[y * width + $0] != 255 }
        #expect(notOpaque.isEmpty, "\(layer), row \(y), corner rows \(cornerRows): columns \(notOpaque) not opaque")
      }
    }
  }

  /// How many rows and pixels an interior holds.
  static func count(_ known: (lowerBound: Int, columns: [Range<Int>?])?) -> (rows: Int, pixels: Int) {
    let rows = known?.columns.compactMap { $0 } ?? []
    return (rows.count, rows.reduce(0) { $0 + $1.count })
  }

  @Test(arguments: layers)
  func theCornersRowsAddPixelsWithinTheCorners(_ layer: String) throws {
    let without = Self.count(try Self.interior(of: layer, cornerRows: false).interior)
    let with = Self.count(try Self.interior(of: layer, cornerRows: true).interior)
    #expect(with.rows > without.rows, "\(layer)")
    #expect(with.pixels > without.pixels, "\(layer)")
  }

  @Test func aCircleKeepsOnlyTheRowsBetweenItsCorners() throws {
    // Its sides have no straight part: played either side of its corner
    // rows, it would be rasterized twice in each band for little.
    let circle = #"{"frame": [20, 20, 80, 80], "cornerRadius": 40}"#
    let without = Self.count(try Self.interior(of: circle, cornerRows: false).interior)
    let with = Self.count(try Self.interior(of: circle, cornerRows: true).interior)
    #expect(with == without)
  }
}
