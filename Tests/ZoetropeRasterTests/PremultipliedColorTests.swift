// SPDX-License-Identifier: Apache-2.0
// A colour times an opacity as premultiplied bytes: rounded as the C library rounds, without calling it.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct PremultipliedColorTests {
  @Test func premultiplyingRoundsAsTheLibraryDoes() {
    // Every value near each half and each whole from 0 to 255, and a sweep between.
    var values: [Double] = [0, 255]
    for k in 0...510 {
      let v = Double(k) / 2
      values += [v, v.nextUp, v.nextDown, v + 1e-9, v - 1e-9].filter { $0 >= 0 && $0 <= 255 }
    }
    for i in 0...100_000 { values.append(Double(i) * 255 / 100_000) }
    let wrong = values.filter { roundedByte($0) != UInt8($0.rounded()) }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    var mismatches = 0
    for c in stride(from: 0.0, through: 1, by: 1 / 997) {
      for a in [0, 0.13, 0.5, 0.77, 1] {
        let p = Color(red: c, green: 1 - c, blue: c / 2, alpha: a).premultipliedRGBA8(opacity: 0.9)
        let alpha = (a * 0.9 * 255).rounded()
        let expected = (UInt8((c * alpha).rounded()), UInt8(((1 - c) * alpha).rounded()),
                        UInt8((c / 2 * alpha).rounded()), UInt8(alpha))
        if p != expected { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }
}
