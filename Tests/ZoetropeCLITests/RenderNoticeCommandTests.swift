// SPDX-License-Identifier: Apache-2.0
// `zoetrope render` options and notices for GIF and odd-sized video: --matte, --loop, the one-bit and padding notices, ASCII help.

import Foundation
import Testing
import ZoetropeMedia
import ZoetropeVideo
import _ZoetropeTestSupport

@Suite struct RenderNoticeCommandTests {
  /// A 24×16 triangle with anti-aliased edges on a clear background, one frame.
  static let clearScene = #"""
    {"zoetrope": 1, "canvas": {"width": 24, "height": 16, "fps": 10, "duration": 0.1, "background": "clear"},
     "layers": [{"type": "shape", "path": "M 2 2 L 22 14 L 2 14 Z", "fillColor": "#000000"}]}
    """#

  func temporaryFolder() throws -> URL {
    let url = TestFiles.url("zoetrope-notice-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aClearGIFWithoutAMatteWarnsThatTransparencyIsOneBit() throws {
    let scene = try CLI.temporaryScene(Self.clearScene)
    let out = try temporaryFolder().path + "/clip.gif"
    let result = try CLI.run(["render", scene.path, "-o", out, "--progress", "none"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("\(out): warning: GIF transparency is one bit"), "\(result.standardError)")
    #expect(result.standardError.contains("--matte"))
  }

  @Test func aMatteMakesEdgesOpaqueBlendsAndKeepsTheClearAreaClear() throws {
    let scene = try CLI.temporaryScene(Self.clearScene)
    let out = try temporaryFolder().path + "/clip.gif"
    let result = try CLI.run(["render", scene.path, "-o", out, "--progress", "none", "--matte", "white"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty, "\(result.standardError)")
    let frame = try GIFFile(contentsOf: out).frames[0]
    var clear = 0, black = 0, greys = 0
    for i in stride(from: 0, to: frame.pixels.count, by: 4) {
      let p = Array(frame.pixels[i..<(i + 4)])
      if p[3] == 0 { clear += 1; continue }
      #expect(p[3] == 255 && p[0] == p[1] && p[1] == p[2], "pixel \(i / 4): \(p)")
      if p[0] == 0 { black += 1 } else { greys += 1 }
    }
    // Inside black, outside clear, and the edge in between as greys blended over white.
    #expect(clear > 100 && black > 50 && greys > 10, "clear \(clear), black \(black), greys \(greys)")
  }

  @Test func matteIsRefusedForOtherFormatsAndForTranslucentColours() throws {
    let scene = try CLI.temporaryScene(Self.clearScene)
    let folder = try temporaryFolder().path
    for arguments in [["-o", folder + "/a.mp4", "--matte", "white"], ["-o", folder + "/a.gif", "--matte", "#ffffff80"],
                      ["-o", folder + "/a.gif", "--matte", "clear"], ["-o", folder + "/a.gif", "--matte", "whit"]] {
      let result = try CLI.run(["render", scene.path, "--progress", "none"] + arguments)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains("--matte"), "\(arguments): \(result.standardError)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func loopOneWritesAGIFThatPlaysOnceAndLoopThreeRepeatsTwice() throws {
    let folder = try temporaryFolder().path
    for (loop, stored) in [("1", nil as Int?), ("3", 2), ("0", 0)] {
      let out = folder + "/loop\(loop).gif"
      let result = try CLI.run(["render", "Fixtures/Scenes/demo/pull-to-refresh.json", "-o", out, "--frames", "0..<3",
                                "--loop", loop, "--progress", "none"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(try GIFFile(contentsOf: out).loop == stored, "--loop \(loop)")
    }
  }

  @Test func anOddSizeForH264PrintsThePaddingNotice() throws {
    let scene = try CLI.temporaryScene(#"{"zoetrope": 1, "canvas": {"width": 15, "height": 10, "fps": 10, "duration": 0.2}, "layers": []}"#)
    let out = try temporaryFolder().path + "/clip.mp4"
    let result = try CLI.run(["render", scene.path, "-o", out, "--progress", "none", "--preset", "ultrafast"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("\(out): warning: H.264 stores colour at half resolution"), "\(result.standardError)")
    #expect(result.standardError.contains("15×10 frames are encoded as 16×10"))
    let even = try CLI.run(["render", scene.path, "-o", out, "--progress", "none", "--preset", "ultrafast", "--scale", "2"])
    #expect(even.status == 0 && even.standardError.isEmpty, "\(even.standardError)")
  }

  @Test func everyHelpTextIsASCII() throws {
    // The man page generator drops other characters.
    let top = try CLI.run(["--help"])
    let commands = ["validate", "inspect", "still", "sheet", "render", "timeline", "compare", "bench", "schema"]
    for command in commands { #expect(top.standardOutput.contains(command)) }
    for arguments in [["--help"]] + commands.map { ["help", $0] } {
      let result = try CLI.run(arguments)
      #expect(result.status == 0)
      let strange = result.standardOutput.unicodeScalars.filter { !$0.isASCII }
      #expect(strange.isEmpty, "zoetrope \(arguments.joined(separator: " ")): \(String(String.UnicodeScalarView(strange)))")
    }
  }
}
