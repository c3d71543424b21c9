// SPDX-License-Identifier: Apache-2.0
// Hostile Lottie files: each refused with its JSON path and the budget it breaks, or drawn within bounds.

import Testing
import Zoetrope

@Suite struct LottieHostileInputTests {
  func issues(_ json: String) -> [String] {
    do {
      _ = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
      return []
    } catch {
      return error.issues.map(\.description)
    }
  }

  static let header = #"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"#

  @Test func moreThanAMillionKeyframesAreRefusedWhereTheBudgetRunsOut() {
    let keys = (0...Limits.maximumLottieKeyframes).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",")
    let json = LottieHostileInputTests.header + #""layers":[{"ty":3,"ks":{"o":{"a":1,"k":["# + keys + "]}}}]}"
    #expect(issues(json) == ["layers[0].ks.o.k: the file has more than 1000000 keyframes (Limits.maximumLottieKeyframes)"])
  }

  /// 5,000 animated characters over 1,000 frames are 5,000,000 values
  /// worked out frame by frame: refused before any is computed.
  @Test func animatedTextBeyondTheSampledValueBudgetIsRefused() {
    let text = String(repeating: "a", count: 5_000)
    let json = #"{"fr":30,"ip":0,"op":1000,"w":10,"h":10,"fonts":{"list":[{"fName":"F","fFamily":"DejaVu Sans"}]},"#
      + #""layers":[{"ty":5,"ip":0,"op":1000,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(text)","f":"F","s":10}}]},"#
      + #""a":[{"s":{"s":{"a":1,"k":[{"t":0,"s":[0]},{"t":999,"s":[100]}]},"r":1},"a":{"o":{"a":0,"k":0}}}]}}]}"#
    #expect(issues(json).contains {
      $0.contains("values computed frame by frame (Limits.maximumLottieSampledValues)")
    }, "\(issues(json))")
  }

  @Test func anImageBombIsAnErrorAtItsAsset() throws {
    // A valid PNG header claiming 100,000 × 100,000 pixels: refused before any pixel is allocated.
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                        0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0]
    png += [0, 0, 0, 0]
    let base64 = LottieHostileInputTests.base64(png)
    let json = LottieHostileInputTests.header
      + #""assets":[{"id":"bomb","w":10,"h":10,"p":"data:image/png;base64,\#(base64)"}],"layers":[{"ty":2,"refId":"bomb","ks":{}}]}"#
    let found = issues(json)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("assets[0].p: the embedded image cannot be used") == true, "\(found)")
  }

  @Test func absurdNumbersEverywhereRenderWithoutTrouble() throws {
    let huge = "1e300"
    let json = #"{"fr":30,"ip":0,"op":3,"w":16,"h":16,"layers":[{"ty":4,"ip":-1e300,"op":1e300,"st":\#(huge),"sr":\#(huge),"#
      + #""ks":{"p":{"k":[\#(huge),-\#(huge)]},"s":{"k":[\#(huge),\#(huge)]},"r":{"k":\#(huge)},"o":{"k":\#(huge)},"sk":{"k":\#(huge)},"sa":{"k":-\#(huge)}},"#
      + #""shapes":[{"ty":"sr","p":{"k":[\#(huge),1]},"pt":{"k":\#(huge)},"or":{"k":\#(huge)},"os":{"k":\#(huge)},"ir":{"k":1},"is":{"k":1},"r":{"k":1}},"#
      + #"{"ty":"rd","r":{"k":\#(huge)}},{"ty":"tm","s":{"k":-\#(huge)},"e":{"k":\#(huge)},"o":{"k":\#(huge)},"m":2},"#
      + #"{"ty":"st","c":{"k":[\#(huge),0,0]},"o":{"k":100},"w":{"k":\#(huge)},"d":[{"n":"d","v":{"k":\#(huge)}}]}]}]}"#
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    let renderer = Renderer(scene)
    for time in [0, 0.05] { _ = renderer.frame(atTime: time) }
  }

  @Test func groupsNestedTenThousandDeepAreRefusedWithoutRecursion() {
    let depth = 10_000
    let open = String(repeating: #"{"ty":"gr","it":["#, count: depth), close = String(repeating: "]}", count: depth)
    let json = LottieHostileInputTests.header + #""layers":[{"ty":4,"ks":{},"shapes":["# + open + close + "]}]}"
    let found = issues(json)
    #expect(found.count == 1 && found[0].hasSuffix("shape groups nest more than 256 deep"), "\(found.prefix(2))")
  }

  @Test func aParentChainThatLoopsIsCutWithAWarning() throws {
    let json = LottieHostileInputTests.header
      + ##""layers":[{"ty":3,"ind":1,"parent":2,"ks":{}},{"ty":3,"ind":2,"parent":1,"ks":{}},{"ty":1,"ind":3,"parent":1,"sc":"#ff0000","sw":5,"sh":5,"ks":{}}]}"##
    let scene = try Scene(lottieData: Array(json.utf8), fileName: "anim.json")
    #expect(scene.decodingWarnings.contains { $0.message.contains("the parent chain loops") })
  }

  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    var i = 0
    while i < bytes.count {
      let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
      let n = b0 << 16 | b1 << 8 | b2
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      out.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : "=")
      out.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : "=")
      i += 3
    }
    return out
  }
}
