// SPDX-License-Identifier: Apache-2.0
// The geometry harness: arbitrary paths, transforms and stroke styles, filled, stroked and played into pixels.

import ZoetropeGeometry
import ZoetropeRaster

extension FuzzTarget {
  /// Decodes a canvas of at most 64 × 64 pixels, a layer→device transform, a
  /// fill rule, a stroke style, a trim range and a path from the bytes; fills
  /// and strokes the path as a shape layer does (priced against the frame's
  /// budgets, huge geometry cut to the canvas), plays both into pixels, and
  /// checks that the pixels do not depend on the band height.
  static func stroke(_ bytes: [UInt8]) {
    var input = FuzzBytes(bytes)
    let canvas = Rasterizer.Canvas(width: 1 + input.choice(64), height: 1 + input.choice(64))
    let transform = makeTransform(&input)
    let fillRule: FillRule = input.choice(2) == 0 ? .nonZero : .evenOdd
    let cap = LineCap.allCases[input.choice(LineCap.allCases.count)]
    let join = LineJoin.allCases[input.choice(LineJoin.allCases.count)]
    var dashes: [Double] = []
    for _ in 0..<input.choice(5) { dashes.append(Swift.abs(input.number())) }
    let style = StrokeStyle(lineWidth: Swift.abs(input.number()), lineCap: cap, lineJoin: join,
                            miterLimit: Swift.abs(input.number()), dashPattern: dashes, dashPhase: input.number())
    let strokeStart = input.number(), strokeEnd = input.number()
    let path = makePath(&input)

    var list = DisplayList(width: canvas.width, height: canvas.height, background: Color(red: 1, green: 1, blue: 1, alpha: 0.5))
    // A 64-pixel canvas gets a budget to match (1/256 of a frame's, 31,250
    // segments): the same code paths, at a fuzzing pace (an input at the full
    // budget takes seconds under AddressSanitizer).
    let scratch = RasterScratch(budget: FrameBudget(limits: (
      Limits.maximumSegmentsPerFrame / 256, Limits.maximumDashesPerFrame / 256,
      Limits.maximumCoverageBytesPerFrame / 256
    )))
    if let fill = Rasterizer.shape(of: path, fillRule: fillRule, transform: transform, canvas: canvas, scratch: scratch) {
      list.fill(fill, color: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.7), opacity: 1)
    }
    if let stroke = Rasterizer.strokeShape(of: path, style: style, trimmedFrom: strokeStart, to: strokeEnd,
                                           transform: transform, canvas: canvas, scratch: scratch) {
      list.beginGroup()
      list.fill(stroke, color: Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 1), opacity: 1)
      list.endGroup(opacity: 0.6)
    }
    let count = 4 * canvas.width * canvas.height
    var tall = [UInt8](repeating: 0, count: count), short = [UInt8](repeating: 1, count: count)
    list.render(into: &tall, straightAlpha: true, bandHeight: 64)
    list.render(into: &short, straightAlpha: true, bandHeight: 1)
    check(tall == short, "the pixels depend on the band height")
  }

  /// Identity, scale and translation, an affine map, or a 3D map with perspective.
  static func makeTransform(_ input: inout FuzzBytes) -> Transform3D {
    switch input.choice(4) {
    case 0: return .identity
    case 1:
      return Transform3D.scale(x: input.number(), y: input.number(), z: 1)
        .concatenating(.translation(x: input.number(), y: input.number(), z: 0))
    case 2:
      return Transform3D(AffineTransform(a: input.number(), b: input.number(), c: input.number(), d: input.number(),
                                         tx: input.number(), ty: input.number()))
    default:
      return Transform3D.rotation(angle: input.number(), x: input.number(), y: input.number(), z: input.number())
        .concatenating(.perspective(distance: input.number()))
        .concatenating(.translation(x: input.number(), y: input.number(), z: input.number()))
    }
  }

  /// Path elements until the bytes run out (at most 256).
  static func makePath(_ input: inout FuzzBytes) -> Path {
    var path = Path()
    func point() -> Point { Point(x: input.number(), y: input.number()) }
    while !input.isAtEnd && path.elements.count < 256 {
      switch input.choice(6) {
      case 0: path.move(to: point())
      case 1: path.addLine(to: point())
      case 2: path.addQuadCurve(to: point(), control: point())
      case 3: path.addCurve(to: point(), control1: point(), control2: point())
      case 4: path.closeSubpath()
      default:
        path.addPath(.arc(center: point(), radius: input.number(), startAngle: input.number(),
                          endAngle: input.number(), clockwise: input.choice(2) == 0))
      }
    }
    return path
  }
}

extension DisplayList {
  /// Plays the drawing into a byte array of the frame's size.
  fileprivate func render(into pixels: inout [UInt8], straightAlpha: Bool, bandHeight: Int) {
    _ = pixels.withUnsafeMutableBufferPointer {
      render(into: $0.baseAddress!, straightAlpha: straightAlpha, threads: 1, bandHeight: bandHeight)
    }
  }
}
