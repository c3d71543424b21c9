// SPDX-License-Identifier: Apache-2.0
// Sampling one row of an image paint: coordinates per pixel, then the kernels run by run.

import ZoetropeShaders
import ZoetropePixels

extension ImagePaint {
  /// Premultiplied colours for `count` pixels of device row `y` from column
  /// `x`, sampled at pixel centres and multiplied by the paint's colour
  /// (before coverage and opacity).
  func row(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt8>, scratch: ImageScratch) {
    guard count > 0 else { return }
    sampleRow(y: y, x: x, count: count, into: out, scratch: scratch)
    if let colorFactors { multiplyRowByColor(out, color: colorFactors, count: count) }
  }

  /// The sampled colours of ``row(y:x:count:into:scratch:)``, before the paint's colour.
  private func sampleRow(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt8>, scratch: ImageScratch) {
    let m = deviceToLayer.m
    let px0 = Double(x) + 0.5, py = Double(y) + 0.5
    if isAffine, self.x.isLinear, self.y.isLinear, let choice = constantChoice {
      // The whole row is one linear walk through the image: u = u0 + i du.
      let lx = px0 * m[0] + py * m[3] + m[6], ly = px0 * m[1] + py * m[4] + m[7]
      let walk = (u0: lx * self.x.scale0 + self.x.offset0, du: m[0] * self.x.scale0,
                  v0: ly * self.y.scale0 + self.y.offset0, dv: m[1] * self.y.scale0)
      if choice.filter == .linear {
        // Sampled straight from the walk: the wide kernel keeps the coordinates in registers.
        let level = Swift.min(choice.level, levels.count - 1)
        SampleKernels.bilinear(out, walk: sampleWalk(level: level, walk: walk), count: count,
                               coordinates: scratch.coordinates, context: ImagePaint.context(levels[level]))
        return
      }
      sample(choice, count: count, into: out, scratch: scratch) { coordinates, level in
        fillWalk(coordinates, level: level, count: count, walk: walk)
      }
      return
    }
    locate(x: px0, y: py, count: count, scratch: scratch)
    // Runs of pixels sampled alike.
    var start = 0
    while start < count {
      let code = scratch.choices[start]
      var end = start + 1
      while end < count && scratch.choices[end] == code { end += 1 }
      let choice = Choice(filter: code >> 16 == 0 ? .linear : code >> 16 == 1 ? .nearest : .trilinear,
                          level: Int(code >> 8 & 255), weight: UInt8(code & 255))
      sample(choice, from: start, count: end - start, into: out, scratch: scratch)
      start = end
    }
  }

  /// Fills the scratch with each pixel's image coordinates and sampling:
  /// through the homography (dividing per pixel under perspective), then the
  /// axis maps; ρ from the derivatives of that map where the choice varies.
  private func locate(x px0: Double, y py: Double, count: Int, scratch: ImageScratch) {
    let m = deviceToLayer.m
    let fixedChoice = constantChoice.map(ImagePaint.code)
    for i in 0..<count {
      let px = px0 + Double(i)
      var lx = px * m[0] + py * m[3] + m[6], ly = px * m[1] + py * m[4] + m[7]
      var hw = 1.0
      if !isAffine {
        hw = px * m[2] + py * m[5] + m[8]
        lx /= hw
        ly /= hw
      }
      let (u, su) = self.x.image(at: lx), (v, sv) = self.y.image(at: ly)
      scratch.texels[2 * i] = u
      scratch.texels[2 * i + 1] = v
      if let fixedChoice {
        scratch.choices[i] = fixedChoice
        continue
      }
      // d(layer)/d(device): constant when affine; the quotient rule under perspective.
      let dxX = (m[0] - lx * m[2]) / hw, dyX = (m[1] - ly * m[2]) / hw
      let dxY = (m[3] - lx * m[5]) / hw, dyY = (m[4] - ly * m[5]) / hw
      let rho = ImagePaint.scaleFactor(dx: (su * dxX, sv * dyX), dy: (su * dxY, sv * dyY)) * decodedScale
      scratch.choices[i] = ImagePaint.code(Choice(rho: rho, minification: minification,
                                                  magnification: magnification, levels: levels.count))
    }
  }

  /// A choice as one comparable number.
  static func code(_ choice: Choice) -> Int32 {
    let filter: Int32 = switch choice.filter {
    case .linear: 0
    case .nearest: 1
    case .trilinear: 2
    }
    return filter << 16 | Int32(choice.level) << 8 | Int32(choice.weight)
  }

  /// Samples pixels `start ..< start + count` (their image coordinates are
  /// in the scratch) with `choice` into `out`.
  private func sample(_ choice: Choice, from start: Int, count: Int, into out: UnsafeMutablePointer<UInt8>,
                      scratch: ImageScratch) {
    sample(choice, count: count, into: out + 4 * start, scratch: scratch) { coordinates, level in
      fill(coordinates, level: level, from: start, count: count, scratch: scratch)
    }
  }

  /// Samples `count` pixels with `choice` into `destination`; `coordinates`
  /// writes the fixed-point coordinates of a mipmap level into the buffer it is given.
  @inline(__always)
  private func sample(_ choice: Choice, count: Int, into destination: UnsafeMutablePointer<UInt8>,
                      scratch: ImageScratch, coordinates: (UnsafeMutablePointer<Int32>, Int) -> Void) {
    let level = Swift.min(choice.level, levels.count - 1)
    coordinates(scratch.coordinates, level)
    let context = ImagePaint.context(levels[level])
    switch choice.filter {
    case .nearest:
      sampleNearest(destination, coordinates: scratch.coordinates, count: count, context: context)
    case .linear:
      SampleKernels.bilinear(destination, coordinates: scratch.coordinates, count: count, context: context)
    case .trilinear:
      SampleKernels.bilinear(destination, coordinates: scratch.coordinates, count: count, context: context)
      guard choice.weight > 0, level + 1 < levels.count else { return }
      coordinates(scratch.coordinates, level + 1)
      SampleKernels.bilinear(scratch.second, coordinates: scratch.coordinates, count: count,
                     context: ImagePaint.context(levels[level + 1]))
      scratch.weights.update(repeating: choice.weight, count: count)
      mixRows(destination, other: scratch.second, weights: scratch.weights, count: count)
    }
  }

  /// The fixed-point coordinates of a linear walk through the image (level-0
  /// pixels `u0 + i du`, `v0 + i dv`) at mipmap `level`: stepped in 32.32
  /// fixed point (exact integer adds, no drift), then rounded to 20.12 and
  /// clamped as ``fill(_:level:from:count:scratch:)`` does.
  private func fillWalk(_ coordinates: UnsafeMutablePointer<Int32>, level: Int, count: Int,
                        walk: (u0: Double, du: Double, v0: Double, dv: Double)) {
    var steps = sampleWalk(level: level, walk: walk)
    steps.write(coordinates, count: count)
  }

  /// The fixed-point walk of ``fillWalk(_:level:count:walk:)``.
  private func sampleWalk(level: Int, walk: (u0: Double, du: Double, v0: Double, dv: Double)) -> SampleWalk {
    let storage = levels[level]
    let sx = Double(storage.width) / Double(image.width), sy = Double(storage.height) / Double(image.height)
    let one = 4_294_967_296.0
    // Clamped in Double first: a walk may start astronomically far away.
    func fixed(_ v: Double, _ limit: Double) -> Int64 {
      Int64((v > -1e6 ? (v < limit ? v : limit) : -1e6) * one)
    }
    let uLimit = Double(storage.width) + 1e6, vLimit = Double(storage.height) + 1e6
    // Clamped from two pixels before the level to one past it (SampleWalk's lows are −2 pixels).
    return SampleWalk(u: fixed(walk.u0 * sx - 0.5, uLimit), du: fixed(walk.du * sx, 1e4),
                      v: fixed(walk.v0 * sy - 0.5, vLimit), dv: fixed(walk.dv * sy, 1e4),
                      highU: Int64(storage.width + 1) << 32, highV: Int64(storage.height + 1) << 32)
  }

  /// The kernels' view of one level.
  static func context(_ level: ImageStorage) -> SampleImageContext {
    SampleImageContext(pixels: level.pixels, width: level.width, height: level.height)
  }

  /// The 20.12 fixed-point coordinates of pixels `start…` at mipmap `level`:
  /// level-0 image coordinates scaled to the level, minus half a pixel
  /// (pixel centres at integers), rounded to 1/4096 and clamped a little
  /// beyond the level (NaN and infinities land on an edge).
  private func fill(_ coordinates: UnsafeMutablePointer<Int32>, level: Int, from start: Int, count: Int,
                    scratch: ImageScratch) {
    let storage = levels[level]
    let sx = Double(storage.width) / Double(image.width), sy = Double(storage.height) / Double(image.height)
    let maxX = Double(storage.width) + 1, maxY = Double(storage.height) + 1
    let texels = scratch.texels + 2 * start
    for i in 0..<count {
      let u = texels[2 * i] * sx - 0.5, v = texels[2 * i + 1] * sy - 0.5
      // Clamped to [-2, size + 1] (NaN-safe), then shifted positive so that
      // truncation rounds to nearest: t × 4096 + 0.5 + 16384 > 0.
      let cu = u > -2 ? (u < maxX ? u : maxX) : -2, cv = v > -2 ? (v < maxY ? v : maxY) : -2
      coordinates[2 * i] = Int32(cu * 4096 + 16384.5) - 16384
      coordinates[2 * i + 1] = Int32(cv * 4096 + 16384.5) - 16384
    }
  }

  /// The coverage a row blends with: the run's bytes (or its constant
  /// value) times the paint's opacity.
  func coverage(_ bytes: UnsafePointer<UInt8>?, constant: UInt8, count: Int,
                scratch: ImageScratch) -> UnsafePointer<UInt8> {
    if alpha == 255, let bytes { return bytes }
    if let bytes {
      for i in 0..<count { scratch.coverage[i] = UInt8(div255(UInt32(bytes[i]) * UInt32(alpha))) }
    } else {
      scratch.coverage.update(repeating: UInt8(div255(UInt32(constant) * UInt32(alpha))), count: count)
    }
    return UnsafePointer(scratch.coverage)
  }
}
