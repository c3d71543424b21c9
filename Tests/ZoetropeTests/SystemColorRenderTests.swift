// SPDX-License-Identifier: Apache-2.0
// System colours reach the pixels in the canvas's appearance.

import Testing
import Zoetrope

@Suite struct SystemColorRenderTests {
  @Test(arguments: [("light", [0, 122, 255, 242, 242, 247]), ("dark", [10, 132, 255, 28, 28, 30])])
  func systemColoursArePaintedInTheCanvasAppearance(_ appearance: String, _ expected: [Int]) throws {
    let json = """
      {"canvas": {"width": 8, "height": 8, "appearance": "\(appearance)", "background": "systemGray6"},
       "layers": [{"frame": [0, 0, 4, 8], "backgroundColor": "systemBlue"}]}
      """
    let frame = Renderer(try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")).frame(atTime: 0)
    let left = (4 * 8 + 1) * 4, right = (4 * 8 + 6) * 4
    #expect(frame.pixels[left..<left + 4].map(Int.init) == expected[0..<3] + [255])
    #expect(frame.pixels[right..<right + 4].map(Int.init) == expected[3..<6] + [255])
  }
}
