// SPDX-License-Identifier: Apache-2.0
// Harnesses over text: the JSON and YAML readers, whole scene files, SVG path data.

import Zoetrope
import ZoetropeGeometry
import ZoetropeScene

extension FuzzTarget {
  /// JSON bytes: a document read must write back as JSON that reads as the same value.
  static func json(_ bytes: [UInt8]) {
    guard let value = try? JSONReader.parse(bytes) else { return }
    let again = try? JSONReader.parse(Array(JSONText.write(value).utf8))
    check(again == value, "JSON written back reads differently")
    JSONValue.dismantle(consume value)
  }

  /// YAML text: a document read must be a value JSON can hold.
  static func yaml(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self), let value = try? YAMLReader.parse(text) else { return }
    let again = try? JSONReader.parse(Array(JSONText.write(value).utf8))
    check(again == value, "a YAML document written as JSON reads differently")
    JSONValue.dismantle(consume value)
  }

  /// A whole scene file (YAML unless it starts with `{`); a scene decoded is
  /// rendered at three times into a frame at most 32 pixels a side.
  static func scene(_ bytes: [UInt8]) {
    let isJSON = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    guard let scene = try? SceneDecoder.decode(bytes, fileName: isJSON ? "fuzz.json" : "fuzz.yaml") else { return }
    let canvas = scene.canvas
    let largest = Swift.max(canvas.width * canvas.scale, canvas.height * canvas.scale)
    let scale = largest > 32 ? 32 / largest : 1
    let renderer = Renderer(scene)
    for time in [0, canvas.duration / 2, canvas.duration] {
      _ = renderer.frame(atTime: time, scale: scale)
    }
  }

  /// SVG path data: a path read writes back as data that reads as the same
  /// path; it is then measured, trimmed and flattened.
  static func svgPath(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self), let path = try? Path(svgPathData: text) else { return }
    check((try? Path(svgPathData: path.svgPathData)) == path, "path data written back reads differently")
    _ = path.length
    _ = path.boundingBox
    let trimmed = path.trimmed(from: 0.25, to: 0.75)
    _ = trimmed.flattened(tolerance: 0.05)
  }
}

/// Stops the fuzzer on a broken promise (libFuzzer saves the input).
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("zoetrope-fuzz: \(message())") }
}
