// SPDX-License-Identifier: Apache-2.0
// The animatable properties of a CAEmitterCell, the last part of `emitterCells.NAME.key`.

/// An animatable property of an emitter cell, by its Core Animation name.
package enum EmitterCellKey: String, Hashable, Sendable, CaseIterable {
  case birthRate, lifetime, lifetimeRange, velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration
  case emissionLatitude, emissionLongitude, emissionRange, spin, spinRange, scale, scaleRange, scaleSpeed
  case color, redRange, greenRange, blueRange, alphaRange, redSpeed, greenSpeed, blueSpeed, alphaSpeed
  case contentsRect, enabled

  /// The kind of the property's value.
  package var valueKind: AnimationValueKind {
    switch self {
    case .color: .color
    case .contentsRect: .rect
    case .enabled: .bool
    default: .number
    }
  }
}
