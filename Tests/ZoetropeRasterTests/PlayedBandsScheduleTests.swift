// SPDX-License-Identifier: Apache-2.0
// A clip's frame schedules only the bands it plays: each of those as the whole frame's schedule has it.

import Testing
@testable import ZoetropeRaster

@Suite struct PlayedBandsScheduleTests {
  /// Which bands play, for `bands` bands: every other one, the first, the last, none, all.
  static func masks(_ bands: Int) -> [[Bool]] {
    [(0..<bands).map { $0 % 2 == 0 }, (0..<bands).map { $0 == 0 }, (0..<bands).map { $0 == bands - 1 },
     [Bool](repeating: false, count: bands), [Bool](repeating: true, count: bands)]
  }

  static let drawings = [HiddenColumnsTests.drawing(), OpaqueCoverTests.drawing()]

  @Test(arguments: [16, 5, 7, 1])
  func aPlayedBandIsScheduledAsInTheWholeFramesSchedule(_ bandHeight: Int) throws {
    for list in Self.drawings {
      let bands = (list.height + bandHeight - 1) / bandHeight
      let whole = try #require(list.schedule(bandHeight: bandHeight, bands: bands))
      for playing in Self.masks(bands) {
        let some = try #require(list.schedule(bandHeight: bandHeight, bands: bands, playing: playing))
        for band in 0..<bands {
          let entries = some.starts[band]..<some.starts[band + 1]
          guard playing[band] else {
            #expect(entries.isEmpty && !some.isCovered(band) && some.unfilledColumns(band).isEmpty)
            continue
          }
          let theirs = whole.starts[band]..<whole.starts[band + 1]
          #expect(some.commands[entries] == whole.commands[theirs])
          #expect(some.isCovered(band) == whole.isCovered(band))
          #expect(some.played(band).count == whole.played(band).count)
          #expect(Array(some.unfilledColumns(band)) == Array(whole.unfilledColumns(band)))
          for (mine, its) in zip(entries, theirs) {
            #expect(some.visibleColumns(mine) == whole.visibleColumns(its))
          }
        }
      }
      // Another number of bands is not scheduled.
      #expect(list.schedule(bandHeight: bandHeight, bands: bands, playing: [true]) == nil || bands == 1)
    }
  }

  @Test(arguments: [16, 5, 7, 1])
  func playingSomeBandsOverSpoiltPixelsGivesTheirBytes(_ bandHeight: Int) {
    for list in Self.drawings {
      let bands = (list.height + bandHeight - 1) / bandHeight
      let everything = BandPlayback.rendered(list, bandHeight: bandHeight, schedules: false)
      for playing in Self.masks(bands) {
        // The played bands' rows spoilt, the others kept: playing only
        // those bands (scheduled for them alone) gives every byte back.
        var spoilt = everything
        for band in 0..<bands where playing[band] {
          let rows = (band * bandHeight)..<Swift.min((band + 1) * bandHeight, list.height)
          for index in (4 * rows.lowerBound * list.width)..<(4 * rows.upperBound * list.width) { spoilt[index] = 0x5A }
        }
        let damage = playing.map { $0 ? DisplayList.BandDamage.whole : .none }
        #expect(BandPlayback.rendered(list, bandHeight: bandHeight, schedules: true, damage: damage, over: spoilt)
          == everything)
      }
    }
  }
}
