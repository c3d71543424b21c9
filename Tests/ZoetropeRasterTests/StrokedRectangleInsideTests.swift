// SPDX-License-Identifier: Apache-2.0
// A stroked rectangle knows its inside is uncovered, and a change of it damages its sides alone.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct StrokedRectangleInsideTests {
  static let canvas = Rasterizer.Canvas(width: 200, height: 160)

  /// The edge lists of the stroke of `path`.
  static func lists(_ path: Path, _ style: StrokeStyle, _ transform: Transform3D) -> [EdgeList] {
    guard let shape = Rasterizer.strokeShape(of: path, style: style, transform: transform, canvas: canvas) else {
      return []
    }
    return shape.pieces.compactMap { if case .edges(let list) = $0 { list } else { nil } }
  }

  static let rectangle = Path.rect(Rect(x: 20.3, y: 18.6, width: 130.5, height: 90.2))
  static let styles = [
    StrokeStyle(lineWidth: 1), StrokeStyle(lineWidth: 6.5, lineJoin: .miter, miterLimit: 10),
    StrokeStyle(lineWidth: 4, lineCap: .square, lineJoin: .round, dashPattern: [4, 3], dashPhase: 2.5),
    StrokeStyle(lineWidth: 9, lineCap: .round, lineJoin: .bevel, dashPattern: [0.5, 7]),
  ]
  static let transforms = [
    Transform3D.identity, .translation(x: 0.37, y: -3.6, z: 0),
    .scale(x: 1.2, y: -1.1, z: 1).concatenating(.translation(x: 4, y: 150, z: 0)),
    .scale(x: -0.9, y: 1.3, z: 1).concatenating(.translation(x: 190, y: 0, z: 0)),
  ]

  @Test func theInsideItKnowsIsDrawnNowhere() {
    var checked = 0
    for style in Self.styles {
      for transform in Self.transforms {
        let lists = Self.lists(Self.rectangle, style, transform)
        var drawing = DisplayList(width: Self.canvas.width, height: Self.canvas.height, background: .clear)
        guard let shape = Rasterizer.strokeShape(of: Self.rectangle, style: style, transform: transform,
                                                 canvas: Self.canvas)
        else { continue }
        drawing.fill(shape, color: Color(red: 0, green: 0, blue: 0), opacity: 1)
        var pixels = [UInt8](repeating: 0, count: 4 * Self.canvas.width * Self.canvas.height)
        pixels.withUnsafeMutableBufferPointer { _ = drawing.render(into: $0.baseAddress!, straightAlpha: true) }
        // Its lists know the inside within their rows: a dashed outline's,
        // most of it (a solid one's sides are rectangles between its top
        // and bottom rows, which damage their own columns only).
        let known = lists.reduce(0) { $0 + $1.empty.width * $1.empty.height }
        #expect(style.dashPattern.isEmpty || known > 5_000, "\(style) \(transform): \(known)")
        for list in lists {
          let empty = list.empty
          for y in empty.y..<empty.maxY {
            for x in empty.x..<empty.maxX {
              #expect(pixels[4 * (y * Self.canvas.width + x) + 3] == 0, "(\(x), \(y)) of \(empty), \(style)")
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked > 10_000)
  }

  @Test func otherPathsAndTurnedRectanglesKnowNone() {
    let style = StrokeStyle(lineWidth: 3)
    let rounded = Path.roundedRect(Rect(x: 20, y: 20, width: 120, height: 80), cornerRadius: 8)
    let turned = Transform3D.rotation(angle: 0.2, x: 0, y: 0, z: 1)
    var open = Path()
    open.move(to: Point(x: 20, y: 20))
    for p in [Point(x: 150, y: 20), Point(x: 150, y: 120), Point(x: 20, y: 120)] { open.addLine(to: p) }
    for (path, transform) in [(rounded, Transform3D.identity), (Self.rectangle, turned), (open, .identity)] {
      for list in Self.lists(path, style, transform) { #expect(list.empty.isEmpty) }
    }
    // A line too wide for any inside.
    for list in Self.lists(Self.rectangle, StrokeStyle(lineWidth: 95), .identity) { #expect(list.empty.isEmpty) }
  }

  /// A dashed selection over a card, its dashes marched by `phase`.
  static func selection(phase: Double) -> DisplayList {
    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 1, green: 1, blue: 1))
    if let card = Rasterizer.shape(of: .roundedRect(Rect(x: 40, y: 30, width: 100, height: 70), cornerRadius: 9),
                                   fillRule: .nonZero, transform: .identity, canvas: canvas) {
      list.fill(card, color: Color(red: 0.2, green: 0.4, blue: 0.8), opacity: 0.7)
    }
    let style = StrokeStyle(lineWidth: 1.5, dashPattern: [4, 3], dashPhase: phase)
    if let ants = Rasterizer.strokeShape(of: rectangle, style: style, transform: .identity, canvas: canvas) {
      list.fill(ants, color: Color(red: 0, green: 0.5, blue: 1), opacity: 1)
    }
    return list
  }

  @Test(arguments: [1.0, 3.5, 7.25])
  func marchingAntsDamageTheSidesOnlyAndPlayedOverGiveTheFrame(_ phase: Double) {
    let before = Self.selection(phase: 0), after = Self.selection(phase: phase)
    let damage = after.damage(since: before, bandHeight: 16)
    // Bands 2…5 (rows 32…96) lie within the sides: two runs, neither reaching the card's middle.
    for band in 2...5 {
      guard case .columns(let runs) = damage[band] else {
        Issue.record("band \(band): \(damage[band])")
        continue
      }
      #expect(runs.count == 2 && runs.allSatisfy { !$0.contains(90) }, "band \(band): \(runs)")
    }
    let (played, fresh) = after.playedOver(before)
    #expect(played == fresh)
  }
}
