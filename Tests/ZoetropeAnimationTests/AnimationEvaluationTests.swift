// SPDX-License-Identifier: Apache-2.0
// Basic, keyframe, group and spring animations evaluated on a property store.

import Foundation
import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeTiming

/// A minimal property store: one value per property.
struct Store: AnimatableProperties {
  var values: [AnimatableKeyPath.Property: AnimationValue] = [
    .position: .point(.zero), .opacity: .number(1), .transform: .transform(.identity),
    .backgroundColor: .color(.clear), .hidden: .bool(false), .bounds: .rect(.zero),
  ]
  func value(of property: AnimatableKeyPath.Property) -> AnimationValue? { values[property] }
  mutating func setValue(_ value: AnimationValue, of property: AnimatableKeyPath.Property) {
    values[property] = value
  }
  var x: Double {
    guard case .point(let p)? = values[.position] else { return .nan }
    return p.x
  }
  var transform: Transform3D {
    guard case .transform(let t)? = values[.transform] else { return .identity }
    return t
  }
}

func evaluate(_ animations: [Animation], at time: Double, store: Store = Store()) -> Store {
  var store = store
  for animation in animations {
    ResolvedAnimation(animation)?.apply(to: &store, parentTime: time)
  }
  return store
}

func basic(_ keyPath: String, from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil,
           duration: Double = 1) -> BasicAnimation {
  let a = BasicAnimation(keyPath: keyPath)
  a.fromValue = from
  a.toValue = to
  a.byValue = by
  a.duration = duration
  return a
}

@Suite struct BasicAnimationTests {
  /// The eight from/to/by combinations (docs/scene-format.md, "Basic animations") with model value 2.
  @Test(arguments: [
    (Optional<Double>(1), Optional<Double>(5), Optional<Double>(nil), 3.0),
    (1, nil, 3, 2.5),
    (nil, 10, 3, 8.5),
    (1, nil, nil, 1.5),
    (nil, 6, nil, 4),
    (nil, nil, 3, 3.5),
    (nil, nil, nil, 2),
    (1, 5, 100, 3),
  ])
  func fromToByCombinations(_ from: Double?, _ to: Double?, _ by: Double?, _ expected: Double) {
    var store = Store()
    store.values[.position] = .point(Point(x: 2, y: 0))
    let animation = basic("position.x", from: from.map { .number($0) }, to: to.map { .number($0) },
                          by: by.map { .number($0) })
    #expect(evaluate([animation], at: 0.5, store: store).x == expected)
  }

  @Test func laterNonAdditiveAnimationOverridesWhileItShows() {
    let first = basic("position.x", from: 0, to: 10)
    let second = basic("position.x", from: 100, to: 200)
    second.beginTime = 0.5
    #expect(evaluate([first, second], at: 0.25).x == 2.5)
    #expect(evaluate([first, second], at: 0.75).x == 125)
  }

  @Test func additiveAnimationsStack() {
    let a = basic("position.x", from: 0, to: 10)
    let b = basic("position.x", from: 0, to: 4)
    b.isAdditive = true
    #expect(evaluate([a, b], at: 0.5).x == 7)
  }

  @Test func additiveTransformActsBeforeTheUnderlyingOne() {
    var store = Store()
    store.values[.transform] = .transform(.translation(x: 10, y: 0, z: 0))
    let rotate = BasicAnimation(keyPath: "transform")
    rotate.fromValue = .transform(.rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1))
    rotate.toValue = .transform(.identity)
    rotate.isAdditive = true
    rotate.duration = 1
    let t = evaluate([rotate], at: 0, store: store).transform
    // Row vectors: p · R · T — rotate about the origin first, then translate.
    let p = t.transform(Point(x: 1, y: 0))
    #expect(abs(p.x - 10) < 1e-6 && abs(p.y - 1) < 1e-6)
  }

  @Test func subKeyPathChangesOnlyItsComponent() {
    var store = Store()
    store.values[.position] = .point(Point(x: 3, y: 7))
    let result = evaluate([basic("position.y", from: 0, to: 10)], at: 0.5, store: store)
    #expect(result.values[.position] == .point(Point(x: 3, y: 5)))
  }

  @Test func rotationSubKeyPathTurnsByMoreThanHalfATurn() {
    let spin = basic("transform.rotation.z", from: 0, to: .number(2 * Double.pi))
    let t = evaluate([spin], at: 0.75).transform
    #expect(abs(atan2(t.m12, t.m11) - (-Double.pi / 2)) < 1e-9)
  }

  @Test func cumulativeAddsTheEndValueOfEachCompletedCycle() {
    let a = basic("position.x", from: 0, to: 10)
    a.repeatCount = 3
    a.isCumulative = true
    #expect(evaluate([a], at: 2.5).x == 25)
  }

  @Test func valueFunctionBuildsTheTransformFromNumbers() {
    let a = basic("transform", from: 0, to: .number(Double.pi))
    a.valueFunction = ValueFunction(name: .rotateZ)
    let t = evaluate([a], at: 0.5).transform
    #expect(abs(t.m11) < 1e-12 && abs(t.m12 - 1) < 1e-12)
    let scale = basic("transform", from: [1, 1, 1], to: [3, 3, 3])
    scale.valueFunction = ValueFunction(name: .scale)
    #expect(evaluate([scale], at: 0.5).transform.m11 == 2)
    #expect(ValueFunction(name: "rotate") == nil)
  }

  @Test func colourInterpolatesComponentWiseInStraightAlpha() {
    let a = basic("backgroundColor", from: [1, 0, 0, 1], to: [0, 0, 1, 1])
    #expect(evaluate([a], at: 0.25).values[.backgroundColor] == .color(Color(red: 0.75, green: 0, blue: 0.25)))
    let fade = basic("backgroundColor", from: .color(.clear), to: .color(.white))
    #expect(evaluate([fade], at: 0.5).values[.backgroundColor]
      == .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)))
  }

  @Test func hiddenSwitchesAtHalfway() {
    let a = basic("hidden", from: false, to: true)
    #expect(evaluate([a], at: 0.49).values[.hidden] == .bool(false))
    #expect(evaluate([a], at: 0.5).values[.hidden] == .bool(true))
  }

  @Test func mistypedValuesAnimateNothing() {
    #expect(ResolvedAnimation(basic("position", from: 1, to: 2)) == nil)
    #expect(ResolvedAnimation(basic("nonsense", from: 1, to: 2)) == nil)
  }

  @Test func zeroDurationBecomesAQuarterSecond() {
    let a = basic("position.x", from: 0, to: 1, duration: 0)
    #expect(ResolvedAnimation(a)?.timing.duration == 0.25)
    #expect(evaluate([a], at: 0.125).x == 0.5)
  }

  @Test func addingCopiesSoLaterChangesDoNotLeak() {
    let a = basic("position.x", from: 0, to: 1)
    let copy = a.copy() as! BasicAnimation
    a.toValue = 100
    #expect(copy.toValue == 1)
  }
}

@Suite struct GroupTests {
  @Test func childTimeIsTheGroupsLocalTime() {
    let child = basic("position.x", from: 0, to: 1, duration: 2)
    child.speed = 1.5
    let group = AnimationGroup()
    group.animations = [child]
    group.duration = 10
    group.speed = 2
    // speed 1.5 in a speed 2 group runs 3× (docs/timing.md, "Layers and groups").
    #expect(abs(evaluate([group], at: 0.5).x - 0.75) < 1e-12)
  }

  @Test func groupAutoreversePlaysChildrenBackwards() {
    let child = basic("position.x", from: 0, to: 1)
    let group = AnimationGroup()
    group.animations = [child]
    group.duration = 1
    group.autoreverses = true
    #expect(abs(evaluate([group], at: 1.25).x - 0.75) < 1e-12)
  }

  @Test func groupTimingFunctionEasesItsChildren() {
    let child = basic("position.x", from: 0, to: 1)
    let group = AnimationGroup()
    group.animations = [child]
    group.duration = 1
    group.timingFunction = MediaTimingFunction(name: .easeIn)
    #expect(abs(evaluate([group], at: 0.5).x - MediaTimingFunction(name: .easeIn).solve(forInput: 0.5)) < 1e-12)
  }

  @Test func groupForwardFillHoldsChildrenThatEndWithIt() {
    // The pull-to-refresh idiom: fill and removedOnCompletion on the group only.
    let child = basic("position.x", from: 0, to: 1)
    let group = AnimationGroup()
    group.animations = [child]
    group.duration = 1
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false
    #expect(evaluate([group], at: 5).x == 1)
    // A child that ended before the group still needs its own fill (G03).
    let short = basic("position.x", from: 0, to: 1, duration: 0.5)
    group.animations = [short]
    #expect(evaluate([group], at: 5).x == 0)
  }

  @Test func childrenIgnoreRemovedOnCompletionButKeepTheirFill() {
    let child = basic("position.x", from: 0, to: 1, duration: 0.5)
    child.fillMode = .forwards
    let group = AnimationGroup()
    group.animations = [child]
    group.duration = 2
    #expect(evaluate([group], at: 1).x == 1)
  }
}

@Suite struct KeyframeTests {
  func keyframes(_ values: [AnimationValue], mode: CalculationMode = .linear, keyTimes: [Double]? = nil)
    -> KeyframeAnimation
  {
    let a = KeyframeAnimation(keyPath: "position.x")
    a.values = values
    a.calculationMode = mode
    a.keyTimes = keyTimes
    a.duration = 1
    return a
  }

  @Test func linearUsesKeyTimes() {
    let a = keyframes([0, 10, 20], keyTimes: [0, 0.8, 1])
    #expect(abs(evaluate([a], at: 0.4).x - 5) < 1e-12)
    #expect(abs(evaluate([a], at: 0.9).x - 15) < 1e-12)
  }

  @Test func invalidKeyTimesFallBackToUniformSpacing() {
    let a = keyframes([0, 10, 20], keyTimes: [0, 1])
    #expect(abs(evaluate([a], at: 0.25).x - 5) < 1e-12)
  }

  @Test func discreteHoldsEachValueUntilTheNextKeyTime() {
    let a = keyframes([0, 10, 20], mode: .discrete, keyTimes: [0, 0.5, 0.75])
    #expect(evaluate([a], at: 0.49).x == 0)
    #expect(evaluate([a], at: 0.5).x == 10)
    #expect(evaluate([a], at: 0.99).x == 20)
  }

  @Test func pacedMovesAtConstantSpeed() {
    let a = keyframes([0, 30, 40], mode: .paced)
    #expect(abs(evaluate([a], at: 0.5).x - 20) < 1e-12)
  }

  @Test func cubicPacedHasConstantSpeedAlongTheSpline() {
    let a = keyframes([0, 10, 40], mode: .cubicPaced)
    let quarter = evaluate([a], at: 0.25).x, half = evaluate([a], at: 0.5).x
    #expect(abs(quarter - 10) < 0.5 && abs(half - 20) < 0.5)
  }

  @Test func cubicPassesThroughEveryValue() {
    let a = keyframes([0, 1, 0, 1], mode: .cubic)
    #expect(abs(evaluate([a], at: 1.0 / 3).x - 1) < 1e-12)
    #expect(abs(evaluate([a], at: 2.0 / 3).x) < 1e-12)
  }

  @Test func tensionOneMakesFlatTangents() {
    let a = keyframes([0, 1, 0, 1], mode: .cubic)
    a.tensionValues = [1, 1, 1, 1]
    // Zero tangents: a smoothstep between the values.
    #expect(abs(evaluate([a], at: 1.0 / 6).x - 0.5) < 1e-12)
  }

  @Test func segmentTimingFunctionsEaseEachSegment() {
    let a = keyframes([0, 10, 20])
    a.timingFunctions = [MediaTimingFunction(name: .easeIn), MediaTimingFunction(name: .linear)]
    let expected = 10 * MediaTimingFunction(name: .easeIn).solve(forInput: 0.5)
    #expect(abs(evaluate([a], at: 0.25).x - expected) < 1e-12)
  }

  @Test func pathMovesAlongItsElementsAndTurnsTheLayer() throws {
    let a = KeyframeAnimation(keyPath: "position")
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 10, y: 0))
    path.addLine(to: Point(x: 10, y: 10))
    a.path = path
    a.duration = 1
    a.rotationMode = .auto
    let store = evaluate([a], at: 0.75)
    #expect(store.values[.position] == .point(Point(x: 10, y: 5)))
    // Heading down (+y): a quarter turn.
    #expect(abs(atan2(store.transform.m12, store.transform.m11) - Double.pi / 2) < 1e-9)
  }

  @Test func pacedPathSharesTimeByLength() {
    let a = KeyframeAnimation(keyPath: "position")
    var path = Path()
    path.move(to: .zero)
    path.addLine(to: Point(x: 30, y: 0))
    path.addLine(to: Point(x: 30, y: 10))
    a.path = path
    a.calculationMode = .paced
    a.duration = 1
    #expect(evaluate([a], at: 0.5).values[.position] == .point(Point(x: 20, y: 0)))
  }
}

@Suite struct SpringAnimationTests {
  @Test func springProgressUsesSecondsOfLocalTime() {
    let spring = SpringAnimation(keyPath: "position.x")
    spring.fromValue = 0
    spring.toValue = 100
    spring.stiffness = 100
    spring.damping = 40
    spring.duration = 2
    #expect(abs(evaluate([spring], at: 0.2).x - 59.399415) < 1e-4)
  }

  @Test func invalidSpringAnimatesNothing() {
    let spring = SpringAnimation(keyPath: "position.x")
    spring.mass = 0
    #expect(ResolvedAnimation(spring) == nil)
  }
}
