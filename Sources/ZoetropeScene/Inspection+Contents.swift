// SPDX-License-Identifier: Apache-2.0
// The contents keys of a layer in `inspect` output.

import ZoetropeGeometry
import ZoetropeLayers

extension Inspection {
  /// The contents fields of `p`, with scene-format names: `contents` is the
  /// image's path as the scene wrote it (`null` for none). Empty when every
  /// contents property has its default, so layers without images read as before.
  static func contentsFields(_ p: LayerProperties) -> [(String, String)] {
    let c = p.content
    guard c != ContentsProperties() else { return [] }
    func rect(_ r: Rect) -> String { numbers([r.origin.x, r.origin.y, r.size.width, r.size.height]) }
    return [
      ("contents", c.contents.map { string($0.description) } ?? "null"),
      ("contentsGravity", string(c.contentsGravity.rawValue)),
      ("contentsRect", rect(c.contentsRect)),
      ("contentsCenter", rect(c.contentsCenter)),
      ("contentsScale", number(c.contentsScale)),
      ("minificationFilter", string(c.minificationFilter.rawValue)),
      ("magnificationFilter", string(c.magnificationFilter.rawValue)),
    ]
  }
}
