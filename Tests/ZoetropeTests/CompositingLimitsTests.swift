// SPDX-License-Identifier: Apache-2.0
// Masks, shadows and replicator copies at the budgets of Limits: errors name the scene path of the layer.

import Testing
import Zoetrope
import _ZoetropeTestSupport

@Suite struct CompositingLimitsTests {
  /// A dashed stroke of 10,000 far-swinging curves (dashes are not cut to the
  /// canvas): its segments go past the frame's budget.
  static let overBudgetShape = #"{"type": "shape", "fillColor": null, "strokeColor": "black", "lineWidth": 4, "#
    + #""lineDashPattern": [3, 2], "path": "M0 0"# + String(repeating: "C0 0 1e6 1e6 0 0", count: 10_000) + #""}"#

  static func render(_ layers: String) throws -> RenderError? {
    let json = #"{"zoetrope": 1, "canvas": {"width": 100, "height": 100}, "layers": ["# + layers + "]}"
    let renderer = Renderer(try SceneDecoder.decode(Array(json.utf8), fileName: "limits.json"))
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    do {
      try renderer.render(atTime: 0, into: &image, isCancelled: { false })
      return nil
    } catch {
      return error
    }
  }

  /// A mask's geometry spends the frame's budget, and the error names the
  /// mask by its scene path, also when the host is a replicator's copy.
  @Test func aMaskOverBudgetIsNamedByItsPathInsideAReplicator() throws {
    let error = try Self.render(#"{"type": "replicator", "frame": [0, 0, 100, 100], "instanceCount": 3, "#
      + #""sublayers": [{"frame": [0, 0, 50, 50], "backgroundColor": "red", "mask": "# + Self.overBudgetShape + "}]}")
    guard case .overBudget(let path, let reason)? = error else { Issue.record("\(String(describing: error))"); return }
    #expect(path == "layers[0].sublayers[0].mask")
    #expect(reason.hasPrefix("stroking its path needs about"), "\(reason)")
  }

  /// The shape of a shadow is recorded with the frame's budget: a sublayer
  /// that goes past it is named, not the shadowed layer.
  @Test func aShadowShapeOverBudgetNamesTheSublayer() throws {
    let error = try Self.render(#"{"frame": [0, 0, 50, 50], "shadowOpacity": 1, "shadowRadius": 4, "#
      + #""sublayers": [{"frame": [0, 0, 10, 10], "backgroundColor": "blue"}, "# + Self.overBudgetShape + "]}")
    guard case .overBudget(let path, _)? = error else { Issue.record("\(String(describing: error))"); return }
    #expect(path == "layers[0].sublayers[1]")
  }

  /// Within the budgets the same scenes render (the budget is what fails
  /// them, not the features): a masked copy and a shadow of ordinary shapes.
  @Test func masksAndShadowsWithinTheBudgetsRender() throws {
    #expect(try Self.render(#"{"type": "replicator", "frame": [0, 0, 100, 100], "instanceCount": 3, "#
      + #""sublayers": [{"frame": [0, 0, 50, 50], "backgroundColor": "red", "shadowOpacity": 1, "#
      + #""mask": {"frame": [0, 0, 40, 40], "cornerRadius": 20, "backgroundColor": "black"}}]}"#) == nil)
  }
}
