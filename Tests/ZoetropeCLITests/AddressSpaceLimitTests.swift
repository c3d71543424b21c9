// SPDX-License-Identifier: Apache-2.0
// The CLI under an address-space limit (ulimit -v): threads must not reserve the limit away.

import Foundation
import Testing
import _ZoetropeTestSupport

@Suite struct AddressSpaceLimitTests {
  /// A clip of a thousand frames on three threads under `prlimit --as` of
  /// 320 MiB; it holds about 60 MB at its peak. Each thread's malloc arena
  /// reserved 64 MiB of addresses, and the heap kept across frames grew them
  /// into more: under 300 MiB the render died of a failed allocation (SIGABRT
  /// or SIGSEGV, in most runs), under 400 MiB it took four times as long. With
  /// one arena under a limit it finishes, and its GIF has the bytes of the
  /// same render without a limit.
  @Test(.enabled(if: HostileInputTests.hasPrlimit && !HostileInputTests.isSanitized,
                 "needs prlimit, and a sanitizer's runtime reserves terabytes of addresses"))
  func aClipRendersOnThreeThreadsUnderAnAddressSpaceLimit() throws {
    let spark = Fixtures.packageRoot.appendingPathComponent("Fixtures/Images/spark.png").path
    let scratch = try Scratch(scene: """
      {"zoetrope": 1, "canvas": {"width": 96, "height": 96, "duration": 10, "fps": 100, "background": "clear"},
       "layers": [{"type": "emitter", "frame": [0, 0, 96, 96], "emitterPosition": [48, 88], "emitterShape": "line",
         "emitterSize": [16, 0], "seed": 7, "emitterCells": [{"birthRate": 40, "lifetime": 1.4, "velocity": 75,
         "velocityRange": 20, "emissionLongitude": -1.5708, "emissionRange": 0.6, "yAcceleration": 90,
         "scale": 0.8, "spin": 1, "spinRange": 4, "color": "#4FC3F7", "alphaSpeed": -0.5, "contents": "\(spark)"}]}]}
      """)
    let common = ["render", scratch.scene.path, "--scale", "0.25", "--threads", "3", "--progress", "none"]
    let limited = try Scratch.runLimited(["--as=\(320 << 20)"], common + ["-o", scratch.path("limited.gif")])
    #expect(limited.status == 0, "\(limited.standardError)")
    let free = try CLI.run(common + ["-o", scratch.path("free.gif")])
    #expect(free.status == 0, "\(free.standardError)")
    let limitedBytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("limited.gif")))
    let freeBytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("free.gif")))
    #expect(limitedBytes == freeBytes)
  }
}
