// SPDX-License-Identifier: Apache-2.0
// A layer tree that renders through a Zoetrope layer: what golden tests take besides `Layer` and `Scene`.

/// A layer tree of another vocabulary that renders through a ``Layer`` — the
/// `CALayer` of ZoetropeQuartzCore — so that ZoetropeTesting's strategies
/// take it as they take a `Layer`, without depending on the module that
/// declares it.
public protocol LayerConvertible: AnyObject {
  /// The Zoetrope layer that draws this tree as it is now (the same object
  /// on every call while the tree is unchanged). Throws, naming the layer,
  /// the key and the type, when the tree holds a value that cannot be
  /// drawn.
  func zoetropeLayer() throws -> Layer
}
