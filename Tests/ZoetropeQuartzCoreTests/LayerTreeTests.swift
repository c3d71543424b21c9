// SPDX-License-Identifier: Apache-2.0
// The CALayer tree follows the Zoetrope tree underneath: sublayers, masks, cycles refused, layout at
// the commit, deep trees, and what the rendered canvas is.

import Foundation
import Testing
import Zoetrope
import ZoetropeQuartzCore

@Suite struct LayerTreeTests {
  func named(_ name: String) -> CALayer {
    let layer = CALayer()
    layer.name = name
    return layer
  }

  func names(_ layer: CALayer) -> [String] { (layer.sublayers ?? []).map { $0.name ?? "?" } }

  @Test func sublayersInsertAndMoveAsOnIOS() {
    let root = named("root")
    let (a, b, c, d) = (named("a"), named("b"), named("c"), named("d"))
    root.addSublayer(a)
    root.addSublayer(b)
    root.insertSublayer(c, at: 0)
    #expect(names(root) == ["c", "a", "b"])
    root.insertSublayer(d, above: a)
    #expect(names(root) == ["c", "a", "d", "b"])
    root.insertSublayer(b, below: c)
    #expect(names(root) == ["b", "c", "a", "d"])
    root.insertSublayer(a, at: 99)
    #expect(names(root) == ["b", "c", "d", "a"])
    let e = named("e")
    root.replaceSublayer(c, with: e)
    #expect(names(root) == ["b", "e", "d", "a"])
    #expect(c.superlayer == nil && e.superlayer === root)
    d.removeFromSuperlayer()
    #expect(names(root) == ["b", "e", "a"])
    let other = named("other")
    other.addSublayer(a)   // moves it
    #expect(names(root) == ["b", "e"] && a.superlayer === other)
    root.sublayers = [a, d]
    #expect(names(root) == ["a", "d"] && names(other).isEmpty && b.superlayer == nil)
    root.sublayers = nil
    #expect(root.sublayers == nil)
  }

  @Test func cyclesAreRefused() {
    let (top, middle, bottom) = (named("top"), named("middle"), named("bottom"))
    top.addSublayer(middle)
    middle.addSublayer(bottom)
    bottom.addSublayer(top)
    #expect(top.superlayer == nil && bottom.sublayers == nil)
    top.addSublayer(top)
    #expect(names(top) == ["middle"])
    bottom.mask = top
    #expect(bottom.mask == nil)
  }

  @Test func masksLeaveTheirSuperlayerAndDraw() throws {
    let card = CALayer()
    card.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    card.backgroundColor = UIColor.black.cgColor
    let circle = CAShapeLayer()
    circle.frame = card.bounds
    circle.path = UIBezierPath(ovalIn: card.bounds).cgPath
    card.addSublayer(circle)
    card.mask = circle
    #expect(card.sublayers == nil && card.mask === circle && circle.superlayer == nil)
    let frame = try Frame(card, at: 0)
    #expect(frame.pixel(20, 20).alpha == 255)
    #expect(frame.pixel(1, 1).alpha == 0)
    card.addSublayer(circle)   // taken back from the mask
    #expect(card.mask == nil && card.sublayers?.count == 1)
  }

  final class Stack: CALayer {
    var order: [String] = []
    weak var log: Stack?
    override func layoutSublayers() {
      super.layoutSublayers()
      (log ?? self).order.append(name ?? "?")
      for (index, sublayer) in (sublayers ?? []).enumerated() {
        sublayer.frame = CGRect(x: 0, y: CGFloat(index) * bounds.height / 2, width: bounds.width, height: bounds.height / 2)
      }
    }
  }

  @Test func layoutRunsAtTheCommitParentsFirst() throws {
    let outer = Stack(), inner = Stack()
    outer.name = "outer"
    inner.name = "inner"
    inner.log = outer
    outer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    outer.addSublayer(CALayer())
    outer.addSublayer(inner)
    let leaf = CALayer()
    leaf.backgroundColor = UIColor.black.cgColor
    inner.addSublayer(CALayer())
    inner.addSublayer(leaf)
    #expect(outer.order.isEmpty)
    let frame = try Frame(outer, at: 0)
    #expect(outer.order == ["outer", "inner"])   // inner's size came from outer's layout
    #expect(leaf.frame == CGRect(x: 0, y: 10, width: 40, height: 10))
    #expect(frame.pixel(20, 35).alpha == 255 && frame.pixel(20, 25).alpha == 0)
    _ = try Frame(outer, at: 0)
    #expect(outer.order.count == 2)   // nothing changed: no second layout
    outer.setNeedsLayout()
    outer.layoutIfNeeded()
    #expect(outer.order.count == 3)
  }

  @Test func theCanvasReachesTheFramesFarCornerAndShowsTheLayersOwnMotion() throws {
    let layer = CALayer()
    layer.frame = CGRect(x: 10, y: 10, width: 20, height: 10)
    layer.backgroundColor = UIColor.black.cgColor
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.byValue = 5
    slide.duration = 1
    slide.fillMode = .forwards
    slide.isRemovedOnCompletion = false
    layer.add(slide, forKey: nil)
    let frame = try Frame(layer, at: 2)
    #expect(frame.image.width == 30 && frame.image.height == 20)
    #expect(frame.pixel(12, 15).alpha == 0 && frame.pixel(16, 15).alpha == 255)
    let doubled = try ZoetropeRender.image(of: layer, at: 2, scale: 2, background: UIColor.white.cgColor)
    #expect(doubled.width == 60 && doubled.pixels[3] == 255)
    let png = try ZoetropeRender.png(of: layer, at: 2)
    #expect(try RGBAImage(pngData: [UInt8](png)) == frame.image)
    let scene = try ZoetropeRender.scene(of: layer, duration: 3, framesPerSecond: 10)
    #expect(scene.canvas.duration == 3 && scene.canvas.width == 30)
  }

  @Test func deepTreesBuildRenderAndGoAway() throws {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
    var parent = root
    for _ in 0..<20_000 {
      let child = CALayer()
      parent.addSublayer(child)
      parent = child
    }
    parent.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
    parent.backgroundColor = UIColor.black.cgColor
    #expect(try Frame(root, at: 0).pixel(2, 2).alpha == 255)
    #expect(parent.presentation() != nil)
  }

  @Test func storedOnlyPropertiesReadBack() {
    let layer = CALayer()
    layer.isDoubleSided = false
    layer.shouldRasterize = true
    layer.rasterizationScale = 2
    layer.contentsScale = UIScreen.main.scale
    layer.actions = ["position": NSNull()]
    layer.anchorPointZ = 3
    #expect(!layer.isDoubleSided && layer.shouldRasterize && layer.rasterizationScale == 2)
    #expect(layer.contentsScale == 2 && layer.actions?["position"] != nil && layer.anchorPointZ == 3)
  }
}

@Suite struct LayerGeometryConversionTests {
  @Test func pointsAndRectsConvertAndHitsFindTheFrontLayer() {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    let back = CALayer(), front = CALayer()
    back.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
    front.frame = CGRect(x: 60, y: 60, width: 100, height: 100)
    root.addSublayer(back)
    root.addSublayer(front)
    #expect(front.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 60, y: 60))
    #expect(back.convert(CGPoint(x: 0, y: 0), to: front) == CGPoint(x: -40, y: -40))
    #expect(front.convert(CGPoint(x: 100, y: 100), from: root) == CGPoint(x: 40, y: 40))
    #expect(front.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root) == CGRect(x: 60, y: 60, width: 10, height: 10))
    #expect(root.hitTest(CGPoint(x: 80, y: 80)) === front)   // both contain it: the front one
    #expect(root.hitTest(CGPoint(x: 30, y: 30)) === back)
    #expect(root.hitTest(CGPoint(x: 190, y: 10)) === root)
    #expect(root.hitTest(CGPoint(x: 300, y: 10)) == nil)
    front.isHidden = true
    #expect(root.hitTest(CGPoint(x: 80, y: 80)) === back)
    // A turned layer is hit where it is drawn.
    back.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
    #expect(root.hitTest(CGPoint(x: 70, y: 0)) === back)    // a corner swung up above its frame
    #expect(root.hitTest(CGPoint(x: 22, y: 22)) === root)   // the old corner is now outside
  }
}
