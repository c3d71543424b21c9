// SPDX-License-Identifier: Apache-2.0
// Every Lottie file of the corpus: its keyframe animations against the same file evaluated frame by frame.

import Foundation
import Testing
@testable import ZoetropeLottie
import Zoetrope
import _ZoetropeTestSupport

@Suite struct LottieCorpusTests {
  static let files: [String] = {
    let root = Fixtures.url("Lottie")
    let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
      .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".json") } ?? []
    return found.map { String($0.dropFirst(root.path.count + 1)) }.sorted()
  }()

  @Test func theCorpusIsThere() {
    #expect(LottieCorpusTests.files.count >= 60)
  }

  /// The importer turns what Core Animation interpolates exactly into
  /// keyframe animations; the oracle evaluates every property of the same
  /// file at every frame (the importer's Lottie evaluator, which
  /// scripts/check-lottie holds against ThorVG and rlottie). Both must draw
  /// the same frames, but for the last bit of a rounding.
  @Test(arguments: LottieCorpusTests.files)
  func keyframeAnimationsDrawWhatTheFileSays(_ file: String) throws {
    let bytes = try Fixtures.bytes("Lottie/" + file)
    let mapped = try LottieImporter.scene(bytes, fileName: file, prefersSampling: false)
    let sampled = try LottieImporter.scene(bytes, fileName: file, prefersSampling: true)
    let scale = Swift.min(1, 96 / Swift.max(mapped.canvas.width, mapped.canvas.height))
    let frames = mapped.canvas.frameCount
    for frame in [0, frames / 3, 2 * frames / 3] {
      let time = Double(frame) / mapped.canvas.frameRate.framesPerSecond
      let a = Renderer(mapped).frame(atTime: time, scale: scale)
      let b = Renderer(sampled).frame(atTime: time, scale: scale)
      let psnr = a.psnr(to: b) ?? 0
      #expect(psnr >= 50, "\(file) frame \(frame): \(psnr) dB")
    }
  }
}

@Suite struct LottieConversionTests {
  /// `zoetrope convert`'s promise: the scene file written for a Lottie file
  /// decodes to a scene that renders the same bytes.
  @Test(arguments: LottieCorpusTests.files)
  func aConvertedSceneRendersTheSameBytes(_ file: String) throws {
    let imported = try Scene(lottieData: try Fixtures.bytes("Lottie/" + file), fileName: file)
    let text = SceneEncoder.json(for: imported) { _ in nil }
    let decoded = try SceneDecoder.decode(Array(text.utf8), fileName: "converted.json")
    #expect(decoded.canvas == imported.canvas)
    let scale = Swift.min(1, 96 / Swift.max(imported.canvas.width, imported.canvas.height))
    let frames = imported.canvas.frameCount
    for frame in [0, frames / 3, 2 * frames / 3] {
      let time = Double(frame) / imported.canvas.frameRate.framesPerSecond
      let a = Renderer(imported).frame(atTime: time, scale: scale), b = Renderer(decoded).frame(atTime: time, scale: scale)
      #expect(a == b, "\(file) frame \(frame)")
    }
  }
}
