// SPDX-License-Identifier: Apache-2.0
// CAEmitterLayer from first principles: closed-form kinematics, frames alone equal frames in a run, seeds, sub-cells, the budget.

import Foundation
import Testing
import Zoetrope
import ZoetropeLayers
import _ZoetropeTestSupport

@Suite struct EmitterTests {
  /// A 2 × 2 opaque white dot.
  static let dot = Image(width: 2, height: 2, straightRGBA: [UInt8](repeating: 255, count: 16))

  /// A point emitter at (10, 20) with one cell and no randomness.
  func emitter(_ configure: (inout EmitterCell) -> Void = { _ in }) -> EmitterLayer {
    let layer = EmitterLayer()
    layer.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    layer.emitterPosition = Point(x: 10, y: 20)
    var cell = EmitterCell()
    cell.name = "dot"
    cell.birthRate = 4
    cell.lifetime = 1
    cell.velocity = 30
    cell.emissionLongitude = 0.3
    cell.yAcceleration = 50
    cell.contents = Self.dot
    configure(&cell)
    layer.emitterCells = [cell]
    return layer
  }

  func presentation(_ layer: Layer, at time: Double) -> (PresentationTree, Int) {
    let root = Layer()
    root.addSublayer(layer)
    return (PresentationEvaluator(LayerTree(root: root)).presentation(atTime: time), 1)
  }

  @Test func aPointEmitterWithoutRangesFollowsTheClosedFormKinematics() {
    let layer = emitter()
    let t = 1.3
    let (tree, entry) = presentation(layer, at: t)
    let particles = tree.particles(of: entry)
    // Births at (k + 1) / 4 s; alive while younger than 1 s, born after 0.3 s: k = 1 … 4.
    #expect(particles.map(\.birthTime) == [0.5, 0.75, 1, 1.25])
    for p in particles {
      let age = t - p.birthTime
      let x = 10 + 30 * cos(0.3) * age, y = 20 + 30 * sin(0.3) * age + 0.5 * 50 * age * age
      #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9, "\(p.x), \(p.y) vs \(x), \(y)")
      #expect(p.scale == 1 && p.rotation == 0 && p.color == .white)
    }
  }

  @Test func layerMultipliersScaleRatesLifetimesAndSpeeds() {
    let layer = emitter { $0.spin = 2 }
    layer.birthRate = 2      // 8 a second
    layer.lifetime = 0.5     // 0.5 s
    layer.velocity = 2       // 60 points a second
    layer.spin = 3           // 6 radians a second
    layer.scale = 0.5
    let t = 1.0
    let (tree, entry) = presentation(layer, at: t)
    let particles = tree.particles(of: entry)
    #expect(particles.map(\.birthTime) == [0.625, 0.75, 0.875, 1])
    let p = particles[0], age = t - p.birthTime
    #expect(abs(p.x - (10 + 60 * cos(0.3) * age)) < 1e-9)
    #expect(abs(p.rotation - 6 * age) < 1e-9)
    #expect(p.scale == 0.5)
  }

  @Test func rangesAreUniformWithinHalfTheRangeEitherSide() {
    let layer = emitter {
      $0.birthRate = 2000
      $0.lifetime = 10
      $0.lifetimeRange = 4
      $0.velocityRange = 20
    }
    let (tree, entry) = presentation(layer, at: 0.5)
    let speeds = tree.particles(of: entry).map { p -> Double in
      let age = 0.5 - p.birthTime
      return age > 0.01 ? (p.x - 10) / (cos(0.3) * age) : 30
    }
    #expect(speeds.min()! >= 20 - 1e-6 && speeds.max()! <= 40 + 1e-6)
    #expect(speeds.min()! < 21 && speeds.max()! > 39, "spread over the whole range")
  }

  @Test func theSameSeedGivesTheSameParticlesAndAnotherSeedOthers() {
    func positions(seed: UInt32) -> [Double] {
      let layer = emitter { $0.velocityRange = 10; $0.emissionRange = 1 }
      layer.seed = seed
      let (tree, entry) = presentation(layer, at: 0.9)
      return tree.particles(of: entry).flatMap { [$0.x, $0.y] }
    }
    #expect(positions(seed: 7) == positions(seed: 7))
    #expect(positions(seed: 7) != positions(seed: 8))
  }

  @Test func subCellsEmitFromTheirParticlesAndOutliveThem() {
    var spark = EmitterCell()
    spark.birthRate = 10
    spark.lifetime = 2
    spark.contents = Self.dot
    let layer = emitter {
      $0.birthRate = 1
      $0.lifetime = 0.5
      $0.yAcceleration = 0
      $0.emitterCells = [spark]
    }
    // The parent is born at 1 s and dies at 1.5 s; its sparks are born at ages 0.1, 0.2, 0.3 and 0.4
    // (not at 0.5: it is dead by then).
    let (tree, entry) = presentation(layer, at: 1.7)
    let sparks = tree.particles(of: entry)
    #expect(sparks.count == 4, "the parent is gone, its four sparks stay")
    for (k, s) in sparks.enumerated() {
      let bornAtAge = 0.1 + 0.1 * Double(k)
      #expect(abs(s.birthTime - (1 + bornAtAge)) < 1e-9)
      #expect(abs(s.x - (10 + 30 * cos(0.3) * bornAtAge)) < 1e-9, "where the parent was")
    }
  }

  @Test func animatingTheLayersBirthRateToZeroStopsTheEmitter() {
    let layer = emitter { $0.lifetime = 100 }
    let stop = BasicAnimation(keyPath: "birthRate")
    stop.fromValue = 0
    stop.toValue = 0
    stop.beginTime = 1.1
    stop.duration = 100
    layer.add(stop, forKey: nil)
    let count = { (t: Double) in
      let (tree, entry) = self.presentation(layer, at: t)
      return tree.particles(of: entry).count
    }
    #expect(count(0.99) == 3, "born at 0.25, 0.5 and 0.75 s")
    #expect(count(5) == 4, "and at 1 s; none after 1.1 s")
    let cellRate = BasicAnimation(keyPath: "emitterCells.dot.birthRate")
    cellRate.fromValue = 8
    cellRate.toValue = 8
    cellRate.duration = 100
    let faster = emitter { $0.lifetime = 100 }
    faster.add(cellRate, forKey: nil)
    let (tree, entry) = presentation(faster, at: 1.05)
    #expect(tree.particles(of: entry).count == 8)
  }

  @Test func theBudgetKeepsTheYoungestParticles() {
    let layer = emitter { $0.birthRate = 1e9; $0.lifetime = 1e9 }
    let (tree, entry) = presentation(layer, at: 10)
    let particles = tree.particles(of: entry, budget: 1000)
    #expect(particles.count == 1000)
    #expect(particles.allSatisfy { $0.birthTime > 9.99 })
  }

  /// A scene with an emitter, for the byte comparisons below.
  static let sceneJSON = """
    {"canvas": {"width": 48, "height": 48, "fps": 10, "duration": 1}, "layers": [{"type": "CAEmitterLayer",
      "frame": [0, 0, 48, 48], "emitterPosition": [24, 40], "emitterShape": "line", "emitterSize": [30, 0],
      "seed": 3, "emitterCells": [{"name": "p", "birthRate": 30, "lifetime": 0.8, "lifetimeRange": 0.4,
        "velocity": 40, "velocityRange": 20, "emissionLongitude": -1.5708, "emissionRange": 1, "yAcceleration": 30,
        "spin": 2, "spinRange": 4, "scale": 2, "scaleRange": 1, "color": "#FF9500", "alphaSpeed": -1,
        "contents": "tile.png", "contentsScale": 4}]}]}
    """

  @Test func aFrameAloneEqualsTheSameFrameInAWholeRunAtEveryThreadCount() throws {
    let scene = try SceneDecoder.decode(Array(Self.sceneJSON.utf8), fileName: "scene.json",
                                        baseFolder: Fixtures.url("Images").path)
    let alone = Renderer(scene).frame(atTime: 0.7)
    #expect(alone.pixels.contains { $0 != 0 }, "particles drawn")
    let renderer = Renderer(scene)
    var inOrder: [RGBAImage] = []
    for i in 0..<10 { inOrder.append(renderer.frame(atTime: Double(i) / 10)) }
    #expect(inOrder[7] == alone)
    for threads in [1, 2, 3] {
      let box = FrameBox()
      DispatchQueue.concurrentPerform(iterations: threads) { worker in
        for i in stride(from: 9 - worker, through: 0, by: -threads) {
          let image = renderer.frame(atTime: Double(i) / 10)
          box.lock.lock(); box.frames[i] = image; box.lock.unlock()
        }
      }
      #expect(box.frames.map { $0! } == inOrder, "\(threads) threads, frames in reverse")
    }
  }

  @Test func aSceneWhoseCellOutrunsTheBudgetIsRefusedAtItsBirthRate() {
    let json = """
      {"canvas": {"width": 8, "height": 8, "duration": 2}, "layers": [{"type": "emitter",
        "emitterCells": [{"name": "flood", "birthRate": 1e9, "lifetime": 1e9}]}]}
      """
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), fileName: "scene.json")
      Issue.record("accepted")
    } catch {
      #expect(error.issues.contains {
        $0.path == "layers[0].emitterCells[0].birthRate" && $0.message.contains("\"flood\"")
          && $0.message.contains("Limits.maximumParticlesPerFrame")
      }, "\(error.issues)")
    }
  }
}

/// Frames rendered on several threads, collected under a lock.
private final class FrameBox: @unchecked Sendable {
  let lock = NSLock()
  var frames = [RGBAImage?](repeating: nil, count: 10)
}
