// SPDX-License-Identifier: Apache-2.0
// A particle fountain, as CAEmitterLayer tutorials set one up: one cell, gravity, a named cell so
// that key paths reach it.

#if canImport(UIKit)
import UIKit
#else
import ZoetropeQuartzCore
#endif

/// Drops shot to the right from (10, 20), two a second at 100 points a second, falling at 40 points a
/// second squared; `particle` is the drop's image (on iOS, `UIImage(named:)?.cgImage`).
func makeFountain(particle: CGImage) -> CAEmitterLayer {
  let emitter = CAEmitterLayer()
  emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
  emitter.emitterPosition = CGPoint(x: 10, y: 20)
  emitter.emitterShape = .point

  let drop = CAEmitterCell()
  drop.name = "drop"
  drop.contents = particle
  drop.birthRate = 2
  drop.lifetime = 10
  drop.velocity = 100
  drop.emissionLongitude = 0
  drop.yAcceleration = 40
  drop.color = UIColor.systemBlue.cgColor
  emitter.emitterCells = [drop]
  return emitter
}

/// A confetti burst: pieces in every direction for 0.2 s, spinning, fading, over an additive glow.
func makeBurst(piece: CGImage) -> CAEmitterLayer {
  let burst = CAEmitterLayer()
  burst.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
  burst.emitterPosition = CGPoint(x: 80, y: 60)
  burst.emitterShape = .circle
  burst.emitterMode = .outline
  burst.emitterSize = CGSize(width: 20, height: 20)
  burst.renderMode = .additive
  burst.seed = 7

  let confetti = CAEmitterCell()
  confetti.name = "confetti"
  confetti.contents = piece
  confetti.birthRate = 300
  confetti.duration = 0.2
  confetti.lifetime = 1.2
  confetti.velocity = 80
  confetti.velocityRange = 40
  confetti.emissionRange = 2 * .pi
  confetti.spin = 3
  confetti.spinRange = 6
  confetti.scale = 1.5
  confetti.scaleRange = 0.5
  confetti.alphaSpeed = -0.8
  confetti.color = UIColor.systemPink.cgColor
  confetti.greenRange = 0.6
  confetti.blueRange = 0.6
  burst.emitterCells = [confetti]
  return burst
}
