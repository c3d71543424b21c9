// SPDX-License-Identifier: Apache-2.0
// Outlines wholly above or below the canvas: left out before they are built, exactly where making them gave nothing.

import Testing
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeRaster
import Zoetrope
@testable import ZoetropeCompositor

@Suite struct OffCanvasOutlineTests {
  static let canvas = Rasterizer.Canvas(width: 64, height: 48)

  /// Outlines of every kind the compositor draws: plain, rounded (the
  /// banded rows), a capsule (no row between the corners), continuous
  /// corners with some square.
  static let outlines: [RoundedBounds] = [
    RoundedBounds(rect: Rect(x: 0, y: 0, width: 30, height: 12), cornerRadius: 0),
    RoundedBounds(rect: Rect(x: 0, y: 0, width: 30, height: 12), cornerRadius: 3),
    RoundedBounds(rect: Rect(x: 0, y: 0, width: 30.25, height: 12), cornerRadius: 6),
    RoundedBounds(rect: Rect(x: -4, y: 2, width: 20, height: 18), cornerRadius: 5,
                  corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner], curve: .continuous),
  ]

  /// Placements sliding past the top and the bottom edge in quarter pixels
  /// (a translation, a scale, a quarter turn, a shear).
  static func transforms() -> [Transform3D] {
    var all: [Transform3D] = []
    for step in 0...56 {
      let shift = Double(step) * 0.25
      for y in [-12 - 12 - shift, -12 - shift, 44 + shift, 48 + shift] {
        all.append(.translation(x: 7.5, y: y, z: 0))
        all.append(Transform3D.scale(x: 1.5, y: 0.75, z: 1).concatenating(.translation(x: 3, y: y, z: 0)))
        all.append(Transform3D(AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 40, ty: y)))
        all.append(Transform3D(AffineTransform(a: 1, b: 0.125, c: 0.5, d: 1, tx: 2, ty: y)))
      }
    }
    return all
  }

  @Test func anOutlineLeftOutOffTheCanvasIsOneTheRasterizerMakesNothingOfAndSpendsNothingOn() {
    var leftOut = 0, kept = 0
    for outline in Self.outlines {
      for transform in Self.transforms() {
        guard outline.missesCanvasRows(under: transform, Self.canvas) else {
          kept += 1
          continue
        }
        leftOut += 1
        // The ways the outline is made, without the test: nothing, at no cost.
        let scratch = RasterScratch()
        let rounded = outline.isRectangle ? nil
          : Rasterizer.roundedShape(outline.path, bounds: outline.rect, cornerExtents: outline.cornerExtents,
                                    transform: transform, canvas: Self.canvas, scratch: scratch)
        let filled = Rasterizer.shape(of: outline.path, fillRule: .nonZero, transform: transform, canvas: Self.canvas,
                                      scratch: scratch)
        var ring = outline.path
        ring.addPath(outline.inset(by: 2).path)
        let border = Rasterizer.shape(of: ring, fillRule: .evenOdd, transform: transform, canvas: Self.canvas,
                                      scratch: scratch)
        #expect(rounded == nil && filled == nil && border == nil, "\(outline) under \(transform)")
        #expect(scratch.budget.segments == 0 && scratch.budget.dashes == 0 && scratch.budget.coverageBytes == 0)
      }
    }
    // Both sides of the test are exercised.
    #expect(leftOut > 100 && kept > 100, "\(leftOut) left out, \(kept) made")
  }

  @Test func anOutlineLeftOutOffTheCanvasIsNeitherMadeNorKeptNorAskedOfItsLayersSlots() {
    let outline = Self.outlines[1]
    let below = Transform3D.translation(x: 4, y: 52, z: 0), inside = Transform3D.translation(x: 4, y: 8, z: 0)
    #expect(outline.missesCanvasRows(under: below, Self.canvas))
    #expect(!outline.missesCanvasRows(under: inside, Self.canvas))
    for cache in [CoverageCache(), CoverageCache(isKeptAcrossFrames: true)] {
      cache.startFrame()
      let scratch = RasterScratch()
      scratch.budget.layer = 3
      #expect(outline.coverage(transform: below, canvas: Self.canvas, scratch: scratch, cache: cache) == nil)
      #expect(outline.spans(transform: below, canvas: Self.canvas, scratch: scratch, cache: cache) == nil)
      #expect(cache.count == 0)
      #expect(outline.coverage(transform: inside, canvas: Self.canvas, scratch: scratch, cache: cache) != nil)
      #expect(cache.count == 1)
    }
  }

  @Test func aLayerBeyondTheBottomEdgeDrawsNothingAndOneAcrossItDrawsItsRowsOnTheCanvas() {
    // A layer with a background, a border and a clip sliding off the
    // canvas: what is left on it is what a taller canvas shows in those rows.
    for y in stride(from: 34.0, through: 60.0, by: 0.75) {
      let short = Self.rendered(layerAt: y, height: 48), tall = Self.rendered(layerAt: y, height: 80)
      #expect(short.elementsEqual(tall.prefix(short.count)), "y = \(y)")
      if y >= 48 + 3 { #expect(short.elementsEqual(Self.rendered(layerAt: 200, height: 48)), "y = \(y)") }
    }
  }

  /// The RGBA bytes of a frame `height` rows tall drawing a rounded,
  /// bordered, clipping layer (and a sublayer it clips) whose top is at `y`.
  static func rendered(layerAt y: Double, height: Int) -> [UInt8] {
    let canvas = Canvas(width: 64, height: Double(height))
    let root = Scene.makeRoot(for: canvas)
    let layer = Layer()
    layer.frame = Rect(x: 5.25, y: y, width: 30, height: 12)
    layer.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
    layer.cornerRadius = 4
    layer.borderWidth = 1.5
    layer.borderColor = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.8)
    layer.masksToBounds = true
    let inner = Layer()
    inner.frame = Rect(x: -3, y: 6, width: 20, height: 20)
    inner.backgroundColor = Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.7)
    layer.addSublayer(inner)
    root.addSublayer(layer)
    return Renderer(Scene(canvas: canvas, root: root)).frame(atTime: 0).pixels
  }
}
