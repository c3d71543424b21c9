// SPDX-License-Identifier: Apache-2.0
// One import for iOS animation code: Foundation's CGFloat, CGPoint, CGSize, CGRect, NSValue and NSNumber come with it.

@_exported import Foundation

/// Seconds, as Core Animation's times are typed (`beginTime`, `duration`,
/// `CACurrentMediaTime()`).
public typealias CFTimeInterval = Double

/// An infinite `repeatCount`, as `HUGE` is written in older iOS code
/// (`animation.repeatCount = HUGE`): it repeats forever.
public let HUGE: Float = .infinity
