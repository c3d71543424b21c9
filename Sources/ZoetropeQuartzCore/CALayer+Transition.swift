// SPDX-License-Identifier: Apache-2.0
// A CATransition added with add(_:forKey:) animates the change the layer's properties make before the commit.

import Zoetrope

extension CALayer {
  /// Hands a `CATransition` to the Zoetrope layer at the commit: the state
  /// before is the layer's values when its transaction first touched it
  /// (`before`), as the previous commit left them,
  /// the state after is its values now. The Zoetrope layer then keeps the
  /// state before as its model and the state after as the transition's new
  /// state, which the properties read and write from here on (`values`).
  func commitTransition(_ transition: CATransition, key: String?, before: LayerProperties,
                        addedAt: CFTimeInterval, problems: inout [String]) {
    let context = key.map { "transition \"\($0)\"" } ?? "a transition added without a key"
    guard let converted = transition.zoetropeTransition(context: context, problems: &problems) else { return }
    if converted.beginTime == 0 { converted.beginTime = backing.convertTime(addedAt, from: nil) }
    let after = values.model
    values.model = before
    // Zoetrope's own keys stay out of it: a transition added again under the
    // same key leaves the earlier change, and its animation, in the history.
    backing.add(converted, forKey: nil) { next in next.model = after }
  }
}

extension CATransition {
  /// The private transition types of Core Animation, which Zoetrope does not draw.
  static let privateTypes: Set<String> = [
    "cube", "alignedCube", "flip", "alignedFlip", "oglFlip", "pageCurl", "pageUnCurl", "rippleEffect",
    "suckEffect", "cameraIris", "cameraIrisHollowOpen", "cameraIrisHollowClose", "rotate", "spewEffect",
    "genieEffect", "unGenieEffect", "twist", "tubey", "swirl", "charminUltra", "zoomyIn", "zoomyOut",
  ]

  /// The Zoetrope transition doing what this one does, or `nil` with the
  /// reasons appended to `problems`. A type Core Animation does not know
  /// fades, as on iOS; its private types (`"cube"`, `"pageCurl"`, …) and a
  /// Core Image `filter` are reported.
  func zoetropeTransition(context: String, problems: inout [String]) -> Transition? {
    let result = Transition()
    if let known = TransitionType(name: type.rawValue) {
      result.type = known
    } else if CATransition.privateTypes.contains(type.rawValue) {
      problems.append("\(context): type \"\(type.rawValue)\" is one of Core Animation's private transitions, which "
        + "Zoetrope does not draw (it draws fade, push, moveIn and reveal)")
      return nil
    }
    if let filter {
      problems.append("\(context): filter is \(CAValue.typeDescription(filter)); Core Image filters are not drawn")
      return nil
    }
    result.subtype = subtype.flatMap { TransitionSubtype(name: $0.rawValue) }
    result.startProgress = Double(startProgress)
    result.endProgress = Double(endProgress)
    result.timing = timing
    result.timingFunction = timingFunction?.zoetrope
    return result
  }
}
