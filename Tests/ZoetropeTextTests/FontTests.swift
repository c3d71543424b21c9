// SPDX-License-Identifier: Apache-2.0
// Finding and opening fonts: names, aliases, weights, files, and every kind of bad font.

import Testing
import ZoetropeGeometry
@testable import ZoetropeText

#if canImport(Glibc)
import Glibc
#endif

@Suite struct FontTests {
  @Test func helveticaResolvesToAMetricCompatibleFace() throws {
    let font = try Font.named("Helvetica")
    #expect(["Liberation Sans", "Nimbus Sans", "Nimbus Sans L", "TeX Gyre Heros", "Arimo"].contains(font.family),
            "Helvetica resolved to \(font)")
  }

  @Test func weightAndStylePickTheFace() throws {
    #expect(try Font.named("DejaVu Sans", weight: 700).style == "Bold")
    #expect(try Font.named("DejaVu Sans", style: .italic).isItalic)
    #expect(try Font.named("DejaVuSans-Bold").postScriptName == "DejaVuSans-Bold")
    #expect(try Font.named("sans-serif").glyphCount > 0)
  }

  @Test func anUnknownNameListsTheClosestInstalledFamilies() {
    do {
      _ = try Font.named("DejaVu Sanz")
      Issue.record("an unknown family resolved")
    } catch {
      guard case .unknownName(let name, let closest) = error.kind else { Issue.record("\(error)"); return }
      #expect(name == "DejaVu Sanz")
      #expect(closest.first == "DejaVu Sans")
      #expect(error.description.contains("closest installed: \"DejaVu Sans\""))
    }
  }

  @Test func unreadableAndCorruptFilesAreRefused() throws {
    let folder = "/tmp/zoetrope-font-tests-\(getpid())"
    mkdir(folder, 0o700)
    defer { _ = system("rm -rf '\(folder)'") }
    let garbage = folder + "/garbage.ttf"
    let file = fopen(garbage, "wb")!
    fputs(String(repeating: "not a font ", count: 100), file)
    fclose(file)
    let truncated = folder + "/truncated.ttf"
    let source = fopen("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "rb")
    if let source {
      var bytes = [UInt8](repeating: 0, count: 3000)
      let count = fread(&bytes, 1, bytes.count, source)
      fclose(source)
      let out = fopen(truncated, "wb")!
      fwrite(bytes, 1, count, out)
      fclose(out)
    }
    for (path, corrupt) in [(garbage, true), (folder, false), (folder + "/missing.ttf", false), ("/dev/null", true)] {
      do {
        _ = try Font.named(path.hasSuffix(".ttf") ? path : path + "/")
        if path != "/dev/null" { Issue.record("\(path) opened") }
      } catch {
        switch error.kind {
        case .corrupt: #expect(corrupt, "\(path): \(error)")
        case .unreadable: #expect(!corrupt || path == "/dev/null", "\(path): \(error)")
        default: Issue.record("\(path): \(error)")
        }
      }
    }
    if source != nil {
      #expect(throws: FontError.self) { try Font(file: truncated) }
    }
  }

  @Test func outlinesAreInFontUnitsAndClosed() throws {
    let font = try Font.named("DejaVu Sans")
    let outline = font.outline(of: font.glyph(for: "O"))
    #expect(outline.bounds.maxY > 1000 && outline.bounds.minY < 0)
    #expect(outline.path.elements.last == .closeSubpath)
    #expect(outline.path.elements.filter { $0 == .closeSubpath }.count == 2)
    #expect(font.outline(of: font.glyph(for: " ")).path.isEmpty)
    #expect(font.outline(of: UInt32.max).path.isEmpty)
  }
}
