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
/// clip instead of once per frame.
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
  private struct Entries {
    var measurements: [Key: Path.Measurement] = [:]
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
    let key = Key(path: path)
    if let known = withLock({ $0.measurements[key] }) { return known }
    let measured = Path.Measurement(path)
    let count = measured.segmentCount
    guard count <= MeasurementCache.maximumSegments / 4 else { return measured }
    withLock { cache in
      if cache.segments + count > MeasurementCache.maximumSegments { cache = Entries() }
      if cache.measurements.updateValue(measured, forKey: key) == nil { cache.segments += count }
    }
    return measured
  }

  /// How many paths are kept (for tests).
  package var count: Int { withLock { $0.measurements.count } }
}
