// SPDX-License-Identifier: Apache-2.0
// An image paint: a decoded image mapped onto a layer's plane, sampled through the device→layer map.

import Foundation
import ZoetropeShaders
import ZoetropeGeometry
import ZoetropePixels

/// An image ready to sample: the map from device pixels back to the
/// layer's plane (a homography, so perspective is followed exactly), then
/// from layer coordinates to image pixels (one linear piece per axis, or
/// three for nine-slice scaling), and the filters. The raster knows nothing
/// of layers: the compositor works out where the image lands and hands the
/// maps over; the rasterizer's coverage of the destination gives the edges
/// their anti-aliasing, so sampling never reaches outside the image on purpose
/// (coordinates beyond it clamp to its edge pixels).
///
/// The filter is chosen by how much the image shrinks at a pixel, ρ = the
/// longer of the image-pixel steps one device pixel to the right and one
/// down (OpenGL's scale factor): ρ > 1 minifies. `trilinear` samples the
/// mipmap levels ⌊log₂ ρ⌋ and the next, bilinearly, and blends them.
package struct ImagePaint: Sendable {
  /// How an image is sampled.
  package enum Filter: Sendable, Hashable {
    /// Bilinear.
    case linear
    /// Nearest pixel.
    case nearest
    /// Bilinear in two mipmap levels, blended (a minification filter).
    case trilinear
  }

  /// How the sampled pixels land on what is below.
  package enum Compositing: Sendable, Hashable {
    /// Over it (the default).
    case sourceOver
    /// Added to it, every channel clamped (``plusRow(_:source:coverage:count:)``):
    /// an emitter's `additive` render mode.
    case plus
  }

  /// One axis's map from layer coordinate to image pixel coordinate (0 at
  /// the image's left or top edge): up to three linear pieces, for the
  /// nine-slice's fixed, stretched and fixed parts. Outside the knots the
  /// first and last pieces extend.
  package struct AxisMap: Sendable {
    /// Where piece 1 and piece 2 start (layer coordinates); `.infinity` for pieces that do not exist.
    let break1: Double, break2: Double
    /// Per piece: image pixels per layer unit, and the image coordinate at layer coordinate 0.
    let scale0: Double, offset0: Double, scale1: Double, offset1: Double, scale2: Double, offset2: Double

    /// A map through the knots: `layer[k]` lands on `image[k]`. `layer`
    /// must be non-decreasing with 2…4 entries, as many as `image`. Pieces of
    /// zero length are dropped; `nil` when none is left or a value is not finite.
    package init?(layer: [Double], image: [Double]) {
      guard layer.count == image.count, layer.count >= 2, layer.count <= 4,
        layer.allSatisfy(\.isFinite), image.allSatisfy(\.isFinite)
      else { return nil }
      var pieces: [(start: Double, scale: Double, offset: Double)] = []
      for k in 0..<(layer.count - 1) where layer[k + 1] > layer[k] {
        let scale = (image[k + 1] - image[k]) / (layer[k + 1] - layer[k])
        pieces.append((layer[k], scale, image[k] - scale * layer[k]))
      }
      guard let first = pieces.first else { return nil }
      while pieces.count < 3 { pieces.append((.infinity, pieces[pieces.count - 1].scale, pieces[pieces.count - 1].offset)) }
      (scale0, offset0) = (first.scale, first.offset)
      (break1, scale1, offset1) = (pieces[1].start, pieces[1].scale, pieces[1].offset)
      (break2, scale2, offset2) = (pieces[2].start, pieces[2].scale, pieces[2].offset)
    }

    /// Whether the map is one linear piece.
    var isLinear: Bool { break1 == .infinity }

    /// The image coordinate of layer coordinate `v`, and the piece's scale.
    @inline(__always)
    package func image(at v: Double) -> (coordinate: Double, scale: Double) {
      v < break1 ? (v * scale0 + offset0, scale0) : v < break2 ? (v * scale1 + offset1, scale1)
        : (v * scale2 + offset2, scale2)
    }
  }

  /// How a run of pixels is sampled: the filter and, for trilinear, the
  /// finer level and the weight (0…255, /256) of the next one.
  struct Choice: Equatable {
    var filter: Filter
    var level: Int
    var weight: UInt8
  }

  let image: Image
  let deviceToLayer: Homography
  let x: AxisMap, y: AxisMap
  let minification: Filter
  let magnification: Filter
  /// The paint's opacity as a coverage factor, 0…255.
  let alpha: UInt8
  /// The colour every sampled pixel is multiplied by, as premultiplied
  /// bytes in memory order (``multiplyRowByColor(_:color:count:)``'s
  /// word); `nil` for none (white).
  let colorFactors: UInt32?
  /// The levels sampled: the image alone, or its mipmaps for trilinear minification.
  let levels: [ImageStorage]
  /// Decoded pixels per image pixel: 1, or less for an image decoded at a
  /// smaller scale (ρ is counted in decoded pixels).
  let decodedScale: Double
  /// Whether device→layer is affine (no division per pixel).
  let isAffine: Bool
  /// The sampling of every pixel when it cannot vary (affine maps, or one filter for both directions).
  let constantChoice: Choice?
  /// How the pixels land on what is below; default source-over.
  package var compositing = Compositing.sourceOver

  /// A paint of `image` under `deviceToLayer`, with `x` and `y` taking layer
  /// coordinates to image pixels, at `opacity` (0…1; NaN is 0), its pixels
  /// multiplied component by component by `color` (a replicator copy's
  /// tint; `nil` or white for none; components clamped to 0…1, NaN is 0; a
  /// transparent colour draws nothing).
  package init(image: Image, deviceToLayer: Homography, x: AxisMap, y: AxisMap, minification: Filter,
               magnification: Filter, opacity: Double, color: Color? = nil) {
    self.image = image
    self.deviceToLayer = deviceToLayer
    self.x = x
    self.y = y
    self.minification = minification
    self.magnification = magnification == .trilinear ? .linear : magnification
    let factors = color.map { $0.premultipliedRGBA8(opacity: 1) }
    if let f = factors, f.a == 0 {
      alpha = 0
    } else {
      alpha = UInt8((Swift.min(Swift.max(opacity.isNaN ? 0 : opacity, 0), 1) * 255).rounded())
    }
    colorFactors = factors.flatMap { f -> UInt32? in
      let word: UInt32 = UInt32(f.r) | UInt32(f.g) << 8 | UInt32(f.b) << 16 | UInt32(f.a) << 24
      return word == 0xFFFF_FFFF ? nil : word
    }
    levels = minification == .trilinear ? image.mipmapLevels : [image.storage]
    decodedScale = Double(image.storage.width) / Double(image.width)
    let m = deviceToLayer.m
    isAffine = m[2] == 0 && m[5] == 0 && m[8] == 1
    if isAffine && x.isLinear && y.isLinear {
      let rho = ImagePaint.scaleFactor(dx: (m[0] * x.scale0, m[1] * y.scale0), dy: (m[3] * x.scale0, m[4] * y.scale0))
        * decodedScale
      constantChoice = Choice(rho: rho, minification: self.minification, magnification: self.magnification,
                              levels: levels.count)
    } else if self.minification == self.magnification && minification != .trilinear {
      constantChoice = Choice(filter: minification, level: 0, weight: 0)
    } else {
      constantChoice = nil
    }
  }

  /// ρ: the longer of the two image-space steps of one device pixel.
  @inline(__always)
  static func scaleFactor(dx: (Double, Double), dy: (Double, Double)) -> Double {
    Swift.max((dx.0 * dx.0 + dx.1 * dx.1).squareRoot(), (dy.0 * dy.0 + dy.1 * dy.1).squareRoot())
  }
}

extension ImagePaint.Choice {
  /// The sampling for scale factor `rho` (NaN or ≤ 1 magnifies).
  init(rho: Double, minification: ImagePaint.Filter, magnification: ImagePaint.Filter, levels: Int) {
    guard rho > 1 else {
      self.init(filter: magnification, level: 0, weight: 0)
      return
    }
    guard minification == .trilinear, levels > 1 else {
      self.init(filter: minification == .trilinear ? .linear : minification, level: 0, weight: 0)
      return
    }
    let lod = Swift.min(log2(rho), Double(levels - 1))
    let level = Swift.min(Int(lod), levels - 1)
    let weight = level == levels - 1 ? 0 : UInt8(Swift.min((lod - Double(level)) * 256, 255))
    self.init(filter: .trilinear, level: level, weight: weight)
  }
}

extension ImagePaint {
  /// Whether this paint samples, at every device pixel, what `other` does:
  /// the same decoded pixels (the same storage, not an equal copy: `false`
  /// for two decodings of one file), the same maps bit for bit, filters,
  /// opacity, tint and compositing. Everything else a paint holds follows
  /// from these.
  func samplesAlike(_ other: ImagePaint) -> Bool {
    image.storage === other.image.storage && image.width == other.image.width && image.height == other.image.height
      && ImagePaint.sameBits(deviceToLayer.m, other.deviceToLayer.m) && x.sameBits(as: other.x)
      && y.sameBits(as: other.y) && minification == other.minification && magnification == other.magnification
      && alpha == other.alpha && colorFactors == other.colorFactors && compositing == other.compositing
  }

  /// Whether two arrays hold the same doubles bit for bit (−0 is not 0; a NaN is itself).
  static func sameBits(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
  }
}

extension ImagePaint.AxisMap {
  /// Whether the two maps' knots and pieces are the same bit for bit.
  func sameBits(as other: ImagePaint.AxisMap) -> Bool {
    func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    return same(break1, other.break1) && same(break2, other.break2) && same(scale0, other.scale0)
      && same(offset0, other.offset0) && same(scale1, other.scale1) && same(offset1, other.offset1)
      && same(scale2, other.scale2) && same(offset2, other.offset2)
  }
}
