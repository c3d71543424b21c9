// SPDX-License-Identifier: Apache-2.0
// Exact-area anti-aliased coverage by signed-area accumulation.

import ZoetropeGeometry

/// Turns polylines into exact-area coverage: every edge deposits, into an
/// accumulation row, the signed area it sweeps in each pixel; a running sum
/// along the row then gives the winding number integrated over each pixel.
///
///     pixel:  ┌────┬────┐     an edge crossing a row adds, to the pixel it
///             │ ╲  │    │     passes through, the part of the row height it
///             │  ╲ │    │     spans times the part of the pixel to its right;
///             └───╲┴────┘     the remainder carries to the next pixel.
///
/// Non-zero takes `min(|w|, 1)`; even-odd folds `w` into 0…1 with period 2.
/// Both are exact where a pixel meets one edge; where several edges of
/// overlapping contours meet in one pixel they are the usual area estimate.
/// Robust by construction: non-finite points never arrive (flattening drops
/// them), coordinates are clipped to the canvas first, and the work is bounded
/// by the clipped area plus the number of segments.
public enum Rasterizer {
  /// The coverage of `polylines` (device pixels; every subpath is closed for
  /// filling) within a canvas of `canvasWidth × canvasHeight`; `nil` when none
  /// of it lands on the canvas.
  public static func coverage(
    of polylines: [Polyline], fillRule: FillRule, canvasWidth: Int, canvasHeight: Int
  ) -> CoverageMask? {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for line in polylines {
      for p in line.points {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
      }
    }
    guard minX <= maxX, minY <= maxY else { return nil }
    let x0 = Swift.max(0, Int(Swift.max(minX, -1).rounded(.down)))
    let y0 = Swift.max(0, Int(Swift.max(minY, -1).rounded(.down)))
    let x1 = Swift.min(canvasWidth, Int(Swift.min(maxX, Double(canvasWidth) + 1).rounded(.up)))
    let y1 = Swift.min(canvasHeight, Int(Swift.min(maxY, Double(canvasHeight) + 1).rounded(.up)))
    guard x1 > x0, y1 > y0 else { return nil }
    let width = x1 - x0, height = y1 - y0
    var accumulator = Accumulator(width: width, height: height)
    let ox = Double(x0), oy = Double(y0)
    for line in polylines where line.points.count > 1 {
      var previous = line.points[0]
      for p in line.points.dropFirst() {
        accumulator.addClipped(Point(x: previous.x - ox, y: previous.y - oy), Point(x: p.x - ox, y: p.y - oy))
        previous = p
      }
      // Filling closes every subpath.
      let first = line.points[0]
      accumulator.addClipped(Point(x: previous.x - ox, y: previous.y - oy), Point(x: first.x - ox, y: first.y - oy))
    }
    return CoverageMask(x: x0, y: y0, width: width, height: height,
                        coverage: accumulator.resolve(fillRule: fillRule))
  }
}

/// The signed-area accumulation buffer of one mask.
struct Accumulator {
  let width: Int
  let height: Int
  /// `(width + 2) × height` cells: two spare columns take the carries of edges
  /// on the right border.
  var cells: [Float]
  var stride: Int { width + 2 }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    cells = [Float](repeating: 0, count: (width + 2) * height)
  }

  /// Adds a segment after clipping it to 0…width horizontally: parts left of
  /// the mask run along x = 0 and parts right of it along x = width, which
  /// changes no pixel's winding inside the mask.
  mutating func addClipped(_ a: Point, _ b: Point) {
    let w = Double(width)
    var pieces: [(Point, Point)] = [(a, b)]
    for bound in [0.0, w] {
      var split: [(Point, Point)] = []
      for (p, q) in pieces {
        if (p.x < bound && q.x > bound) || (p.x > bound && q.x < bound) {
          let t = (bound - p.x) / (q.x - p.x)
          let m = Point(x: bound, y: p.y + (q.y - p.y) * t)
          split.append((p, m))
          split.append((m, q))
        } else {
          split.append((p, q))
        }
      }
      pieces = split
    }
    for (p, q) in pieces {
      add(Point(x: Swift.min(Swift.max(p.x, 0), w), y: p.y), Point(x: Swift.min(Swift.max(q.x, 0), w), y: q.y))
    }
  }

  /// Deposits the signed area of a segment with 0 ≤ x ≤ width.
  mutating func add(_ a: Point, _ b: Point) {
    guard a.y != b.y else { return }
    let (direction, top, bottom): (Double, Point, Point) = a.y < b.y ? (1, a, b) : (-1, b, a)
    let slope = (bottom.x - top.x) / (bottom.y - top.y)
    let firstRow = Swift.max(0, Int(top.y.rounded(.down)))
    let lastRow = Swift.min(height, Int(bottom.y.rounded(.up)))
    guard firstRow < lastRow else { return }
    var x = top.x + (Double(firstRow) > top.y ? (Double(firstRow) - top.y) * slope : 0)
    let stride = self.stride
    cells.withUnsafeMutableBufferPointer { cells in
      for row in firstRow..<lastRow {
        let rowTop = Swift.max(Double(row), top.y), rowBottom = Swift.min(Double(row + 1), bottom.y)
        let dy = rowBottom - rowTop
        let xNext = x + slope * dy
        let d = dy * direction
        let (left, right) = x < xNext ? (x, xNext) : (xNext, x)
        let leftFloor = left.rounded(.down)
        let leftIndex = Int(leftFloor)
        let rightIndex = Int(right.rounded(.up))
        let base = row * stride
        if rightIndex <= leftIndex + 1 {
          // Within one pixel: split by the mean x.
          let mean = 0.5 * (x + xNext) - leftFloor
          cells[base + leftIndex] += Float(d - d * mean)
          cells[base + leftIndex + 1] += Float(d * mean)
        } else {
          let inverse = 1 / (right - left)
          let leftFraction = left - leftFloor
          let firstArea = 0.5 * inverse * (1 - leftFraction) * (1 - leftFraction)
          let rightFraction = right - Double(rightIndex) + 1
          let lastArea = 0.5 * inverse * rightFraction * rightFraction
          cells[base + leftIndex] += Float(d * firstArea)
          if rightIndex == leftIndex + 2 {
            cells[base + leftIndex + 1] += Float(d * (1 - firstArea - lastArea))
          } else {
            let secondArea = inverse * (1.5 - leftFraction)
            cells[base + leftIndex + 1] += Float(d * (secondArea - firstArea))
            for column in (leftIndex + 2)..<(rightIndex - 1) {
              cells[base + column] += Float(d * inverse)
            }
            let beforeLast = secondArea + Double(rightIndex - leftIndex - 3) * inverse
            cells[base + rightIndex - 1] += Float(d * (1 - beforeLast - lastArea))
          }
          cells[base + rightIndex] += Float(d * lastArea)
        }
        x = xNext
      }
    }
  }

  /// Running sums along each row, mapped to coverage bytes by the fill rule.
  func resolve(fillRule: FillRule) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height)
    let stride = self.stride
    cells.withUnsafeBufferPointer { cells in
      out.withUnsafeMutableBufferPointer { out in
        for row in 0..<height {
          var sum: Float = 0
          let base = row * stride
          for column in 0..<width {
            sum += cells[base + column]
            var value = Swift.abs(sum)
            if fillRule == .evenOdd {
              value = value.truncatingRemainder(dividingBy: 2)
              if value > 1 { value = 2 - value }
            }
            out[row * width + column] = UInt8(Swift.min(value, 1) * 255 + 0.5)
          }
        }
      }
    }
    return out
  }
}
