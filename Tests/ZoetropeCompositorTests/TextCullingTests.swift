// SPDX-License-Identifier: Apache-2.0
// Leaving out the glyphs that miss the canvas changes no byte: flat, rotated and under perspective.

#if canImport(Glibc)
import Glibc
#endif
import Testing
import Zoetrope
@testable import ZoetropeCompositor
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct TextCullingTests {
  static let canvas = Rasterizer.Canvas(width: 48, height: 40)

  /// A page of text larger than the canvas, placed so that it spills over every edge.
  static func layout() throws -> TextLayout {
    let font = try Font.named("DejaVu Sans")
    return TextLayout(TextLayout.Request(string: String(repeating: "Zoetrope turns layers into frames. ", count: 40),
                                         font: font, fontSize: 9,
                                         bounds: Rect(x: -60, y: -30, width: 200, height: 400), isWrapped: true))
  }

  /// The pixels `coverage` gives in black over white on the canvas.
  static func pixels(_ coverage: ShapeCoverage?) -> [UInt8] {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: .white)
    if let coverage { list.fill(coverage, color: .black, opacity: 1) }
    var pixels = [UInt8](repeating: 0, count: 4 * canvas.width * canvas.height)
    _ = pixels.withUnsafeMutableBufferPointer { list.render(into: $0.baseAddress!, straightAlpha: true) }
    return pixels
  }

  static let affine: [AffineTransform] = [
    .identity,
    AffineTransform(a: cos(0.35), b: sin(0.35), c: -sin(0.35), d: cos(0.35), tx: 10, ty: -5),
    AffineTransform(a: -1.3, b: 0.4, c: -0.4, d: -1.3, tx: 50, ty: 60),
  ]

  /// Under an affine map, the culled outlines fill exactly the pixels that
  /// every glyph's outline fills, and fewer glyphs are flattened.
  @Test(arguments: affine)
  func affineCullingChangesNoByte(_ t: AffineTransform) throws {
    let layout = try Self.layout()
    let culled = try #require(Compositor.deviceOutlines(layout, transform: t, canvas: Self.canvas))
    var every: [Polyline] = []
    for glyph in layout.glyphs {
      let s = layout.scales[glyph.font]
      let linear = AffineTransform(a: s * t.a, b: s * t.b, c: -s * t.c, d: -s * t.d, tx: 0, ty: 0)
      let origin = t.transform(glyph.origin)
      for line in layout.fonts[glyph.font].flattenedOutline(of: glyph.id, linear: linear, tolerance: Rasterizer.tolerance) {
        every.append(Polyline(points: line.points.map { $0 + origin }, isClosed: line.isClosed))
      }
    }
    #expect(culled.count < every.count / 2)
    func shape(_ lines: [Polyline]) -> ShapeCoverage? {
      Rasterizer.shape(of: lines, fillRule: .nonZero, canvasWidth: Self.canvas.width, canvasHeight: Self.canvas.height)
    }
    let expected = Self.pixels(shape(every)), actual = Self.pixels(shape(culled))
    #expect(expected.contains { $0 != 255 })
    #expect(zip(expected, actual).filter { $0 != $1 }.count == 0)
  }

  /// Under perspective (a card turned about y, as `rotated-3d.json` turns
  /// it), the path of the glyphs kept fills exactly what the whole layout's
  /// path fills; glyphs partly behind the viewer are kept.
  @Test(arguments: [0.6, 1.2, 2.0])
  func perspectiveCullingChangesNoByte(_ angle: Double) throws {
    let layout = try Self.layout()
    let perspective = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                  m31: 0, m32: 0, m33: 1, m34: -1.0 / 300, m41: 0, m42: 0, m43: 0, m44: 1)
    let t = Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0).concatenating(perspective)
      .concatenating(.translation(x: 24, y: 20, z: 0))
    let visible = Compositor.visiblePath(layout, under: t, canvas: Self.canvas)
    #expect(visible.elements.count < layout.path.elements.count)
    let expected = Self.pixels(Rasterizer.shape(of: layout.path, fillRule: .nonZero, transform: t, canvas: Self.canvas))
    let actual = Self.pixels(Rasterizer.shape(of: visible, fillRule: .nonZero, transform: t, canvas: Self.canvas))
    #expect(expected.contains { $0 != 255 })
    #expect(zip(expected, actual).filter { $0 != $1 }.count == 0)
  }
}
