// SPDX-License-Identifier: Apache-2.0
// End-to-end: `sheet`, `schema`, `validate`'s advice, shell completions and the man page.

import Foundation
import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite(.serialized) struct SheetSchemaCommandTests {
  static func temporaryFolder() throws -> URL {
    let folder = TestFiles.url("zoetrope-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func sheetLaysFramesOutInRowsWithGaps() throws {
    let out = try Self.temporaryFolder().appendingPathComponent("sheet.png")
    let result = try CLI.run(["sheet", "Fixtures/Scenes/showcase/slider.json", "--times", "0,0.5", "--times", "1",
                              "--columns", "2", "--scale", "0.5", "-o", out.path])
    #expect(result.status == 0, "\(result.standardError)")
    let sheet = try RGBAImage(contentsOfPNG: out.path)
    let scene = try Fixtures.scene("Scenes/showcase/slider.json")
    let (w, h) = (Int((scene.canvas.width * 0.5).rounded()), Int((scene.canvas.height * 0.5).rounded()))
    #expect(sheet.width == 2 * (w + 2) + 2 && sheet.height == 2 * (h + 2) + 2)
    // The sheet is the library's contact sheet, pixel for pixel.
    let expected = ContactSheet(times: [0, 0.5, 1], columns: 2, scale: 0.5).render(scene)
    #expect(sheet.pixels == expected.pixels)
  }

  @Test func sheetRefusesBadTimesAndHugeSheets() throws {
    let out = try Self.temporaryFolder().appendingPathComponent("sheet.png")
    let bad = try CLI.run(["sheet", "Fixtures/Scenes/showcase/slider.json", "--times", "0,x", "-o", out.path])
    #expect(bad.status != 0)
    #expect(bad.standardError.contains("--times takes finite numbers"))
    let nan = try CLI.run(["sheet", "Fixtures/Scenes/showcase/slider.json", "--times", "nan", "-o", out.path])
    #expect(nan.status != 0)
    // Frames of 5200 × 960 pixels, four in a row: the sheet is too wide.
    let huge = try CLI.run(["sheet", "Fixtures/Scenes/showcase/slider.json", "--times", "0,1,2,3", "--scale", "20",
                            "-o", out.path])
    #expect(huge.status == 1)
    #expect(huge.standardError.contains("a sheet of 4 frames at --scale 20 exceeds 16384 pixels a side"),
            "\(huge.standardError)")
    // A frame over the limit says so, as still does.
    let frame = try CLI.run(["sheet", "Fixtures/Scenes/showcase/slider.json", "--times", "0", "--scale", "100",
                             "-o", out.path])
    #expect(frame.status == 1)
    #expect(frame.standardError.contains("is 26000 × 4800 pixels, over the 16384 pixels a side"), "\(frame.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test func schemaPrintsTheDocsSchema() throws {
    let result = try CLI.run(["schema"])
    #expect(result.status == 0)
    let committed = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/scene.schema.json"),
                               encoding: .utf8)
    #expect(result.standardOutput == committed)
  }

  @Test func validateNamesATypodKey() throws {
    let url = try CLI.temporaryScene(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"isHidden": true}]}"#)
    let result = try CLI.run(["validate", url.path])
    #expect(result.status == 1)
    #expect(result.standardError == "\(url.path): layers[0].isHidden: unknown key in a plain layer (did you mean \"hidden\"?)\n")
  }

  @Test func validateWarnsAboutClassicMistakesAndStillSucceeds() throws {
    let url = try CLI.temporaryScene(#"""
      {"canvas": {"width": 10, "height": 10}, "layers": [{"animations": [
        {"type": "basic", "keyPath": "opacity", "toValue": 0, "duration": 0.3, "repeatCount": "infinity", "fillMode": "forwards"}]}]}
      """#)
    let result = try CLI.run(["validate", url.path])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("\(url.path): warning: layers[0].animations[0].fillMode: fills forwards") })
    #expect(lines.contains { $0.hasPrefix("\(url.path): warning: layers[0].animations[0]: repeats every 0.3 s") })
    #expect(lines.contains { $0.hasPrefix("\(url.path): warning: canvas: no \"duration\"") })
    #expect(result.standardOutput.contains(": OK — "))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsNameTheSubcommands(_ shell: String) throws {
    let result = try CLI.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("sheet") && result.standardOutput.contains("validate"))
  }
}
