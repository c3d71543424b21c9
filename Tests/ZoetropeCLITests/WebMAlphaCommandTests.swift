// SPDX-License-Identifier: Apache-2.0
// A WebM with alpha, seen as docs/cli.md says to see it: ffprobe reports yuv420p with ALPHA_MODE 1, and FFmpeg's
// libvpx-vp9 decoder (not its native one) gives the alpha back.

import Foundation
import Testing
import ZoetropeImages
import ZoetropeMedia
import _ZoetropeTestSupport

@Suite struct WebMAlphaCommandTests {
  @Test func ffprobeShowsTheAlphaTagAndLibvpxDecodesTheAlpha() throws {
    let scene = try CLI.temporaryScene(#"""
      {"canvas": {"width": 64, "height": 48, "fps": 10, "duration": 0.5, "background": "clear"},
       "layers": [{"frame": [8, 8, 32, 32], "backgroundColor": [0.2, 0.5, 1, 0.5]}]}
      """#)
    let folder = scene.deletingLastPathComponent().path
    #expect(try CLI.run(["render", scene.path, "-o", folder + "/clip.webm"]).status == 0)
    let probe = try CLI.run(URL(fileURLWithPath: "/usr/bin/ffprobe"),
                            ["-v", "error", "-show_streams", folder + "/clip.webm"])
    try #require(probe.status == 0, "ffprobe (Debian's ffmpeg): \(probe.standardError)")
    #expect(probe.standardOutput.contains("pix_fmt=yuv420p"))
    #expect(probe.standardOutput.contains("TAG:ALPHA_MODE=1"))
    let decoded = try CLI.run(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                              ["-v", "error", "-c:v", "libvpx-vp9", "-i", folder + "/clip.webm", "-frames:v", "1",
                               "-pix_fmt", "rgba", folder + "/first.png"])
    try #require(decoded.status == 0, "\(decoded.standardError)")
    let frame = try RGBAImage(contentsOfPNG: folder + "/first.png")
    func alpha(_ x: Int, _ y: Int) -> Int { Int(frame.pixels[4 * (y * frame.width + x) + 3]) }
    #expect(alpha(0, 0) == 0)
    #expect(abs(alpha(20, 20) - 128) <= 2)
  }
}
