// SPDX-License-Identifier: Apache-2.0
// UIBezierPath with UIKit's clockwise, CGMutablePath with Core Graphics' flipped sense, the shapes'
// starting points and directions, tangent arcs, reversal and bounds.

import Foundation
import Testing
import ZoetropeQuartzCore

@Suite struct PathTests {
  /// The point a quarter of the way along `path`, where a `strokeEnd` of 0.25 ends: drawn and read back.
  func quarterPoint(of path: CGPath, in size: CGFloat = 100) throws -> CGPoint {
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 0, y: 0, width: size, height: size)
    shape.path = path
    shape.fillColor = nil
    shape.strokeColor = UIColor.black.cgColor
    shape.lineWidth = 2
    shape.strokeStart = 0.24
    shape.strokeEnd = 0.26
    let frame = try Frame(shape, at: 0)
    var sum = (x: 0.0, y: 0.0, weight: 0.0)
    for y in 0..<Int(size) {
      for x in 0..<Int(size) {
        let a = Double(frame.pixel(Double(x) + 0.5, Double(y) + 0.5).alpha)
        sum = (sum.x + a * (Double(x) + 0.5), sum.y + a * (Double(y) + 0.5), sum.weight + a)
      }
    }
    return CGPoint(x: sum.x / sum.weight, y: sum.y / sum.weight)
  }

  func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool { abs(p.x - x) < 1.5 && abs(p.y - y) < 1.5 }

  @Test func clockwiseArcsTurnClockwiseOnScreen() throws {
    // From three o'clock, a quarter of a clockwise circle reaches six o'clock (y down).
    let clockwise = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 2 * .pi,
                                 clockwise: true)
    #expect(near(try quarterPoint(of: clockwise.cgPath), 50, 90))
    let counter = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: -2 * .pi,
                               clockwise: false)
    #expect(near(try quarterPoint(of: counter.cgPath), 50, 10))
  }

  @Test func coreGraphicsClockwiseIsFlipped() {
    let uikit = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: .pi / 3,
                             clockwise: true)
    let cg = CGMutablePath()
    cg.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: .pi / 3, clockwise: false)
    #expect(uikit.cgPath == cg)
    let other = CGMutablePath()
    other.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2, endAngle: .pi / 3, clockwise: true)
    #expect(other != cg)
    #expect(other.boundingBoxOfPath.minX < 15)   // the long way round passes nine o'clock
  }

  @Test func shapesStartWhereCoreGraphicsStartsThem() throws {
    // Ovals start at three o'clock and run clockwise: a quarter of the way is six o'clock.
    #expect(near(try quarterPoint(of: UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 80, height: 80)).cgPath), 50, 90))
    #expect(near(try quarterPoint(of: CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)),
                 50, 90))
    // Rectangles start at the top-left corner and run clockwise: a quarter is the top-right corner.
    #expect(near(try quarterPoint(of: UIBezierPath(rect: CGRect(x: 10, y: 10, width: 80, height: 80)).cgPath), 90, 10))
  }

  @Test func roundedCornersByCorner() {
    let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: [.topLeft],
                            cornerRadii: CGSize(width: 20, height: 20))
    #expect(path.bounds == CGRect(x: 0, y: 0, width: 100, height: 60))
    #expect(path.currentPoint == CGPoint(x: 20, y: 0))
    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
    shape.path = path.cgPath
    let frame = try! Frame(shape, at: 0)
    #expect(frame.pixel(1, 1).alpha == 0)       // the rounded corner
    #expect(frame.pixel(98, 1).alpha == 255)    // square corners elsewhere
    #expect(frame.pixel(98, 58).alpha == 255)
    #expect(frame.pixel(1, 58).alpha == 255)
  }

  @Test func tangentArcsRoundACorner() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
    #expect(abs(path.currentPoint.x - 100) < 1e-9 && abs(path.currentPoint.y - 20) < 1e-9)
    let box = path.boundingBoxOfPath
    #expect(abs(box.maxX - 100) < 1e-9 && box.minY == 0)
    let straight = CGMutablePath()
    straight.move(to: .zero)
    straight.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 100, y: 0), radius: 10)
    #expect(straight.currentPoint == CGPoint(x: 50, y: 0))   // collinear: a line to the corner
  }

  @Test func builtPathsKeepTheirElements() {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: 0, y: 10))
    path.addLine(to: CGPoint(x: 20, y: 10))
    path.addCurve(to: CGPoint(x: 40, y: 10), controlPoint1: CGPoint(x: 25, y: 0), controlPoint2: CGPoint(x: 35, y: 0))
    path.addQuadCurve(to: CGPoint(x: 60, y: 10), controlPoint: CGPoint(x: 50, y: 30))
    path.close()
    #expect(path.currentPoint == CGPoint(x: 0, y: 10))
    #expect(path.bounds == CGRect(x: 0, y: 0, width: 60, height: 30))
    #expect(path.cgPath.boundingBoxOfPath.minY > 2)      // the curve stays below its control points
    #expect(path.cgPath.boundingBoxOfPath.maxY < 21)
    let reversed = path.reversing()
    #expect(reversed.currentPoint == CGPoint(x: 0, y: 10))
    #expect(reversed.reversing().cgPath.boundingBoxOfPath == path.cgPath.boundingBoxOfPath)
    let copy = path.cgPath.mutableCopy()!
    copy.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(copy != path.cgPath)
    var rect = CGRect.zero
    #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&rect))
    #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
    var shift = CGAffineTransform(translationX: 10, y: 0)
    #expect(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &shift).boundingBox.minX == 10)
  }

  @Test func aShapeLayerReadsItsPathWhenSet() {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    let shape = CAShapeLayer()
    shape.path = path
    path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
    #expect(shape.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
  }
}

@Suite struct RoundedRectPathTests {
  @Test func uikitRoundedRectsHaveTheContinuousCornersALayerDraws() throws {
    let rect = CGRect(x: 0, y: 0, width: 80, height: 60)
    let path = UIBezierPath(roundedRect: rect, cornerRadius: 12)
    // The corner eases in along 1.528665 × the radius of the top edge; the path starts there, clockwise.
    #expect(abs(path.cgPath.currentPoint.x - 12 * 1.528665) < 1e-9 && path.currentPoint.y == 0)
    #expect(path.bounds == rect)
    let shape = CAShapeLayer()
    shape.frame = rect
    shape.path = path.cgPath
    shape.fillColor = UIColor.black.cgColor
    let layer = CALayer()
    layer.frame = rect
    layer.backgroundColor = UIColor.black.cgColor
    layer.cornerRadius = 12
    layer.cornerCurve = .continuous
    let drawn = try Frame(shape, at: 0).image, expected = try Frame(layer, at: 0).image
    #expect(try #require(drawn.difference(from: expected)).maximumChannelDifference <= 1)
    layer.cornerCurve = .circular
    #expect(try #require(drawn.difference(from: try Frame(layer, at: 0).image)).maximumChannelDifference > 20)
    #expect(UIBezierPath(roundedRect: rect, cornerRadius: 0).cgPath == UIBezierPath(rect: rect).cgPath)
  }
}
