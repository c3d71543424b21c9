// SPDX-License-Identifier: Apache-2.0
// UIKit's system colours: the light and dark values docs/scene-format.md lists.

import Testing
import ZoetropeGeometry

@Suite struct SystemColorTests {
  static func bytes(_ c: Color?) -> [Int]? {
    c.map { [$0.red, $0.green, $0.blue].map { Int(($0 * 255).rounded()) } }
  }

  @Test func tintsTakeTheirLightAndDarkValues() {
    #expect(Self.bytes(Color.system("systemBlue", appearance: .light)) == [0, 122, 255])
    #expect(Self.bytes(Color.system("systemBlue", appearance: .dark)) == [10, 132, 255])
    #expect(Self.bytes(Color.system("systemGray6", appearance: .light)) == [242, 242, 247])
    #expect(Self.bytes(Color.system("systemGray6", appearance: .dark)) == [28, 28, 30])
    #expect(Self.bytes(Color.system("systemMint", appearance: .dark)) == [99, 230, 226])
    #expect(Color.system("systemBlue", appearance: .dark)?.alpha == 1)
  }

  @Test func semanticColoursCarryTheirAlpha() {
    #expect(Color.system("label", appearance: .light) == Color(red: 0, green: 0, blue: 0))
    #expect(Color.system("label", appearance: .dark) == Color(red: 1, green: 1, blue: 1))
    let secondary = Color.system("secondaryLabel", appearance: .light)
    #expect(Self.bytes(secondary) == [60, 60, 67] && secondary?.alpha == 0.6)
    let separator = Color.system("separator", appearance: .dark)
    #expect(Self.bytes(separator) == [84, 84, 88] && separator?.alpha == 0.6)
    #expect(Color.system("systemBackground", appearance: .dark) == Color(red: 0, green: 0, blue: 0))
  }

  @Test func namesAreUIKitsAndCaseSensitive() {
    #expect(Color.systemColorNames.count == 36 && Set(Color.systemColorNames).count == 36)
    #expect(Color.systemColorNames.allSatisfy { Color.system($0, appearance: .light) != nil })
    #expect(Color.system("SystemBlue", appearance: .light) == nil)
    #expect(Color.system("blue", appearance: .light) == nil)
    // No system colour shadows a UIKit fixed colour name.
    #expect(Set(Color.systemColorNames).isDisjoint(with: Color.namedColorNames))
  }
}
