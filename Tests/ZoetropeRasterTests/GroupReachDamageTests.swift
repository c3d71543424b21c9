// SPDX-License-Identifier: Apache-2.0
// A group that comes, goes or changes damages everything it encloses: a masked group's content outside the mask shows once the group is gone.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct GroupReachDamageTests {
  static let canvas = Rasterizer.Canvas(width: 128, height: 64)
  static let white = Color(red: 1, green: 1, blue: 1), blue = Color(red: 0, green: 0, blue: 1)

  static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ShapeCoverage {
    Rasterizer.shape(of: Path.rect(Rect(x: x, y: y, width: w, height: h)), fillRule: .nonZero, transform: .identity,
                     canvas: canvas)!
  }

  /// A blue bar across the canvas (rows 20–40) masked to columns `mask`
  /// (a one-shape mask, or a mask group when `maskGroup`), and a grey
  /// square after it.
  static func masked(_ mask: Range<Int>, maskGroup: Bool = false) -> DisplayList {
    var list = DisplayList(width: 128, height: 64, background: white)
    let window = rectangle(Double(mask.lowerBound), 0, Double(mask.count), 64)
    list.beginGroup()
    list.fill(rectangle(0, 20, 128, 20), color: blue, opacity: 1)
    if maskGroup {
      list.beginMask()
      list.fill(window, color: Color(red: 0, green: 0, blue: 0), opacity: 1)
      list.endMask()
      list.endGroup(opacity: 1)
    } else {
      list.endGroup(opacity: 1, mode: nil, mask: window.runs())
    }
    list.fill(rectangle(100, 50, 8, 8), color: Color(red: 0.5, green: 0.5, blue: 0.5), opacity: 1)
    return list
  }

  /// The same bar unmasked, between two small squares where the group's
  /// begin and end were (as many commands as ``masked(_:maskGroup:)``'s
  /// one-shape mask), and the grey square.
  static func bare() -> DisplayList {
    var list = DisplayList(width: 128, height: 64, background: white)
    list.fill(rectangle(4, 4, 8, 8), color: Color(red: 1, green: 0, blue: 0), opacity: 1)
    list.fill(rectangle(0, 20, 128, 20), color: blue, opacity: 1)
    list.fill(rectangle(4, 50, 8, 8), color: Color(red: 0, green: 1, blue: 0), opacity: 1)
    list.fill(rectangle(100, 50, 8, 8), color: Color(red: 0.5, green: 0.5, blue: 0.5), opacity: 1)
    return list
  }

  /// Pixels of `after` played over `before`'s with `damage`, and played whole.
  static func replayed(_ after: DisplayList, over before: DisplayList, damage: [DisplayList.BandDamage])
    -> (replayed: [UInt8], fresh: [UInt8])
  {
    var pixels = [UInt8](repeating: 0, count: 4 * 128 * 64)
    var fresh = pixels
    pixels.withUnsafeMutableBufferPointer { _ = before.render(into: $0.baseAddress!, straightAlpha: true) }
    pixels.withUnsafeMutableBufferPointer {
      _ = after.render(into: $0.baseAddress!, straightAlpha: true, bandHeight: 16, damage: damage)
    }
    fresh.withUnsafeMutableBufferPointer { _ = after.render(into: $0.baseAddress!, straightAlpha: true) }
    return (pixels, fresh)
  }

  static let pairs: [(String, DisplayList, DisplayList)] = [
    ("mask gone", masked(50..<70), bare()),
    ("mask come", bare(), masked(50..<70)),
    ("mask moved", masked(50..<70), masked(90..<110)),
    ("mask group gone", masked(50..<70, maskGroup: true), bare()),
    ("mask group come", bare(), masked(50..<70, maskGroup: true)),
    ("mask group moved", masked(50..<70, maskGroup: true), masked(10..<30, maskGroup: true)),
  ]

  @Test(arguments: 0..<pairs.count)
  func theBarAMaskHidOutsideItIsDrawnAgain(_ index: Int) {
    let (name, before, after) = Self.pairs[index]
    let damage = after.damage(since: before, bandHeight: 16)
    let (replayed, fresh) = Self.replayed(after, over: before, damage: damage)
    #expect(replayed == fresh, "\(name)")
    // Either way of comparing finds it.
    let aligned = after.alignedDamage(since: before, bandHeight: 16, bands: 4)
    #expect(Self.replayed(after, over: before, damage: aligned).replayed == fresh, "\(name), aligned")
    if let paired = after.pairedDamage(since: before, bandHeight: 16, bands: 4) {
      #expect(Self.replayed(after, over: before, damage: paired).replayed == fresh, "\(name), paired")
    }
  }

  @Test func aMaskedGroupReachesItsContentAndAnOpacityGroupOnlyItsBounds() {
    let reach = Self.masked(50..<70).groupReach()
    // Its begin (0) and end (2) reach the whole bar, past the mask's columns.
    #expect(reach[0]?.columns == 0..<128 && reach[0]?.rows == 20..<40)
    #expect(reach[2]?.columns == 0..<128)
    var group = DisplayList(width: 128, height: 64, background: Self.white)
    group.beginGroup()
    group.fill(Self.rectangle(0, 20, 128, 20), color: Self.blue, opacity: 1)
    group.endGroup(opacity: 0.5)
    #expect(group.groupReach().isEmpty)
  }
}
