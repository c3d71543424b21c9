// SPDX-License-Identifier: Apache-2.0
// The blurs a clip's frames keep: the shadows of still layers found again, however many there are.

import Testing
@testable import ZoetropeCompositor
import ZoetropeRaster

@Suite struct BlurCacheTests {
  /// A 6 × 6 shape at `x`, distinct for every `seed` (a different pixel lit).
  static func image(_ seed: Int, x: Int = 40) -> AlphaImage {
    var bytes = [UInt8](repeating: 0, count: 36)
    bytes[seed % 36] = 255
    bytes[(seed / 36) % 36] |= 128
    return AlphaImage(rect: DeviceRect(x: x, y: 40, width: 6, height: 6), bytes: bytes)
  }

  static let target = DeviceRect(width: 128, height: 128)

  /// The frame's blurs of `seeds`, in order, through `cache`; how many were found kept.
  static func frame(_ seeds: [Int], cache: BlurCache) -> Int {
    var found = 0
    for seed in seeds {
      let image = Self.image(seed)
      let out = image.rect.grown(by: GaussianBlur.radius(sigma: 2), GaussianBlur.radius(sigma: 2)).intersection(target)
      let hidden = [Range<Int>?](repeating: nil, count: out.height)
      if cache.runs(for: image, sigmaX: 2, sigmaY: 2, factor: 1, out: out, hidden: hidden) != nil {
        found += 1
        continue
      }
      let runs = GaussianBlur.blur(image, sigmaX: 2, sigmaY: 2, over: target)
      cache.keep(runs, image: image, sigmaX: 2, sigmaY: 2, out: out, hidden: hidden)
    }
    return found
  }

  @Test func aClipsShadowsOutnumberingTheCacheAreFoundUpToItsCapacity() {
    // Twelve distinct shadows, every frame in the same order, through a
    // cache of eight: each next frame finds the eight the first kept. (Made
    // room for by the oldest, every blur would push out the one needed next
    // and none would be found.)
    let cache = BlurCache(capacity: 8)
    let seeds = Array(0..<12)
    #expect(Self.frame(seeds, cache: cache) == 0)
    for _ in 0..<3 {
      cache.startFrame()
      #expect(Self.frame(seeds, cache: cache) == 8)
      #expect(cache.count == 8)
    }
  }

  @Test func blursTheFrameBeforeUsedMakeRoomForANewFramesBlurs() {
    let cache = BlurCache(capacity: 4)
    #expect(Self.frame([0, 1, 2, 3], cache: cache) == 0)
    cache.startFrame()
    // Four new shapes (the layers changed): they take the old ones' places,
    // and the frame after finds them all.
    #expect(Self.frame([4, 5, 6, 7], cache: cache) == 0)
    #expect(cache.count == 4)
    cache.startFrame()
    #expect(Self.frame([4, 5, 6, 7], cache: cache) == 4)
  }

  @Test func blursPastTheByteCapacityAreNotKept() {
    // One shape's image, hidden rows and runs pass 200 bytes: none is kept.
    let cache = BlurCache(byteCapacity: 200)
    #expect(Self.frame([0, 1], cache: cache) == 0)
    #expect(cache.count == 0)
    cache.startFrame()
    #expect(Self.frame([0, 1], cache: cache) == 0)
    // With room for one, the second waits for the first to go unused.
    let image = Self.image(0)
    let out = image.rect.grown(by: 7, 7).intersection(Self.target)
    let runs = GaussianBlur.blur(image, sigmaX: 2, sigmaY: 2, over: Self.target)
    let oneEntry = image.bytes.count + out.height * MemoryLayout<Range<Int>?>.stride
      + runs.spans.count * MemoryLayout<CoverageSpans.Span>.stride + runs.coverage.count
    let roomForOne = BlurCache(byteCapacity: oneEntry + oneEntry / 2)
    #expect(Self.frame([0, 1], cache: roomForOne) == 0)
    #expect(roomForOne.count == 1)
    roomForOne.startFrame()
    #expect(Self.frame([0, 1], cache: roomForOne) == 1, "the first is found; the second is not kept in its place")
  }

  @Test func aFoundBlurIsTheBlurItself() {
    // Found, moved by whole pixels onto the same shape elsewhere: the runs a blur gives there.
    let cache = BlurCache()
    let here = Self.image(5), there = Self.image(5, x: 71)
    _ = GaussianBlur.blur(here, sigmaX: 2, sigmaY: 2, over: Self.target, hidden: nil, cache: cache)
    let moved = GaussianBlur.blur(there, sigmaX: 2, sigmaY: 2, over: Self.target, hidden: nil, cache: cache)
    #expect(cache.count == 1, "found, not kept a second time")
    let blurred = GaussianBlur.blur(there, sigmaX: 2, sigmaY: 2, over: Self.target)
    #expect(moved.spans == blurred.spans && moved.coverage == blurred.coverage)
  }

  @Test func anEqualShapeInItsOwnStorageIsFoundAndThenKnownByItsStorage() {
    let cache = BlurCache()
    let first = Self.image(3)
    let out = first.rect.grown(by: GaussianBlur.radius(sigma: 2), GaussianBlur.radius(sigma: 2)).intersection(Self.target)
    let hidden = [Range<Int>?](repeating: nil, count: out.height)
    let runs = GaussianBlur.blur(first, sigmaX: 2, sigmaY: 2, over: Self.target)
    cache.keep(runs, image: first, sigmaX: 2, sigmaY: 2, out: out, hidden: hidden)
    func found(_ image: AlphaImage) -> CoverageSpans? {
      cache.runs(for: image, sigmaX: 2, sigmaY: 2, factor: 1, out: out, hidden: hidden)
    }
    // Its own storage: no alias.
    #expect(found(first) == runs)
    #expect(cache.aliasCount == 0)
    // The same bytes elsewhere (another still layer's kept shape): found, then known.
    let copies = (0..<20).map { _ in AlphaImage(rect: first.rect, bytes: Array(first.bytes.map { $0 })) }
    #expect(found(copies[0]) == runs)
    #expect(found(copies[0]) == runs)
    #expect(cache.aliasCount == 1)
    // Other bytes: not found, not kept as an alias.
    #expect(found(Self.image(4)) == nil)
    #expect(cache.aliasCount == 1)
    // At most sixteen, the latest; an older one is compared again, and found.
    for copy in copies { #expect(found(copy) == runs) }
    #expect(cache.aliasCount == BlurCache.maximumAliases)
    #expect(found(copies[0]) == runs)
    #expect(cache.aliasCount == BlurCache.maximumAliases)
  }

  @Test func aliasesCountAgainstTheCachesBytes() {
    // Room for the blur and two aliases of its 36 bytes, not three.
    let first = Self.image(5)
    let out = first.rect.grown(by: GaussianBlur.radius(sigma: 2), GaussianBlur.radius(sigma: 2)).intersection(Self.target)
    let hidden = [Range<Int>?](repeating: nil, count: out.height)
    let runs = GaussianBlur.blur(first, sigmaX: 2, sigmaY: 2, over: Self.target)
    let size = first.bytes.count + hidden.count * MemoryLayout<Range<Int>?>.stride
      + runs.spans.count * MemoryLayout<CoverageSpans.Span>.stride + runs.coverage.count
    let cache = BlurCache(byteCapacity: size + 2 * first.bytes.count + 35)
    cache.keep(runs, image: first, sigmaX: 2, sigmaY: 2, out: out, hidden: hidden)
    #expect(cache.count == 1)
    for _ in 0..<4 {
      let copy = AlphaImage(rect: first.rect, bytes: Array(first.bytes.map { $0 }))
      #expect(cache.runs(for: copy, sigmaX: 2, sigmaY: 2, factor: 1, out: out, hidden: hidden) == runs)
    }
    #expect(cache.aliasCount == 2)
  }
}
