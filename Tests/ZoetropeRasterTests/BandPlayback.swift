// SPDX-License-Identifier: Apache-2.0
// A display list played into pixels, whole or as damage over spoilt pixels: what the band-playback tests compare.

import ZoetropeGeometry
@testable import ZoetropeRaster

/// How the band-playback tests play a display list.
enum BandPlayback {
  /// Pixels rendered over `earlier` (every byte 0x5A unless given), so
  /// that a band left unfilled shows.
  static func rendered(_ list: DisplayList, bandHeight: Int, schedules: Bool, damage: [DisplayList.BandDamage]? = nil,
                       over earlier: [UInt8]? = nil) -> [UInt8] {
    var pixels = earlier ?? [UInt8](repeating: 0x5A, count: 4 * list.width * list.height)
    pixels.withUnsafeMutableBufferPointer {
      _ = list.render(into: $0.baseAddress!, straightAlpha: false, bandHeight: bandHeight, damage: damage,
                      schedules: schedules)
    }
    return pixels
  }

  /// `everything` with the columns `runs` spoilt in every row, replayed in
  /// those runs of columns in every band as damage replays them: every
  /// pixel of them must be drawn again.
  static func replayed(_ list: DisplayList, bandHeight: Int, runs: [Range<Int>], over everything: [UInt8]) -> [UInt8] {
    var spoilt = everything
    for row in 0..<list.height {
      for column in runs.joined() {
        let pixel = 4 * (row * list.width + column)
        spoilt.replaceSubrange(pixel..<(pixel + 4), with: [0x5A, 1, 2, 3])
      }
    }
    let bands = (list.height + bandHeight - 1) / bandHeight
    let columns = [DisplayList.BandDamage](repeating: .columns(runs), count: bands)
    return rendered(list, bandHeight: bandHeight, schedules: true, damage: columns, over: spoilt)
  }
}
