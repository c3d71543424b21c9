// SPDX-License-Identifier: Apache-2.0
// Stroke outlines kept across frames: a turning spinner is stroked once, draws as stroking it again would, and spends the same.

import Foundation
import Testing
import ZoetropeGeometry
import ZoetropeRaster

@Suite struct StrokeOutlineCacheTests {
  static let canvas = Rasterizer.Canvas(width: 96, height: 96)
  static let spinner = Path.arc(center: Point(x: 12, y: 12), radius: 10, startAngle: 0, endAngle: 5 * .pi / 3,
                                clockwise: true)
  static let style = StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round)

  /// The spinner's transform at `turn` (of 24 a revolution), scaled 3× about
  /// its centre and placed at a fraction of a pixel.
  static func turned(_ turn: Int) -> Transform3D {
    let angle = Double(turn) * .pi / 12
    return Transform3D.translation(x: -12, y: -12, z: 0)
      .concatenating(Transform3D(AffineTransform(a: 3 * cos(angle), b: 3 * sin(angle), c: -3 * sin(angle),
                                                 d: 3 * cos(angle), tx: 48.3, ty: 47.6)))
  }

  static func tolerance(_ t: Transform3D) -> UInt64 { (Rasterizer.tolerance / Rasterizer.deviceScale(of: t)).bitPattern }

  @Test func aTurningStrokeIsStrokedOncePerToleranceAndDrawsAsStrokingItAgain() throws {
    let outlines = StrokeOutlineCache()
    let transforms = (0..<24).map(Self.turned) + [Self.turned(0).concatenating(.translation(x: 0.25, y: 3, z: 0))]
    for t in transforms {
      let kept = try #require(Rasterizer.strokeShape(of: Self.spinner, style: Self.style, trimmedFrom: 0.1, to: 0.9,
                                                     transform: t, canvas: Self.canvas, outlines: outlines))
      let again = try #require(Rasterizer.strokeShape(of: Self.spinner, style: Self.style, trimmedFrom: 0.1, to: 0.9,
                                                      transform: t, canvas: Self.canvas))
      #expect(kept.runs() == again.runs())
    }
    // One outline a tolerance (a turn's scale may round differently in its last bit).
    let tolerances = Set(transforms.map(Self.tolerance))
    #expect(tolerances.count < transforms.count / 2)
    #expect(outlines.count == tolerances.count)
  }

  @Test func anotherTrimStyleOrScaleIsStrokedAgainAndUnusedOutlinesGo() throws {
    let outlines = StrokeOutlineCache()
    func draw(_ style: StrokeStyle, to end: Double, _ t: Transform3D) {
      _ = Rasterizer.strokeShape(of: Self.spinner, style: style, to: end, transform: t, canvas: Self.canvas,
                                 outlines: outlines)
    }
    draw(Self.style, to: 1, Self.turned(0))
    draw(Self.style, to: 1, Self.turned(6))
    let before = outlines.count
    draw(Self.style, to: 0.5, Self.turned(0))
    draw(StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round), to: 1, Self.turned(0))
    draw(Self.style, to: 1, Self.turned(0).concatenating(.scale(x: 2, y: 2, z: 1)))
    #expect(outlines.count == before + 3)
    outlines.startFrame()
    draw(Self.style, to: 0.5, Self.turned(3))
    outlines.startFrame()
    // Only what the frame before used stays.
    #expect(outlines.count == 1)
  }

  @Test func aKeptOutlineSpendsWhatStrokingSpentAndRunsOverAtTheSameLimit() {
    let dashed = StrokeStyle(lineWidth: 2, lineCap: .butt, lineJoin: .miter, dashPattern: [3, 2])
    /// What three frames drew and spent, frame by frame.
    func spent(limits: (segments: Int, dashes: Int, coverageBytes: Int), style: StrokeStyle, cached: Bool)
      -> (drawn: [CoverageSpans?], spent: [String])
    {
      let outlines = StrokeOutlineCache()
      var drawn: [CoverageSpans?] = [], spent: [String] = []
      for turn in 0..<3 {
        outlines.startFrame()
        let scratch = RasterScratch(budget: FrameBudget(limits: limits))
        drawn.append(Rasterizer.strokeShape(of: Self.spinner, style: style, trimmedFrom: 0, to: 0.75,
                                            transform: Self.turned(turn * 12), canvas: Self.canvas, scratch: scratch,
                                            outlines: cached ? outlines : nil)?.runs())
        spent.append("\(scratch.budget.segments) \(scratch.budget.dashes) "
          + "\(scratch.budget.overrun.map { "\($0)" } ?? "-")")
      }
      return (drawn, spent)
    }
    for style in [Self.style, dashed] {
      for limits in [(1 << 20, 1 << 20, 1 << 26), (40, 1 << 20, 1 << 26), (120, 1 << 20, 1 << 26), (1 << 20, 4, 1 << 26)] {
        let (kept, made) = (spent(limits: limits, style: style, cached: true),
                            spent(limits: limits, style: style, cached: false))
        #expect(kept.spent == made.spent, "\(limits) \(style.dashPattern)")
        #expect(kept.drawn == made.drawn, "\(limits) \(style.dashPattern)")
      }
    }
  }

  @Test func aPathCutDownToTheCanvasIsNotKept() throws {
    // More segments than the culling threshold: cut to what this transform
    // puts on the canvas, so the outline holds for it alone.
    let count = Rasterizer.cullingThreshold + 10
    var elements: [Path.Element] = [.moveTo(Point(x: 0, y: 0))]
    for k in 1...count { elements.append(.lineTo(Point(x: Double(k) * 0.5, y: Double(k % 2)))) }
    let long = Path(elements: elements)
    let outlines = StrokeOutlineCache()
    _ = Rasterizer.strokeShape(of: long, style: Self.style, transform: .identity, canvas: Self.canvas,
                               outlines: outlines)
    #expect(outlines.count == 0)
    _ = Rasterizer.strokeShape(of: Self.spinner, style: Self.style, transform: .identity, canvas: Self.canvas,
                               outlines: outlines)
    #expect(outlines.count == 1)
  }
}
