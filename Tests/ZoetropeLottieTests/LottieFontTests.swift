// SPDX-License-Identifier: Apache-2.0
// Font text: the file's `fonts` resolved through fontconfig, and what is drawn instead said.

import Testing
@testable import ZoetropeLottie
import Zoetrope

@Suite struct LottieFontTests {
  /// "Hi" in the font `family` of style `style`, 20 pt, black.
  static func text(family: String, style: String) -> String {
    #"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":64,"h":32,"fonts":{"list":[{"fName":"F-1","fFamily":"\#(family)","#
      + #""fStyle":"\#(style)","ascent":75}]},"layers":[{"ty":5,"ind":1,"ip":0,"op":3,"st":0,"ks":{"p":{"a":0,"k":[2,24,0]}},"#
      + #""t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"F-1","s":20,"fc":[0,0,0],"j":0,"lh":24}}]},"a":[]}}]}"#
  }

  @Test func anInstalledFamilyIsDrawnInTheFaceItsStyleNames() throws {
    let scene = try Scene(lottieData: Array(LottieFontTests.text(family: "DejaVu Sans", style: "Bold Oblique").utf8),
                          fileName: "anim.json")
    #expect(scene.fonts.count == 1)
    #expect(scene.fonts.first?.request == #""DejaVu Sans" weight 700 oblique"#)
    #expect(scene.fonts.first?.face == "DejaVu Sans Bold Oblique, weight 700")
    #expect(scene.fonts.first?.notes == [])
    #expect(scene.decodingWarnings.isEmpty, "\(scene.decodingWarnings)")
  }

  /// A family no installed font answers is drawn in the default face
  /// (Helvetica, which fontconfig gives as Liberation Sans), and the scene
  /// says so where `validate` lists its fonts and among its warnings.
  @Test func anUninstalledFamilyIsDrawnInTheDefaultFaceAndSaidSo() throws {
    let scene = try Scene(lottieData: Array(LottieFontTests.text(family: "Avenir Next", style: "Bold").utf8),
                          fileName: "anim.json")
    let font = try #require(scene.fonts.first)
    #expect(font.path == "layers[0].t")
    #expect(font.request == #""Avenir Next" weight 700"#)
    #expect(font.face.hasPrefix("Liberation Sans Bold"), "\(font.face)")
    #expect(font.notes.first?.hasPrefix(#""Avenir Next" is not installed here"#) == true, "\(font.notes)")
    #expect(scene.decodingWarnings.map(\.message) == font.notes)
    let frame = Renderer(scene).frame(atTime: 0)
    let inked = stride(from: 3, to: frame.pixels.count, by: 4).filter { frame.pixels[$0] > 128 }.count
    #expect(inked > 20, "the text is drawn: \(inked) pixels")
  }

  /// The first baseline lies at the layer's y = 0 whatever the file's
  /// `ascent` says (75 here, DejaVu Sans's is 93 % of the size): "Hi" at
  /// y = 24 stands on row 23.
  @Test func theFirstBaselineIsAtTheLayersOriginInTheDrawnFace() throws {
    let scene = try Scene(lottieData: Array(LottieFontTests.text(family: "DejaVu Sans", style: "Regular").utf8),
                          fileName: "anim.json")
    let frame = Renderer(scene).frame(atTime: 0)
    func inked(row: Int) -> Bool { (0..<frame.width).contains { frame.pixels[(row * frame.width + $0) * 4 + 3] > 128 } }
    #expect(inked(row: 23) && inked(row: 12))
    #expect(!inked(row: 25) && !inked(row: 26))
  }

  @Test func aStyleNamesAWeightAndASlant() {
    #expect(LottieSceneBuilder.face(ofStyle: "Regular") == (400, .normal))
    #expect(LottieSceneBuilder.face(ofStyle: "Bold Italic") == (700, .italic))
    #expect(LottieSceneBuilder.face(ofStyle: "SemiBold") == (600, .normal))
    #expect(LottieSceneBuilder.face(ofStyle: "ExtraLight") == (200, .normal))
    #expect(LottieSceneBuilder.face(ofStyle: "Light Oblique") == (300, .oblique))
    #expect(LottieSceneBuilder.face(ofStyle: "Black") == (900, .normal))
  }
}
