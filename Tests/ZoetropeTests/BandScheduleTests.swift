// SPDX-License-Identifier: Apache-2.0
// Bands that visit only the commands reaching them: the same bytes as visiting every command.

import Testing
import Zoetrope
import ZoetropeRaster
import _ZoetropeTestSupport

@Suite struct BandScheduleTests {
  static let scenes: [String] = {
    ((try? Fixtures.sceneFiles(in: "Scenes")) ?? [])
      + ["Bench/ui_640x360.json", "Bench/mixed_640x360.json", "Bench/rects_640x360.json"]
  }()

  /// Every scene fixture (groups, masks, blend modes, shadows,
  /// replicators, text) at five times, in bands of 16 rows and of 5 (groups
  /// and shapes then span many bands), with and without the schedule. With
  /// it, the frame is played over bytes no drawing makes (colour above
  /// alpha, or noise): where the background is left unfilled under an
  /// opaque rectangle, what is drawn first lands on them, and must vanish.
  @Test(arguments: scenes)
  func everySceneHasTheSameBytesPlayingOnlyTheCommandsThatReachEachBand(_ file: String) throws {
    let scene = try Fixtures.scene(file)
    let renderer = Renderer(scene)
    let duration = scene.canvas.duration
    for time in [0, 0.23, 0.5, 0.77, 1].map({ $0 * duration }) {
      let list = renderer.displayList(atTime: time)
      for bandHeight in [16, 5] {
        func rendered(_ schedules: Bool) -> [UInt8] {
          let count = 4 * list.width * list.height
          var noise = SeededRandom(state: 0x9E37_79B9_7F4A_7C15)
          var pixels = !schedules ? [UInt8](repeating: 0, count: count)
            : bandHeight == 16 ? (0..<count).map { $0 % 4 == 3 ? 1 : 255 }
            : (0..<count).map { _ in
              noise.byte()
            }
          pixels.withUnsafeMutableBufferPointer {
            _ = list.render(into: $0.baseAddress!, straightAlpha: true, bandHeight: bandHeight, schedules: schedules)
          }
          return pixels
        }
        let same = rendered(true) == rendered(false)
        #expect(same, "\(file) at \(time) s, bands of \(bandHeight) rows")
      }
    }
  }
}
