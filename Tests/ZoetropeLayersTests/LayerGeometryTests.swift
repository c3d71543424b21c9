// SPDX-License-Identifier: Apache-2.0
// Points between layers' spaces: positions, anchor points, transforms, sublayer transforms, perspective.

import Foundation
import Testing
import ZoetropeGeometry
import ZoetropeLayers

@Suite struct LayerGeometryTests {
  func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

  @Test func pointsFollowPositionAnchorAndTransform() {
    let root = Layer()
    root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    let card = Layer()
    card.frame = Rect(x: 50, y: 20, width: 100, height: 40)   // anchor at its centre (100, 40)
    root.addSublayer(card)
    #expect(close(card.convert(Point(x: 0, y: 0), to: root), Point(x: 50, y: 20)))
    card.transform = .rotation(angle: .pi / 2, x: 0, y: 0, z: 1)   // +x turns to +y, about the centre
    #expect(close(card.convert(Point(x: 100, y: 20), to: root), Point(x: 100, y: 90)))
    #expect(close(root.convert(Point(x: 100, y: 90), to: card), Point(x: 100, y: 20)))
    #expect(close(card.convert(Point(x: 100, y: 90), from: root), Point(x: 100, y: 20)))
    // The root's own placement counts in the root's placement space (nil).
    #expect(close(root.convert(Point(x: 1, y: 1), to: nil), Point(x: 1, y: 1)))
    root.sublayerTransform = .scale(x: 2, y: 2, z: 1)   // about the root's anchor, its centre (100, 100)
    // The card's anchor sits at (100, 40): 60 above the centre, doubled.
    #expect(close(card.convert(Point(x: 50, y: 20), to: root), Point(x: 100, y: -20)))
  }

  @Test func aMaskSitsInItsHostsSpaceWithoutTheSublayerTransform() {
    let host = Layer()
    host.frame = Rect(x: 10, y: 10, width: 50, height: 50)
    host.sublayerTransform = .scale(x: 3, y: 3, z: 1)
    let mask = Layer()
    mask.frame = Rect(x: 5, y: 5, width: 10, height: 10)
    host.mask = mask
    #expect(close(mask.convert(.zero, to: host), Point(x: 5, y: 5)))
  }

  @Test func throughPerspectiveAPointComesBackOnThePlane() {
    let stage = Layer()
    stage.frame = Rect(x: 0, y: 0, width: 160, height: 120)
    stage.sublayerTransform = .perspective(distance: 500)
    let card = Layer()
    card.frame = Rect(x: 40, y: 20, width: 80, height: 80)
    card.transform = .rotation(angle: .pi / 4, x: 0, y: 1, z: 0)
    stage.addSublayer(card)
    // The card's right edge (u = +40 from its centre) recedes: w = 1 + 40 sin θ / 500.
    let w = 1 + 40 * sin(Double.pi / 4) / 500
    let edge = card.convert(Point(x: 80, y: 40), to: stage)
    #expect(close(edge, Point(x: 80 + 40 * cos(Double.pi / 4) / w, y: 60)))
    let back = card.convert(edge, from: stage)
    #expect(close(back, Point(x: 80, y: 40)))
    card.transform = .rotation(angle: .pi / 2, x: 0, y: 1, z: 0)   // edge-on: no way back
    #expect(!card.convert(Point(x: 10, y: 10), from: stage).isFinite)
  }
}
