// SPDX-License-Identifier: Apache-2.0
// Paths' arc lengths kept across frames, bounded, shared by all threads.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ZoetropeGeometry

/// The ``Path/Measurement`` of every path trimmed lately, kept across frames:
/// a stroke drawn on by animating `strokeEnd` measures its path once per
/// clip instead of once per frame. Each path keeps its last trim too, so
/// that a partial stroke that holds still (a ring at 70 %) is cut once,
/// not in every frame that draws it.
///
/// Bounded by segments kept: when a path would take it past
/// ``maximumSegments`` the cache starts over, and a path of more than a
/// quarter of that is measured and not kept. The pixels never depend on
/// what is cached — a measurement is a pure function of its path, and a
/// kept one is the same values the path would measure again.
package final class MeasurementCache: @unchecked Sendable {
  /// The process's cache.
  package static let shared = MeasurementCache()

  /// A path as a key: hashed by a sampled ``PathDigest`` (a long path is
  /// not hashed whole on every lookup — that could cost more than measuring
  /// its lines), compared whole.
  private struct Key: Hashable {
    let path: Path
    let digest: UInt64

    init(path: Path) {
      self.path = path
      digest = PathDigest(sampling: path).value
    }

    static func == (a: Key, b: Key) -> Bool { a.digest == b.digest && a.path == b.path }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
  }
  /// A path's measurement and the trim last asked of it.
  private struct Entry {
    let measurement: Path.Measurement
    var trim: (start: Double, end: Double, path: Path)?
  }
  private struct Entries {
    var measurements: [Key: Entry] = [:]
    /// Segments of the paths and of their kept trims.
    var segments = 0
  }
  /// Guarded by `lock`.
  private var entries = Entries()
  /// A pthread mutex: ThreadSanitizer follows it, whereas
  /// `Synchronization.Mutex` locks in an uninstrumented library on Linux, so
  /// every access it guards looks unguarded (see scripts/sanitizers/thread.supp;
  /// this cache is shared by every rendering thread, so it is locked
  /// visibly rather than suppressed).
  private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()
  /// The most segments kept: 8 bytes of length each, and the key's path
  /// (usually the scene's own path, shared, not copied).
  package static let maximumSegments = 200_000

  package init() {}

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  private func withLock<T>(_ body: (inout Entries) -> T) -> T {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return body(&entries)
  }

  /// `path`'s measurement, measured now unless kept.
  package func measurement(of path: Path) -> Path.Measurement {
    measurement(of: Key(path: path))
  }

  private func measurement(of key: Key) -> Path.Measurement {
    if let known = withLock({ $0.measurements[key] }) { return known.measurement }
    let measured = Path.Measurement(key.path)
    let count = measured.segmentCount
    guard count <= MeasurementCache.maximumSegments / 4 else { return measured }
    withLock { cache in
      if cache.segments + count > MeasurementCache.maximumSegments { cache = Entries() }
      if cache.measurements[key] == nil {
        cache.measurements[key] = Entry(measurement: measured)
        cache.segments += count
      }
    }
    return measured
  }

  /// `path.trimmed(from: start, to: end)`, the same elements: the trim last
  /// asked of `path` when it is this one, else cut now from the path's
  /// measurement (kept or measured) and kept as the path's last trim.
  package func trimmed(_ path: Path, from start: Double, to end: Double) -> Path {
    let key = Key(path: path)
    if let kept = withLock({ $0.measurements[key]?.trim }), kept.start == start, kept.end == end { return kept.path }
    let trimmed = path.trimmed(from: start, to: end, measurement: measurement(of: key))
    let count = trimmed.elements.count
    guard count <= MeasurementCache.maximumSegments / 4 else { return trimmed }
    withLock { cache in
      // (Kept with its path only: a cache started over since keeps neither.)
      guard cache.measurements[key] != nil, cache.segments + count <= MeasurementCache.maximumSegments else { return }
      cache.segments += count - (cache.measurements[key]?.trim?.path.elements.count ?? 0)
      cache.measurements[key]?.trim = (start, end, trimmed)
    }
    return trimmed
  }

  /// How many paths are kept (for tests).
  package var count: Int { withLock { $0.measurements.count } }

  /// How many kept paths keep a trim (for tests).
  package var trimCount: Int { withLock { $0.measurements.values.count { $0.trim != nil } } }
}
