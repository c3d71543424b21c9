// SPDX-License-Identifier: Apache-2.0
// The kernels of a rectangle's rows in one call against the portable kernels row by row.

import ZoetropeShaders
import Testing
import _ZoetropeTestSupport

extension WideKernelTests {
  /// A rectangle's rows a row at a time in C, what they share worked out
  /// once, give the portable kernels' bytes row by row.
  @Test func rectangleRowsAVX2MatchThePortableKernelsRowByRow() {
    Self.rectangleRowsMatchThePortableKernelsRowByRow(fillRectangleRowsAVX2)
  }

  /// Colours that are not premultiplied, no rows and negative interiors
  /// are refused untouched (the caller blends row by row).
  @Test func rectangleRowsAVX2RefuseWhatTheyCannotTake() {
    let opaque = FillSolidContext(premultipliedRed: 200, green: 10, blue: 10, alpha: 255)
    Self.rectangleRowsRefuseUntouched(fillRectangleRowsAVX2, [(16, 4, 2, Self.unpremultiplied), (16, 0, 2, opaque),
                                                              (16, 2, -1, opaque)])
  }
}

extension WideKernelTests {
  /// A kernel of a rectangle's rows in one call against the portable
  /// kernels row by row (the bytes, and nothing else touched): rows 1–40 (over
  /// and under multiples of sixteen), interiors of 0–70 pixels, coverage
  /// bytes of 0, 255 and between, opaque, translucent and clear colours.
  /// A colour that is not premultiplied (red above alpha).
  static let unpremultiplied = FillSolidContext(premultipliedRed: 200, green: 10, blue: 10, alpha: 100)

  /// A kernel of a rectangle's rows refuses every one of `calls` (stride,
  /// rows, interior pixels, colour) and leaves the pixels as they were.
  static func rectangleRowsRefuseUntouched(
    _ kernel: (UnsafeMutablePointer<UInt8>, Int, Int, Int, UInt8, UInt8, UInt8, FillSolidContext) -> Bool,
    _ calls: [(stride: Int, rows: Int, count: Int, context: FillSolidContext)]
  ) {
    var pixels = [UInt8](repeating: 0x3C, count: 4 * 64)
    let original = pixels
    let refused = pixels.withUnsafeMutableBufferPointer { p in
      calls.map { kernel(p.baseAddress!, $0.stride, $0.rows, $0.count, 9, 255, 9, $0.context) }
    }
    #expect(refused == calls.map { _ in false })
    #expect(pixels == original)
  }

  static func rectangleRowsMatchThePortableKernelsRowByRow(
    _ kernel: (UnsafeMutablePointer<UInt8>, Int, Int, Int, UInt8, UInt8, UInt8, FillSolidContext) -> Bool
  ) {
    var random = SeededRandom(state: 0x5EC7)
    for round in 0..<400 {
      let rows = 1 + Int(random.byte() % 40), count = Int(random.byte() % 71)
      // Guard pixels before, after and between the rows.
      let stride = 4 * (count + 2 + Int(random.byte() % 5)), offset = 4 * Int(random.byte() % 3)
      let pick = random.byte()
      let alpha: UInt8 = pick < 60 ? 255 : pick < 80 ? 0 : random.byte()
      func channel() -> UInt8 { UInt8(UInt16(random.byte()) * UInt16(alpha) / 255) }
      let context = FillSolidContext(premultipliedRed: channel(), green: channel(), blue: channel(), alpha: alpha)
      func coverage() -> UInt8 { let c = random.byte(); return c < 40 ? 0 : c < 100 ? 255 : random.byte() }
      let (left, interior, right) = (coverage(), coverage(), coverage())
      let original = random.premultipliedPixels(rows * stride / 4 + offset / 4 + 8)
      var wide = original, portable = original
      let taken = wide.withUnsafeMutableBufferPointer {
        kernel($0.baseAddress! + offset, stride, rows, count, left, interior, right, context)
      }
      portable.withUnsafeMutableBufferPointer { buffer in
        for row in 0..<rows {
          let line = buffer.baseAddress! + offset + row * stride
          withUnsafePointer(to: left) { fillSolid(line, coverage: $0, count: 1, context: context) }
          if interior > 0 { fillSolidRun(line + 4, count: count, coverage: interior, context: context) }
          withUnsafePointer(to: right) { fillSolid(line + 4 * (count + 1), coverage: $0, count: 1, context: context) }
        }
      }
      let agrees = wide == portable
      #expect(taken && agrees, "round \(round): \(rows) rows of \(count), alpha \(alpha), \(left)/\(interior)/\(right)")
    }
  }
}
