// SPDX-License-Identifier: Apache-2.0
// The colour table of the GIF palette pass and mapping, against a Dictionary.

import Testing
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct ColorTableTests {
  /// A deterministic stream of colours: few distinct ones early, so that
  /// most operations meet a colour already held, then many.
  struct Colours {
    var random = SeededRandom(state: 0x9E37_79B9_7F4A_7C15)
    mutating func next(distinct: UInt32) -> UInt32 { UInt32(random.below(Int(distinct))) }
  }

  @Test func countsAndValuesAreADictionarysThroughGrowth() {
    var table = ColorTable<UInt64>(), reference: [UInt32: UInt64] = [:]
    var colours = Colours()
    for step in 0..<60_000 {
      // Grows past 1,024, 2,048 … 32,768 slots; colours reach 0xFFFFFF.
      let colour = colours.next(distinct: step < 20_000 ? 300 : 1 << 24)
      let amount = UInt64(step % 7 + 1)
      table.add(amount, to: colour)
      reference[colour, default: 0] += amount
    }
    table.add(5, to: 0xFF_FFFF)
    reference[0xFF_FFFF, default: 0] += 5
    #expect(table.count == reference.count)
    #expect(table.sorted().map(\.colour) == reference.keys.sorted())
    #expect(table.sorted().allSatisfy { reference[$0.colour] == $0.value })
    #expect(table.value(of: 0x12_3456) == reference[0x12_3456])
  }

  /// The mapping's cache starts as a copy of the palette's table: writing
  /// to the copy once wrote into the palette's (the slot was found in the
  /// storage the write then replaced).
  @Test func aCopyIsIndependentOfTheOriginal() {
    var palette = ColorTable<UInt8>()
    for i in 0..<10 { palette.set(UInt8(i), for: UInt32(i) * 0x01_0101) }
    var cache = palette
    for colour in UInt32(1000)..<UInt32(3000) { cache.set(7, for: colour) }  // grows the copy
    cache.set(99, for: 0x02_0202)
    #expect(palette.count == 10 && cache.count == 2010)
    #expect(palette.value(of: 0x02_0202) == 2 && cache.value(of: 0x02_0202) == 99)
    #expect(palette.value(of: 1500) == nil && cache.value(of: 1500) == 7)
    // And the other way: the original written after the copy was made.
    var original = ColorTable<UInt8>()
    original.set(1, for: 42)
    let copy = original
    original.set(2, for: 42)
    original.set(3, for: 43)
    #expect(copy.value(of: 42) == 1 && copy.value(of: 43) == nil && copy.count == 1)
  }

  @Test func mergingAddsTheValuesOfEveryColour() {
    var a = ColorTable<UInt64>(), b = ColorTable<UInt64>()
    for colour in UInt32(0)..<3000 { a.add(UInt64(colour), to: colour) }
    for colour in UInt32(2000)..<5000 { b.add(1, to: colour) }
    a.merge(b)
    #expect(a.count == 5000)
    #expect(a.value(of: 10) == 10 && a.value(of: 2500) == 2501 && a.value(of: 4000) == 1)
    #expect(b.count == 3000 && b.value(of: 2500) == 1)
  }
}
