// SPDX-License-Identifier: Apache-2.0
// Lottie files refused or accepted as a whole: errors and unsupported features at their JSON paths.

import Testing
import Zoetrope

@Suite struct LottieDecodingTests {
  func importing(_ json: String, strict: Bool = false) throws(SceneError) -> Scene {
    try Scene(lottieData: Array(json.utf8), fileName: "anim.json", strict: strict)
  }

  func issues(_ json: String, strict: Bool = false) -> [String] {
    do {
      _ = try importing(json, strict: strict)
      return []
    } catch {
      return error.issues.map(\.description)
    }
  }

  @Test func theCanvasIsTheCompositionFromItsInPoint() throws {
    let scene = try importing(#"{"v":"5.7","fr":25,"ip":10,"op":60,"w":120,"h":80,"layers":[]}"#)
    #expect(scene.canvas.width == 120 && scene.canvas.height == 80)
    #expect(scene.canvas.frameRate == FrameRate(25))
    #expect(scene.canvas.frameCount == 50)
    #expect(scene.canvas.background == .clear)
  }

  @Test func aMissingFrameRateIsAnErrorAtItsPath() {
    #expect(issues(#"{"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#) == [#"fr: a Lottie file needs "fr", the frame rate"#])
  }

  @Test func anOutPointBeforeTheInPointIsRefused() {
    #expect(issues(#"{"fr":30,"ip":10,"op":5,"w":10,"h":10,"layers":[]}"#) == ["op: must be after ip (10), got 5"])
  }

  @Test func aPrecompositionThatContainsItselfThroughAnotherIsRefused() {
    let json = #"""
      {"fr":30,"ip":0,"op":10,"w":10,"h":10,
       "assets":[{"id":"a","layers":[{"ty":0,"refId":"b","ks":{}}]},{"id":"b","layers":[{"ty":0,"refId":"a","ks":{}}]}],
       "layers":[{"ty":0,"refId":"a","ks":{}}]}
      """#
    let found = issues(json)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix(#"assets[1].layers[0]: precomposition "a" contains itself (a → b → a)"#) == true)
  }

  @Test func aRepeaterOfABillionCopiesIsRefusedAtItsCount() {
    let json = #"""
      {"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":4,"ks":{},"ip":0,"op":10,"shapes":[
        {"ty":"rc","p":{"k":[5,5]},"s":{"k":[2,2]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0]},"o":{"k":100}},
        {"ty":"rp","c":{"k":1000000000},"o":{"k":0},"m":1,"tr":{"p":{"k":[1,0]},"so":{"k":100},"eo":{"k":100}}}]}]}
      """#
    #expect(issues(json) == ["layers[0].shapes[2].c: a repeater of 1000000000 copies; at most 100000 are drawn (Limits.maximumReplicatedLayers)"])
  }

  @Test func expressionsAreNamedAndRefusedWhenStrict() throws {
    let json = #"""
      {"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ip":0,"op":10,"ks":{"o":{"a":0,"k":100,"x":"wiggle(1,2)"}}}]}
      """#
    let scene = try importing(json)
    #expect(scene.unsupportedFeatures.map(\.description) == [
      "layers[0].ks.o.x: not supported: an After Effects expression; the keyframes are used without it",
    ])
    #expect(issues(json, strict: true).count == 1)
  }

  @Test func anythingButLottieIsNotTakenForLottie() {
    #expect(Scene.isLottie(Array(#"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}"#.utf8)))
    #expect(!Scene.isLottie(Array(#"{"canvas":{"width":10,"height":10},"layers":[]}"#.utf8)))
    #expect(!Scene.isLottie(Array("not json".utf8)))
  }
}
