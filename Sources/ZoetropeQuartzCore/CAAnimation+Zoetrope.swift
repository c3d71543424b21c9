// SPDX-License-Identifier: Apache-2.0
// A Core Animation animation as the Zoetrope animation that does the same, each value checked against its key path.

import Foundation
import Zoetrope

extension CAAnimation {
  /// The Zoetrope animation doing what this one does, or `nil` with the
  /// reasons appended to `problems` (each starting with `context`, e.g.
  /// `animation "draw"`). Values are checked against the key path's type
  /// here, where Core Animation would ignore them silently.
  func zoetropeAnimation(context: String, problems: inout [String]) -> Animation? {
    let kind = String(describing: type(of: self))
    let result: Animation
    switch self {
    case let group as CAAnimationGroup:
      let converted = AnimationGroup()
      var children: [Animation] = []
      for (index, child) in (group.animations ?? []).enumerated() {
        if let animation = child.zoetropeAnimation(context: "\(context), animations[\(index)]", problems: &problems) {
          children.append(animation)
        }
      }
      guard children.count == (group.animations ?? []).count else { return nil }
      converted.animations = children
      result = converted
    case let transition as CATransition:
      problems.append("\(context): \(transition.unsupportedReason)")
      return nil
    case let property as CAPropertyAnimation:
      guard let animation = property.zoetropePropertyAnimation(context: context, problems: &problems) else {
        return nil
      }
      result = animation
    default:
      problems.append("\(context): a plain \(kind) animates nothing; use CABasicAnimation, CAKeyframeAnimation, "
        + "CASpringAnimation or CAAnimationGroup")
      return nil
    }
    result.timing = timing
    result.isRemovedOnCompletion = isRemovedOnCompletion
    result.timingFunction = timingFunction?.zoetrope
    return result
  }
}

extension CAPropertyAnimation {
  /// The Zoetrope property animation, or `nil` with the reasons in `problems`.
  fileprivate func zoetropePropertyAnimation(context: String, problems: inout [String]) -> PropertyAnimation? {
    let name = String(describing: type(of: self))
    guard let keyPath else {
      problems.append("\(context): the \(name) has no keyPath")
      return nil
    }
    guard let pathKind = AnimationValueKind(animatableKeyPath: keyPath) else {
      problems.append("\(context): \"\(keyPath)\" is not a key path Zoetrope animates (docs/quartzcore.md lists them)")
      return nil
    }
    // A value function takes one number (three for scale and translate) in place of a transform.
    var kind = pathKind
    if let function = valueFunction?.zoetrope, pathKind == .transform {
      kind = function.arity == 3 ? .numbers : .number
    }
    let before = problems.count
    func convert(_ value: Any?, _ what: String) -> AnimationValue? {
      guard let value else { return nil }
      if let converted = CAValue.animationValue(value, as: kind) { return converted }
      // Scale and translate also take one number, used for all three axes.
      if kind == .numbers, let n = CAValue.number(value) { return .number(n) }
      problems.append("\(context): " + CAValue.mismatch(what, value, keyPath: keyPath, kind: kind))
      return nil
    }
    let animation: PropertyAnimation
    switch self {
    case let spring as CASpringAnimation:
      let converted = SpringAnimation(keyPath: keyPath)
      converted.spring = spring.spring
      (converted.fromValue, converted.toValue, converted.byValue) =
        (convert(spring.fromValue, "fromValue"), convert(spring.toValue, "toValue"), convert(spring.byValue, "byValue"))
      animation = converted
    case let basic as CABasicAnimation:
      let converted = BasicAnimation(keyPath: keyPath)
      (converted.fromValue, converted.toValue, converted.byValue) =
        (convert(basic.fromValue, "fromValue"), convert(basic.toValue, "toValue"), convert(basic.byValue, "byValue"))
      animation = converted
    case let keyframe as CAKeyframeAnimation:
      let converted = KeyframeAnimation(keyPath: keyPath)
      converted.values = keyframe.values?.enumerated().compactMap { convert($1, "values[\($0)]") }
      converted.path = keyframe.path?.storage
      converted.keyTimes = keyframe.keyTimes?.map(\.doubleValue)
      converted.timingFunctions = keyframe.timingFunctions?.map(\.zoetrope)
      guard let mode = CalculationMode(rawValue: keyframe.calculationMode.rawValue) else {
        problems.append("\(context): calculationMode \"\(keyframe.calculationMode.rawValue)\" is not one of linear, "
          + "discrete, paced, cubic, cubicPaced")
        return nil
      }
      converted.calculationMode = mode
      converted.tensionValues = keyframe.tensionValues?.map(\.doubleValue)
      converted.continuityValues = keyframe.continuityValues?.map(\.doubleValue)
      converted.biasValues = keyframe.biasValues?.map(\.doubleValue)
      converted.rotationMode = keyframe.rotationMode.flatMap { RotationMode(rawValue: $0.rawValue) }
      if keyframe.path != nil, pathKind != .point {
        problems.append("\(context): a keyframe path moves a point, but \(keyPath) takes "
          + CAValue.expectation(pathKind))
      }
      animation = converted
    default:
      problems.append("\(context): a plain \(name) animates nothing; use CABasicAnimation or CAKeyframeAnimation")
      return nil
    }
    guard problems.count == before else { return nil }
    animation.isAdditive = isAdditive
    animation.isCumulative = isCumulative
    animation.valueFunction = valueFunction?.zoetrope
    return animation
  }
}
