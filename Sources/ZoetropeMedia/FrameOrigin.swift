// SPDX-License-Identifier: Apache-2.0
// What a renderer knows of a frame it drew: which bands of rows it drew as another frame drew them.

import ZoetropeImages

/// How a frame was drawn, as far as its renderer can tell sinks: for two
/// frames it drew, the bands of rows that it drew the same way — and that
/// therefore hold the same pixels — without comparing a pixel. A sink that
/// keeps an earlier frame (``PNGSequenceSink`` keeps each band's compressed
/// bytes) compares only the other bands. Trusted, not checked: only the
/// package's own renderer makes the claim, so it is not API.
package protocol FrameOrigin: AnyObject, Sendable {
  /// For each band of `bandHeight` rows, top to bottom, whether this
  /// frame's pixels there are exactly `other`'s frame's (a frame of another
  /// size or background has none the same); `nil` when this origin cannot
  /// tell (an origin of another kind). `false` means only "not known the
  /// same".
  func sameBands(as other: any FrameOrigin, bandHeight: Int) -> [Bool]?
}

/// A sink that makes use of how its frames were drawn: a renderer hands it
/// each frame with its ``FrameOrigin`` through ``process(_:index:origin:)``
/// instead of ``FrameSink/process(_:index:)``.
package protocol OriginAwareFrameSink: FrameSink {
  /// ``FrameSink/process(_:index:)`` with what the renderer knows of how
  /// the frame was drawn (`nil`: nothing).
  func process(_ frame: RGBAImage, index: Int, origin: (any FrameOrigin)?) throws(MediaError)
}
