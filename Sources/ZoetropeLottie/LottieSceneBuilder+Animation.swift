// SPDX-License-Identifier: Apache-2.0
// Lottie properties as model values and Core Animation keyframe animations, or frame by frame where those cannot say it.

import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers
import ZoetropeTiming

/// How a composition's frames relate to the local time of the layer that
/// holds its layers, at every frame of the clip.
///
/// A composition whose time Core Animation's layer timing can express
/// (`beginTime`, `speed` of the holders above it) is *linear*: frame =
/// local time × frame rate, so keyframes become `CAKeyframeAnimation`s. Under
/// a time remap it is not: its properties are evaluated at each clip
/// frame's composition frame and emitted as discrete keyframes.
struct LottieClock {
  /// The holder's local time at clip frame i, seconds.
  var times: [Double]
  /// The composition frame shown at clip frame i.
  var frames: [Double]
  var isLinear: Bool
}

/// The smallest difference in time the importer makes: a hold keyframe
/// switches this many frames before its time, so that a frame rendered at
/// exactly the keyframe's time shows the new value whatever the rounding of
/// the times in between.
let switchLead = 1.0 / 1024

extension LottieSceneBuilder {
  // MARK: Model values

  /// Writes `value` into the model value of `keyPath` (a whole property or a field of it).
  func setModel(_ layer: Layer, _ keyPath: String, _ value: AnimationValue) {
    guard let path = AnimatableKeyPath(keyPath) else { return }
    var properties = layer.model
    guard let whole = properties.value(of: path.property) else { return }
    properties.setValue(path.write(value, into: whole), of: path.property)
    layer.model = properties
  }

  // MARK: Keyframes

  /// Sets `keyPath` from a property: its constant as the model value, or
  /// its keyframes as a `CAKeyframeAnimation` (linear segments eased by
  /// each keyframe's Bézier, holds as steps `switchLead` frames wide) when
  /// the clock is linear and `exact` says Core Animation interpolates as
  /// Lottie does; frame by frame otherwise. `dimension` picks the easing
  /// of one dimension (for split animations such as `position.x`).
  mutating func apply(_ property: LottieProperty<[Double]>, to layer: Layer, keyPath: String, clock: LottieClock,
                      visible: ClosedRange<Double>?, exact: Bool = true, dimension: Int = 0,
                      convert: ([Double]) -> AnimationValue) {
    guard property.isAnimated else {
      setModel(layer, keyPath, convert(property.constant))
      return
    }
    if clock.isLinear, exact, !prefersSampling, let animation = keyframeAnimation(property, keyPath: keyPath, dimension: dimension,
                                                                 convert: convert) {
      // The animation fills both ways, so the model value never shows (a
      // transform component keeps its neutral model value).
      layer.add(animation, forKey: nil)
      return
    }
    applySampled(to: layer, keyPath: keyPath, clock: clock, visible: visible) { frame in
      convert(property.value(at: frame))
    }
  }

  /// The keyframe animation of a property in a linear clock; `nil` when its
  /// keyframes span no time, or loop (those are evaluated frame by frame).
  func keyframeAnimation<V>(_ property: LottieProperty<V>, keyPath: String, dimension: Int,
                            convert: (V) -> AnimationValue) -> KeyframeAnimation? {
    let keys = property.keyframes
    guard property.loop == nil, let first = keys.first, let last = keys.last, last.time > first.time,
      first.time.isFinite, last.time.isFinite
    else { return nil }
    var times: [Double] = [], values: [AnimationValue] = [], functions: [MediaTimingFunction] = []
    for (i, key) in keys.enumerated() {
      times.append(key.time)
      values.append(convert(key.value))
      guard i + 1 < keys.count else { break }
      let next = keys[i + 1]
      if key.hold {
        if next.time - key.time > 2 * switchLead {
          functions.append(.linear)
          times.append(next.time - switchLead)
          values.append(convert(key.value))
        }
        functions.append(.linear)
      } else {
        functions.append(key.ease(dimension).timingFunction)
      }
    }
    let span = last.time - first.time
    let animation = KeyframeAnimation(keyPath: keyPath)
    animation.values = values
    animation.keyTimes = times.map { Swift.min(Swift.max(($0 - first.time) / span, 0), 1) }
    animation.keyTimes![animation.keyTimes!.count - 1] = 1
    animation.timingFunctions = functions
    animation.beginTime = first.time / frameRate
    animation.duration = span / frameRate
    animation.fillMode = .both
    animation.isRemovedOnCompletion = false
    return animation
  }

  // MARK: Frame by frame

  /// Animates `keyPath` with the value `value(frame)` takes at each clip
  /// frame's composition frame (only the frames where the layer shows, by
  /// `visible`, and one on each side): discrete keyframes switching half
  /// way between frames, so that any frame rendered at its own time shows
  /// exactly its value. Equal neighbours merge; a value that never changes
  /// becomes the model value.
  mutating func applySampled(to layer: Layer, keyPath: String, clock: LottieClock, visible: ClosedRange<Double>?,
                             cost: (AnimationValue) -> Int = { _ in 1 }, value: (Double) -> AnimationValue) {
    var samples: [(time: Double, value: AnimationValue)] = []
    let count = clock.frames.count
    var i = 0
    while i < count {
      let frame = clock.frames[i]
      if let visible, !visible.contains(frame) {
        // Keep the last frame before and the first after a visible run, so the edges hold the right value.
        let nextVisible = i + 1 < count && visible.contains(clock.frames[i + 1])
        let previousVisible = i > 0 && visible.contains(clock.frames[i - 1])
        if !nextVisible && !previousVisible {
          i += 1
          continue
        }
      }
      let v = value(frame)
      if samples.last?.value != v {
        sampledValues += cost(v)
        if sampledValues > Limits.maximumLottieSampledValues {
          budgetExceeded = true
          return
        }
        samples.append((clock.times[i], v))
      } else if samples.isEmpty {
        samples.append((clock.times[i], v))
      }
      i += 1
    }
    guard let first = samples.first else { return }
    setModel(layer, keyPath, first.value)
    guard samples.count > 1 else { return }
    applySteps(to: layer, keyPath: keyPath, initial: first.value,
               steps: samples.dropFirst().map { ($0.time - halfFrame(near: $0.time, in: clock), $0.value) })
  }

  /// Half the clip's frame step in the holder's time near `time`.
  func halfFrame(near time: Double, in clock: LottieClock) -> Double {
    guard clock.times.count > 1 else { return 0.5 / frameRate }
    let step = Swift.abs(clock.times[1] - clock.times[0])
    return step > 0 ? step / 2 : 0.5 / frameRate
  }

  /// A value that is `initial` (the model value) until the first step's
  /// time, then each step's value from its time on: a discrete keyframe
  /// animation filled forwards. Steps must be in time order.
  func applySteps(to layer: Layer, keyPath: String, initial: AnimationValue, steps: [(time: Double, value: AnimationValue)]) {
    setModel(layer, keyPath, initial)
    guard let first = steps.first, let last = steps.last else { return }
    let animation = KeyframeAnimation(keyPath: keyPath)
    animation.calculationMode = .discrete
    animation.values = steps.map(\.value)
    let span = last.time - first.time
    if span > 0 {
      animation.keyTimes = steps.map { Swift.min(Swift.max(($0.time - first.time) / span, 0), 1) }
      animation.duration = span
    } else {
      animation.values = [last.value]
      animation.keyTimes = [0]
      animation.duration = 1
    }
    animation.beginTime = first.time
    animation.fillMode = .forwards
    animation.isRemovedOnCompletion = false
    layer.add(animation, forKey: nil)
  }

  /// Shows the layer only while its composition's frame is in
  /// `inPoint..<outPoint` (a discrete `hidden` animation), as Lottie's in
  /// and out points do.
  mutating func applyVisibility(to layer: Layer, inPoint: Double, outPoint: Double, clock: LottieClock) {
    if clock.isLinear {
      let start = clock.frames.first ?? 0, end = clock.frames.last ?? 0
      if inPoint <= start && outPoint > end { return }
      var steps: [(Double, AnimationValue)] = []
      if inPoint > start { steps.append(((inPoint - switchLead) / frameRate, .bool(false))) }
      if outPoint <= end { steps.append(((outPoint - switchLead) / frameRate, .bool(true))) }
      applySteps(to: layer, keyPath: "hidden", initial: .bool(inPoint > start), steps: steps)
      return
    }
    applySampled(to: layer, keyPath: "hidden", clock: clock, visible: nil) { frame in
      .bool(!(frame >= inPoint && frame < outPoint))
    }
  }
}
