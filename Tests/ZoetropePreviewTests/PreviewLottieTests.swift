// SPDX-License-Identifier: Apache-2.0
// A Lottie file previews as the other commands read it: frames as `still` writes them.

import Foundation
import Testing
import Zoetrope
import ZoetropePreview
import _ZoetropeTestSupport

@Suite("Preview of Lottie files", .serialized)
struct PreviewLottieTests {
  @Test("GET /frame.png?t= of a Lottie file or a dotLottie archive is the PNG `still --time` writes",
        arguments: ["Fixtures/Lottie/rlottie/heart.json", "Fixtures/DotLottie/image-v2.lottie"])
  func lottieFrameEqualsStill(file: String) async throws {
    let preview = try RunningPreview(scene: Fixtures.packageRoot.appendingPathComponent(file).path)
    defer { Task { await preview.stop() } }
    let reply = try await preview.get("/frame.png?t=0.5")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "image/png")
    let output = TestFiles.url("still-\(UUID().uuidString).png").path
    #expect(try await BuiltTool.run(["still", file, "--time", "0.5", "-o", output]).status == 0)
    #expect(reply.body == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))))
  }
}
