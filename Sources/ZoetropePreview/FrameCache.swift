// SPDX-License-Identifier: Apache-2.0
// Rendered frames kept for the next request of the same instant: playing back, scrubbing back and forth.

import Synchronization

/// PNG bytes by scene version, time and scale, at most
/// ``PreviewLimits/cachedFrames`` of them and ``PreviewLimits/cachedBytes``
/// in all; the least recently used go first, and a new version drops the old.
package final class FrameCache: Sendable {
  /// Which frame: the scene version and the exact bits of the time and scale.
  package struct Key: Hashable, Sendable {
    package var version: Int
    package var time: UInt64
    package var scale: UInt64
    package var kind: String

    /// The key of `kind` (`frame`, `inspect`, …) at `time` and `scale` in `version`.
    package init(version: Int, time: Double, scale: Double, kind: String) {
      self.version = version
      self.time = time.bitPattern
      self.scale = scale.bitPattern
      self.kind = kind
    }
  }

  private struct Storage {
    var entries: [Key: (bytes: [UInt8], use: Int)] = [:]
    var uses = 0
    var bytes = 0
  }

  private let storage = Mutex(Storage())

  package init() {}

  /// The bytes kept for `key`, marked as just used.
  package func bytes(for key: Key) -> [UInt8]? {
    storage.withLock { s in
      guard let entry = s.entries[key] else { return nil }
      s.uses += 1
      s.entries[key] = (entry.bytes, s.uses)
      return entry.bytes
    }
  }

  /// Keeps `bytes` for `key`, dropping other versions and the least recently used past the bounds.
  package func keep(_ bytes: [UInt8], for key: Key) {
    guard bytes.count <= PreviewLimits.cachedBytes / 4 else { return }
    storage.withLock { s in
      if s.entries.keys.contains(where: { $0.version != key.version }) {
        s.entries = s.entries.filter { $0.key.version == key.version }
        s.bytes = s.entries.values.reduce(0) { $0 + $1.bytes.count }
      }
      s.uses += 1
      if let old = s.entries[key] { s.bytes -= old.bytes.count }
      s.entries[key] = (bytes, s.uses)
      s.bytes += bytes.count
      while s.entries.count > PreviewLimits.cachedFrames || s.bytes > PreviewLimits.cachedBytes {
        guard let oldest = s.entries.min(by: { $0.value.use < $1.value.use }) else { break }
        s.entries[oldest.key] = nil
        s.bytes -= oldest.value.bytes.count
      }
    }
  }
}
