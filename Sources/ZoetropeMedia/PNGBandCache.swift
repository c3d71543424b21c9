// SPDX-License-Identifier: Apache-2.0
// The compressed bands of the last PNG written, so that the next copies the bands that did not change.

import CZoetropeMedia
import ZoetropeImages

/// What the banded PNG encoder keeps of the last image written through it:
/// its pixels and each band's compressed bytes (bands of 16 rows, more
/// for images under 512 pixels wide). The next image
/// written through it compresses only the bands whose pixels differ and
/// copies the others, which is why a PNG sequence of a mostly still clip
/// costs what changed rather than the whole frame. The file's bytes are the
/// same with or without a cache (a band's compressed bytes depend on its
/// pixels alone). The banded encoding is zlib level 1 without a row filter,
/// as ``RGBAImage/PNGCompression/fast``, but a few per cent larger than
/// one stream: only PNG sequences use it.
///
/// Use from one thread at a time. An image over 64 MiB of pixels (4096 ×
/// 4096) is not kept: every one is compressed whole.
package final class PNGBandCache {
  let bands: OpaquePointer
  /// How the kept image was drawn, when its renderer said: the bands the
  /// next image was drawn the same way are not compared.
  var origin: (any FrameOrigin)?

  /// An empty cache; `nil` when out of memory.
  package init?() {
    guard let bands = zt_png_bands_create() else { return nil }
    self.bands = bands
  }

  /// The rows of a band of an image `width` pixels wide.
  package static func rowsPerBand(width: Int) -> Int { Int(zt_png_band_rows(UInt32(clamping: width))) }

  deinit { zt_png_bands_destroy(bands) }

  /// How many bands the last image written through the cache took
  /// unchanged from the one before.
  package var reusedBands: Int { Int(zt_png_bands_reused(bands)) }

  /// Keeps `origin` as the kept image's, if the cache keeps its pixels at
  /// all (an image over 64 MiB, or one met short of memory, is not kept:
  /// its origin would only cost the next image a useless comparison).
  func keep(_ origin: (any FrameOrigin)?) {
    self.origin = zt_png_bands_keeps_pixels(bands) != 0 ? origin : nil
  }
}

extension RGBAImage {
  /// Writes the banded PNG to `path` (no temporary name), through `cache`
  /// when given; with this image's `origin`, the bands drawn as the cache's
  /// kept image drew them are not compared.
  package func writeBandedPNG(to path: String, reusing cache: PNGBandCache?,
                              origin: (any FrameOrigin)? = nil) throws(MediaError) {
    var buffer = [CChar](repeating: 0, count: 512)
    let same = sameBands(as: cache, origin: origin)
    let status = pixels.withUnsafeBufferPointer { pixels in
      zt_png_write_rgba_banded(path, pixels.baseAddress, UInt32(width), UInt32(height), 0, cache?.bands, same,
                               UInt32(same.count), &buffer, buffer.count)
    }
    cache?.keep(status == 0 ? origin : nil)
    guard status == 0 else { throw MediaError(path: path, message: buffer) }
  }

  /// The banded PNG's bytes, through `cache` when given (and `origin` as
  /// ``writeBandedPNG(to:reusing:origin:)`` takes it).
  package func bandedPNGData(reusing cache: PNGBandCache?, origin: (any FrameOrigin)? = nil) throws(MediaError)
    -> [UInt8]
  {
    var data: UnsafeMutablePointer<UInt8>?
    var size = 0
    var buffer = [CChar](repeating: 0, count: 512)
    let same = sameBands(as: cache, origin: origin)
    let status = pixels.withUnsafeBufferPointer { pixels in
      zt_png_encode_rgba_banded(pixels.baseAddress, UInt32(width), UInt32(height), 0, cache?.bands, same,
                                UInt32(same.count), &data, &size, &buffer, buffer.count)
    }
    cache?.keep(status == 0 ? origin : nil)
    guard status == 0, let data else { throw MediaError(path: "(memory)", message: buffer) }
    defer { zt_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// A byte a band, 1 where `origin` says this image's band is drawn as the
  /// cache's kept image's; empty when either origin is unknown.
  private func sameBands(as cache: PNGBandCache?, origin: (any FrameOrigin)?) -> [UInt8] {
    guard let origin, let kept = cache?.origin,
      let same = origin.sameBands(as: kept, bandHeight: PNGBandCache.rowsPerBand(width: width))
    else { return [] }
    return same.map { $0 ? 1 : 0 }
  }
}

/// Band caches shared by the threads that write one PNG sequence: a thread
/// takes the idle cache that last wrote the nearest earlier frame (the
/// likeliest to share bands with this one) and gives it back after.
///
/// At most ``maximumCaches`` exist; past that a frame is written without
/// one. Locked so that ThreadSanitizer sees the hand-over (a cache's memory
/// passes between threads).
package final class PNGBandCachePool: Sendable {
  /// The most caches a pool makes: each keeps a frame's pixels (up to 64 MiB).
  package static let maximumCaches = 8
  private struct State {
    /// The idle caches with the frame each last wrote.
    var idle: [(frame: Int, cache: PNGBandCache)] = []
    var made = 0
    var reusedBands = 0
  }
  private let state = PThreadLocked(State())

  package init() {}

  /// How many bands the frames written so far took from earlier frames.
  package var reusedBands: Int { state.withLock { $0.reusedBands } }

  /// Runs `body` with the idle cache whose last frame is the latest before
  /// `frame` (or the earliest idle one, or a new one), or with `nil` when
  /// every allowed cache is in use or memory is short.
  package func withCache<T, E: Error>(forFrame frame: Int, _ body: (PNGBandCache?) throws(E) -> T) throws(E) -> T {
    let cache = take(before: frame)
    defer { if let cache { give(cache, frame: frame) } }
    return try body(cache)
  }

  /// Frees every idle cache (a finished sequence keeps no frames).
  package func removeAll() {
    state.withLock { $0.idle.removeAll() }
  }

  private func take(before frame: Int) -> PNGBandCache? {
    state.withLock { state -> PNGBandCache? in
      // Earlier frames first, the latest of them; else the earliest later one.
      func rank(_ kept: Int) -> (Int, Int) { kept < frame ? (1, kept) : (0, -kept) }
      if let best = state.idle.indices.max(by: { rank(state.idle[$0].frame) < rank(state.idle[$1].frame) }) {
        return state.idle.remove(at: best).cache
      }
      guard state.made < PNGBandCachePool.maximumCaches, let cache = PNGBandCache() else { return nil }
      state.made += 1
      return cache
    }
  }

  private func give(_ cache: PNGBandCache, frame: Int) {
    state.withLock {
      $0.idle.append((frame, cache))
      $0.reusedBands += cache.reusedBands
    }
  }
}
