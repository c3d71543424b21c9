// SPDX-License-Identifier: Apache-2.0
// UIScreen.main's scale and bounds, which layer code reads for contentsScale and sizes.

import Foundation

/// The screen, as far as layer code reads it: `UIScreen.main.scale` (for
/// `contentsScale`) and `bounds`. Offscreen there is no screen; these are an
/// iPhone's (2× pixels, 390 × 844 points) so that such code runs. They change
/// nothing Zoetrope draws: the pixel density of a frame is
/// `ZoetropeRender`'s `scale`.
public final class UIScreen: Sendable {
  /// The one screen.
  public static let main = UIScreen()
  /// Pixels per point: 2.
  public let scale: CGFloat = 2
  /// Pixels per point: 2.
  public let nativeScale: CGFloat = 2
  /// 390 × 844 points.
  public let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
}
