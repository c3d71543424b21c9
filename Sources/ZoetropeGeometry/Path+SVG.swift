// SPDX-License-Identifier: Apache-2.0
// SVG path data: parsing every command, and writing a path back as path data.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why SVG path data could not be read: what, and at which character offset.
public struct PathDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// Offset of the offending character (0-based, in UTF-8 bytes).
  public var offset: Int
  /// `message at offset N`.
  public var description: String { "\(message) at offset \(offset)" }
}

extension Path {
  /// Parses SVG path data: every command (M L H V C S Q T A Z, absolute and
  /// relative), implicit repetition, compact numbers and arc flags. Elliptical
  /// arcs become cubics (SVG implementation notes: out-of-range radii scaled
  /// up, zero radii drawn as lines). An empty string is an empty path.
  ///
  ///     try Path(svgPathData: "M 0 0 L 10 0 a5 5 0 0 1 0 10 z")
  public init(svgPathData data: String) throws(PathDataError) {
    var parser = SVGPathParser(bytes: Array(data.utf8))
    self = try parser.parse()
  }

  /// The path as SVG path data (`M x y L x y Q … C … Z`), numbers in shortest
  /// round-trip form, integers without a decimal point. Parsing it gives back an
  /// equal path.
  public var svgPathData: String {
    var parts: [String] = []
    func n(_ v: Double) -> String {
      if v == 0 { return "0" }
      if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
      return String(v)
    }
    func p(_ point: Point) -> String { n(point.x) + " " + n(point.y) }
    for element in elements {
      switch element {
      case .moveTo(let a): parts.append("M " + p(a))
      case .lineTo(let a): parts.append("L " + p(a))
      case .quadCurveTo(let a, let c): parts.append("Q " + p(c) + " " + p(a))
      case .curveTo(let a, let c1, let c2): parts.append("C " + p(c1) + " " + p(c2) + " " + p(a))
      case .closeSubpath: parts.append("Z")
      }
    }
    return parts.joined(separator: " ")
  }
}

/// A single-pass reader of SVG path data over UTF-8 bytes.
struct SVGPathParser {
  let bytes: [UInt8]
  var index = 0
  var path = Path()
  var current = Point.zero
  var subpathStart = Point.zero
  /// The reflected-control candidates for S/s and T/t.
  var lastCubicControl: Point?
  var lastQuadControl: Point?

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func skipSeparators() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x2C].contains(bytes[index]) { index += 1 }
  }

  mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) { index += 1 }
  }

  func error(_ message: String) -> PathDataError {
    let found = index < bytes.count ? "found \"\(String(decoding: [bytes[index]], as: UTF8.self))\"" : "found the end"
    return PathDataError(message: "\(message) (\(found))", offset: index)
  }

  /// Whether a number starts here (after separators).
  mutating func numberFollows() -> Bool {
    skipSeparators()
    guard index < bytes.count else { return false }
    let b = bytes[index]
    return (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2B || b == 0x2E
  }

  mutating func number() throws(PathDataError) -> Double {
    skipSeparators()
    let start = index
    if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
    var digits = 0
    while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1; digits += 1 }
    if index < bytes.count, bytes[index] == 0x2E {
      index += 1
      while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1; digits += 1 }
    }
    guard digits > 0 else {
      index = start
      throw error("expected a number")
    }
    if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
      var probe = index + 1
      if probe < bytes.count, bytes[probe] == 0x2B || bytes[probe] == 0x2D { probe += 1 }
      if probe < bytes.count, bytes[probe] >= 0x30 && bytes[probe] <= 0x39 {
        index = probe
        while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
      }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      let at = index
      index = start
      throw PathDataError(message: "number out of range: \(text)", offset: at - (at - start))
    }
    return value
  }

  /// An arc flag: a single 0 or 1, possibly not separated from what follows.
  mutating func flag() throws(PathDataError) -> Bool {
    skipSeparators()
    guard index < bytes.count, bytes[index] == 0x30 || bytes[index] == 0x31 else {
      throw error("expected an arc flag 0 or 1")
    }
    defer { index += 1 }
    return bytes[index] == 0x31
  }

  mutating func point(relative: Bool) throws(PathDataError) -> Point {
    let start = index
    let x = try number(), y = try number()
    return try finite(relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y), from: start)
  }

  /// `p`, or an error at `start` when relative steps (or a control point
  /// reflected for S or T) have gone past the largest finite number.
  func finite(_ p: Point, from start: Int) throws(PathDataError) -> Point {
    guard p.isFinite else { throw PathDataError(message: "coordinate out of range", offset: start) }
    return p
  }

  mutating func parse() throws(PathDataError) -> Path {
    skipWhitespace()
    if index == bytes.count { return path }
    var command: UInt8 = 0
    var first = true
    while true {
      skipSeparators()
      if index >= bytes.count { break }
      let b = bytes[index]
      if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) {
        command = b
        index += 1
      } else if command == 0 || command == 0x5A || command == 0x7A {
        throw error(command == 0 ? "path data must start with a moveto (M or m)" : "expected a command")
      }
      if first && command != 0x4D && command != 0x6D {
        index = Swift.max(index - 1, 0)
        throw error("path data must start with a moveto (M or m)")
      }
      first = false
      try execute(command)
      // After a moveto, further coordinate pairs are implicit linetos.
      if command == 0x4D { command = 0x4C } else if command == 0x6D { command = 0x6C }
    }
    return path
  }

  mutating func execute(_ command: UInt8) throws(PathDataError) {
    let relative = command >= 0x61
    switch command | 0x20 {
    case 0x6D:  // m
      let p = try point(relative: relative)
      path.move(to: p)
      current = p
      subpathStart = p
      clearReflections()
    case 0x6C:  // l
      let p = try point(relative: relative)
      lineTo(p)
    case 0x68:  // h
      let start = index
      let x = try number()
      lineTo(try finite(Point(x: relative ? current.x + x : x, y: current.y), from: start))
    case 0x76:  // v
      let start = index
      let y = try number()
      lineTo(try finite(Point(x: current.x, y: relative ? current.y + y : y), from: start))
    case 0x63:  // c
      let c1 = try point(relative: relative), c2 = try point(relative: relative), p = try point(relative: relative)
      curveTo(p, c1, c2)
    case 0x73:  // s
      let start = index
      let c1 = try finite(lastCubicControl.map { current * 2 - $0 } ?? current, from: start)
      let c2 = try point(relative: relative), p = try point(relative: relative)
      curveTo(p, c1, c2)
    case 0x71:  // q
      let c = try point(relative: relative), p = try point(relative: relative)
      quadTo(p, c)
    case 0x74:  // t
      let start = index
      let c = try finite(lastQuadControl.map { current * 2 - $0 } ?? current, from: start)
      let p = try point(relative: relative)
      quadTo(p, c)
    case 0x61:  // a
      let rx = try number(), ry = try number(), rotation = try number()
      let large = try flag(), sweep = try flag()
      let p = try point(relative: relative)
      arcTo(p, rx: Swift.abs(rx), ry: Swift.abs(ry), rotationDegrees: rotation, large: large, sweep: sweep)
      clearReflections()
    case 0x7A:  // z
      path.closeSubpath()
      current = subpathStart
      clearReflections()
    default:
      index -= 1
      throw error("unknown command")
    }
    // Commands other than moveto/closepath take one or more argument groups.
    if command | 0x20 != 0x7A && command | 0x20 != 0x6D && numberFollows() {
      try execute(command)
    }
  }

  mutating func clearReflections() {
    lastCubicControl = nil
    lastQuadControl = nil
  }

  mutating func lineTo(_ p: Point) {
    path.addLine(to: p)
    current = p
    clearReflections()
  }

  mutating func curveTo(_ p: Point, _ c1: Point, _ c2: Point) {
    path.addCurve(to: p, control1: c1, control2: c2)
    current = p
    lastQuadControl = nil
    lastCubicControl = c2
  }

  mutating func quadTo(_ p: Point, _ c: Point) {
    path.addQuadCurve(to: p, control: c)
    current = p
    lastCubicControl = nil
    lastQuadControl = c
  }

  /// An SVG elliptical arc from `current` to `end` (SVG 1.1 appendix F.6).
  mutating func arcTo(_ end: Point, rx: Double, ry: Double, rotationDegrees: Double, large: Bool, sweep: Bool) {
    let start = current
    if start == end { return }
    if rx == 0 || ry == 0 {
      lineTo(end)
      return
    }
    let phi = rotationDegrees * Double.pi / 180
    let (sinPhi, cosPhi) = (sin(phi), cos(phi))
    // Half the chord, in the ellipse's axes. Lengths are divided by a power
    // of two near the largest of them first (exact: the same bits as without
    // it for ordinary sizes), so that the squares and fourth powers below
    // cannot overflow whatever the (finite) coordinates.
    let dx = start.x / 2 - end.x / 2, dy = start.y / 2 - end.y / 2
    let largest = Swift.max(Swift.abs(dx), Swift.abs(dy), rx, ry)
    guard largest.isFinite, largest > 0 else {
      lineTo(end)
      return
    }
    let unit = largest < 0x1p500 ? 1 : Double(sign: .plus, exponent: largest.exponent, significand: 1)
    let x1 = (cosPhi * dx + sinPhi * dy) / unit, y1 = (-sinPhi * dx + cosPhi * dy) / unit
    var rx = rx / unit, ry = ry / unit
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var coefficient = denominator == 0 ? 0 : (Swift.max(numerator, 0) / denominator).squareRoot()
    if large == sweep { coefficient = -coefficient }
    let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
    let center = Point(x: (cosPhi * cx1 - sinPhi * cy1) * unit + (start.x / 2 + end.x / 2),
                       y: (sinPhi * cx1 + cosPhi * cy1) * unit + (start.y / 2 + end.y / 2))
    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
      atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
    let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }
    // An ellipse so much larger than the chord that its size underflowed
    // above (or that the unscaled centre overflows) is a straight line to
    // within rounding.
    guard center.isFinite, (rx * unit).isFinite, (ry * unit).isFinite, theta1.isFinite, delta.isFinite,
      denominator > 0 || numerator <= 0
    else {
      lineTo(end)
      return
    }
    path.addArc(center: center, radii: (rx * unit, ry * unit), rotation: phi, startAngle: theta1, sweep: delta)
    // Land exactly on the requested end point.
    if case .curveTo(_, let c1, let c2)? = path.elements.last {
      path.elements[path.elements.count - 1] = .curveTo(end, control1: c1, control2: c2)
    }
    current = end
  }
}
