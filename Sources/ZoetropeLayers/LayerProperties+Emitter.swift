// SPDX-License-Identifier: Apache-2.0
// Key-path access to an emitter layer's properties and its cells' (`emitterCells.NAME.birthRate`), for animations.

import ZoetropeAnimation
import ZoetropeGeometry

extension LayerProperties {
  /// The value of an emitter layer property; `nil` for another property or
  /// a layer that is not an emitter.
  func emitterValue(of property: AnimatableKeyPath.Property) -> AnimationValue? {
    guard let e = emitter else { return nil }
    switch property {
    case .emitterPosition: return .point(e.emitterPosition)
    case .emitterZPosition: return .number(e.emitterZPosition)
    case .emitterSize: return .size(e.emitterSize)
    case .emitterDepth: return .number(e.emitterDepth)
    case .birthRate: return .number(e.birthRate)
    case .lifetime: return .number(e.lifetime)
    case .velocity: return .number(e.velocity)
    case .scale: return .number(e.scale)
    case .spin: return .number(e.spin)
    default: return nil
    }
  }

  /// Stores an animated emitter layer value; values of the wrong kind, or
  /// on a layer that is not an emitter, are ignored.
  mutating func setEmitterValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property) {
    guard emitter != nil else { return }
    switch (property, value) {
    case (.emitterPosition, .point(let p)): emitter?.emitterPosition = p
    case (.emitterZPosition, .number(let v)): emitter?.emitterZPosition = v
    case (.emitterSize, .size(let s)): emitter?.emitterSize = s
    case (.emitterDepth, .number(let v)): emitter?.emitterDepth = v
    case (.birthRate, .number(let v)): emitter?.birthRate = v
    case (.lifetime, .number(let v)): emitter?.lifetime = v
    case (.velocity, .number(let v)): emitter?.velocity = v
    case (.scale, .number(let v)): emitter?.scale = v
    case (.spin, .number(let v)): emitter?.spin = v
    default: break
    }
  }

  package func value(at keyPath: AnimatableKeyPath) -> AnimationValue? {
    guard case .emitterCell(let names, let key) = keyPath.field else {
      return value(of: keyPath.property).flatMap { keyPath.read(from: $0) }
    }
    return emitter?.emitterCells?.cell(at: names)?.value(of: key)
  }

  package mutating func setValue(_ value: AnimationValue, at keyPath: AnimatableKeyPath) {
    guard case .emitterCell(let names, let key) = keyPath.field else {
      guard let whole = self.value(of: keyPath.property) else { return }
      setValue(keyPath.write(value, into: whole), of: keyPath.property)
      return
    }
    emitter?.emitterCells?.changeCell(at: names[...]) { $0.setValue(value, of: key) }
  }
}

extension [EmitterCell] {
  /// Every cell and sub-cell in pre-order (a cell, then its sub-cells'),
  /// each with the indices that reach it (`[0, 2]`: the third sub-cell of
  /// the first cell), as deep as particles follow them: the order a
  /// particle's `cellIndex` counts in.
  package var preOrder: [(indexPath: [Int], cell: EmitterCell)] {
    var result: [(indexPath: [Int], cell: EmitterCell)] = []
    var pending = enumerated().reversed().map { (indexPath: [$0.offset], cell: $0.element) }
    while let next = pending.popLast() {
      result.append(next)
      guard next.indexPath.count <= EmitterSimulation.maximumDepth, let subs = next.cell.emitterCells else { continue }
      pending += subs.enumerated().reversed().map { (indexPath: next.indexPath + [$0.offset], cell: $0.element) }
    }
    return result
  }


  /// The cell the names reach (the first of each name, sub-cells after the first), or `nil`.
  func cell(at names: [String]) -> EmitterCell? {
    var cells = self
    var found: EmitterCell?
    for name in names {
      guard let cell = cells.first(where: { $0.name == name }) else { return nil }
      found = cell
      cells = cell.emitterCells ?? []
    }
    return found
  }

  /// Changes the cell the names reach, if any.
  mutating func changeCell(at names: ArraySlice<String>, _ change: (inout EmitterCell) -> Void) {
    guard let name = names.first, let index = firstIndex(where: { $0.name == name }) else { return }
    if names.count == 1 {
      change(&self[index])
    } else {
      self[index].emitterCells?.changeCell(at: names.dropFirst(), change)
    }
  }
}

extension EmitterCell {
  /// The value of an animatable cell property.
  func value(of key: EmitterCellKey) -> AnimationValue {
    switch key {
    case .color: .color(color)
    case .contentsRect: .rect(contentsRect)
    case .enabled: .bool(isEnabled)
    default: .number(number(key))
    }
  }

  /// A numeric cell property (0 for another kind).
  func number(_ key: EmitterCellKey) -> Double {
    switch key {
    case .birthRate: birthRate
    case .lifetime: lifetime
    case .lifetimeRange: lifetimeRange
    case .velocity: velocity
    case .velocityRange: velocityRange
    case .xAcceleration: xAcceleration
    case .yAcceleration: yAcceleration
    case .zAcceleration: zAcceleration
    case .emissionLatitude: emissionLatitude
    case .emissionLongitude: emissionLongitude
    case .emissionRange: emissionRange
    case .spin: spin
    case .spinRange: spinRange
    case .scale: scale
    case .scaleRange: scaleRange
    case .scaleSpeed: scaleSpeed
    case .redRange: redRange
    case .greenRange: greenRange
    case .blueRange: blueRange
    case .alphaRange: alphaRange
    case .redSpeed: redSpeed
    case .greenSpeed: greenSpeed
    case .blueSpeed: blueSpeed
    case .alphaSpeed: alphaSpeed
    case .color, .contentsRect, .enabled: 0
    }
  }

  /// Stores an animated cell value; a value of the wrong kind is ignored; a `nil` colour is white.
  mutating func setValue(_ value: AnimationValue, of key: EmitterCellKey) {
    switch (key, value) {
    case (.color, .color(let c)): color = c ?? .white
    case (.contentsRect, .rect(let r)): contentsRect = r
    case (.enabled, .bool(let b)): isEnabled = b
    case (_, .number(let v)):
      switch key {
      case .birthRate: birthRate = v
      case .lifetime: lifetime = v
      case .lifetimeRange: lifetimeRange = v
      case .velocity: velocity = v
      case .velocityRange: velocityRange = v
      case .xAcceleration: xAcceleration = v
      case .yAcceleration: yAcceleration = v
      case .zAcceleration: zAcceleration = v
      case .emissionLatitude: emissionLatitude = v
      case .emissionLongitude: emissionLongitude = v
      case .emissionRange: emissionRange = v
      case .spin: spin = v
      case .spinRange: spinRange = v
      case .scale: scale = v
      case .scaleRange: scaleRange = v
      case .scaleSpeed: scaleSpeed = v
      case .redRange: redRange = v
      case .greenRange: greenRange = v
      case .blueRange: blueRange = v
      case .alphaRange: alphaRange = v
      case .redSpeed: redSpeed = v
      case .greenSpeed: greenSpeed = v
      case .blueSpeed: blueSpeed = v
      case .alphaSpeed: alphaSpeed = v
      case .color, .contentsRect, .enabled: break
      }
    default: break
    }
  }
}
