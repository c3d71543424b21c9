// SPDX-License-Identifier: Apache-2.0
// 3D layers seen straight on (x and y turns projected without perspective), and WebP images embedded in a file.

import Foundation
import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct LottieThreeDAndWebPTests {
  /// A 32 × 32 animation of a 16 × 16 red solid centred on the canvas, its
  /// layer `ddd` with the transform members `turns`.
  static func card(ddd: Int, _ turns: String) -> String {
    #"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":32,"h":32,"ddd":\#(ddd),"layers":[{"ty":1,"ind":1,"ddd":\#(ddd),"#
      + ##""sc":"#e01010","sw":16,"sh":16,"ip":0,"op":3,"st":0,"ks":{"a":{"a":0,"k":[8,8,0]},"##
      + #""p":{"a":0,"k":[16,16,0]},\#(turns)}}]}"#
  }

  static func frame(_ json: String, at time: Double = 0) throws -> (RGBAImage, [SceneIssue]) {
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    return (Renderer(scene).frame(atTime: time), scene.unsupportedFeatures + scene.decodingWarnings)
  }

  static func alpha(_ image: RGBAImage, _ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }

  /// The covered columns and rows of the middle row and column.
  static func extent(_ image: RGBAImage) -> (columns: Int, rows: Int) {
    ((0..<32).filter { alpha(image, $0, 16) > 127 }.count, (0..<32).filter { alpha(image, 16, $0) > 127 }.count)
  }

  /// A turn of 60° about y narrows the card to half its width (cos 60°),
  /// about x to half its height; both, with a z turn of 90°, as lottie-web
  /// and ThorVG compose them (z first): the narrowed sides swap.
  @Test func aThreeDLayersTurnsAreSeenStraightOn() throws {
    let (flat, notices) = try Self.frame(Self.card(ddd: 1, #""rx":{"a":0,"k":0},"ry":{"a":0,"k":0},"rz":{"a":0,"k":0}"#))
    #expect(notices.isEmpty, "\(notices)")
    #expect(Self.extent(flat) == (16, 16))
    let (aboutY, yNotices) = try Self.frame(Self.card(ddd: 1, #""ry":{"a":0,"k":60},"rx":{"a":0,"k":0}"#))
    #expect(yNotices.isEmpty, "\(yNotices)")
    #expect(Self.extent(aboutY) == (8, 16))
    let (aboutX, _) = try Self.frame(Self.card(ddd: 1, #""rx":{"a":0,"k":60},"ry":{"a":0,"k":0}"#))
    #expect(Self.extent(aboutX) == (16, 8))
    // z (90°) first, then y (60°): the card's x side, now vertical, is untouched by the turn about
    // the screen's y axis, which halves its y side, now horizontal.
    let (both, _) = try Self.frame(Self.card(ddd: 1, #""rz":{"a":0,"k":90},"ry":{"a":0,"k":60},"rx":{"a":0,"k":0}"#))
    #expect(Self.extent(both) == (8, 16))
  }

  /// Animated turns are evaluated at every frame: a turn about y from 0° to
  /// 120° over two frames shows the card at full width, at half width, and at
  /// half width again (mirrored).
  @Test func animatedTurnsAreEvaluatedAtEveryFrame() throws {
    let turn = #""ry":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":2,"s":[120]}]},"#
      + #""rx":{"a":0,"k":0}"#
    let widths = try [0.0, 0.1, 0.2].map { Self.extent(try Self.frame(Self.card(ddd: 1, turn), at: $0).0).columns }
    #expect(widths == [16, 8, 8], "\(widths)")
  }

  /// A 2D layer's `rx`/`ry` are not drawn (ThorVG reads them on 3D layers
  /// only); its `rz` turns it when it has no `r`.
  @Test func aTwoDLayersXAndYTurnsAreIgnored() throws {
    let (image, _) = try Self.frame(Self.card(ddd: 0, #""rx":{"a":0,"k":60},"ry":{"a":0,"k":60},"rz":{"a":0,"k":0}"#))
    #expect(Self.extent(image) == (16, 16))
  }

  /// A WebP embedded as a data URL draws what the same picture embedded as
  /// a PNG draws (the fixture is lossless), byte for byte.
  @Test func anEmbeddedWebPImageDrawsAsItsPNGDoes() throws {
    func animation(_ mime: String, _ file: String) throws -> String {
      let data = try Data(contentsOf: Fixtures.url("Images/webp/" + file)).base64EncodedString()
      return #"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":64,"h":48,"assets":[{"id":"i","w":48,"h":32,"e":1,"u":"","#
        + #""p":"data:image/\#(mime);base64,\#(data)"}],"layers":[{"ty":2,"ind":1,"refId":"i","ip":0,"op":3,"st":0,"#
        + #""ks":{"p":{"a":0,"k":[8,8,0]}}}]}"#
    }
    let (webp, notices) = try Self.frame(try animation("webp", "lossless.webp"))
    #expect(notices.isEmpty, "\(notices)")
    let (png, _) = try Self.frame(try animation("png", "source.png"))
    #expect(webp == png)
    #expect(Self.alpha(webp, 30, 24) > 0 && Self.alpha(webp, 2, 2) == 0)
  }

  /// A damaged WebP fails the file with the decoder's reason at its JSON path.
  @Test func aDamagedEmbeddedWebPIsRefusedAtItsPath() throws {
    let bytes = Array(try Data(contentsOf: Fixtures.url("Images/webp/lossy.webp")).prefix(100))
    let json = #"{"v":"5.7.4","fr":10,"ip":0,"op":3,"w":64,"h":48,"assets":[{"id":"i","w":48,"h":32,"e":1,"u":"","#
      + #""p":"data:image/webp;base64,\#(Data(bytes).base64EncodedString())"}],"layers":[]}"#
    #expect {
      _ = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    } throws: { error in
      let text = "\(error)"
      return text.contains("assets[0].p") && text.contains("WebP")
    }
  }
}
