// SPDX-License-Identifier: Apache-2.0
// A layer's transform to its superlayer, worked out as a translation when it has no transform: the products' bits.

import Testing
import ZoetropeGeometry
import ZoetropeLayers

@Suite struct LayerToSuperlayerTests {
  /// The transform as the two products of 4 × 4 matrices make it.
  func products(bounds: Rect, anchorPoint: Point, position: Point, transform: Transform3D) -> Transform3D {
    let anchor = Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
                       y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: 0)
      .concatenating(transform)
      .concatenating(.translation(x: position.x, y: position.y, z: 0))
  }

  func bits(_ t: Transform3D) -> [UInt64] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
      .map(\.bitPattern)
  }

  @Test func aLayerWithoutATransformGetsTheProductsBitForBit() {
    // Zeros of both signs, numbers that cancel, tiny and huge ones, and
    // the non-finite ones the translation leaves to the products.
    let numbers: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 100.25, -100.25, 1e-310, -1e-310, 1e300, -1e300,
                             .greatestFiniteMagnitude, 3.000_000_000_000_000_4, .infinity, -.infinity, .nan]
    var seed: UInt64 = 0x5EED
    func pick() -> Double {
      // (A fixed sequence: an xorshift over the list, and now and then another number.)
      seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
      if seed % 5 == 0 { return Double(Int64(bitPattern: seed) % 100_000) / 7 }
      return numbers[Int(seed % UInt64(numbers.count))]
    }
    var minusZeroEntry = Transform3D.identity
    minusZeroEntry.m12 = -0.0
    var checked = 0
    for _ in 0..<20_000 {
      let bounds = Rect(x: pick(), y: pick(), width: pick(), height: pick())
      let anchor = Point(x: pick(), y: pick()), position = Point(x: pick(), y: pick())
      for transform in [Transform3D.identity, minusZeroEntry, .scale(x: 2, y: 2, z: 1)] {
        let made = LayerProperties.layerToSuperlayer(bounds: bounds, anchorPoint: anchor, position: position,
                                                     transform: transform)
        let expected = products(bounds: bounds, anchorPoint: anchor, position: position, transform: transform)
        #expect(bits(made) == bits(expected), "bounds \(bounds), anchor \(anchor), position \(position)")
        checked += 1
      }
    }
    #expect(checked == 60_000)
  }

  @Test func theGetterIsTheFunctionOfItsFields() {
    var p = LayerProperties()
    p.bounds = Rect(x: -0.0, y: 3, width: 10, height: 0.1)
    p.anchorPoint = Point(x: 0, y: 0.5)
    p.position = Point(x: -0.0, y: -0.0)
    #expect(bits(p.layerToSuperlayer)
      == bits(products(bounds: p.bounds, anchorPoint: p.anchorPoint, position: p.position, transform: p.transform)))
    // −(−0 + 0 × 10) is −0; the products make it +0, and +0 + −0 is +0.
    #expect(p.layerToSuperlayer.m41.bitPattern == (0.0).bitPattern)
  }
}
