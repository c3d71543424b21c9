// SPDX-License-Identifier: Apache-2.0
// Blurs of shapes a frame has already blurred elsewhere: the same runs, moved.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ZoetropeRaster

/// The blurs of one frame's shadows, kept so that a shape blurred again —
/// a list of identical cards, a grid of buttons — costs a comparison and a
/// copy of its runs instead of a blur.
///
/// A blur is translation-invariant when the blocks it runs on move with the
/// image (it moved by whole blocks), the hidden columns and the output
/// rectangle sit in the same place relative to it, and the pixels and σ are
/// the same: then the runs of the earlier blur, moved, are exactly the runs
/// this one would give. Not thread-safe: one per frame being recorded, or
/// one per rendering thread kept across a clip's frames (``startFrame()``).
package final class BlurCache {
  struct Entry {
    let image: AlphaImage
    let sigmaX: Double, sigmaY: Double
    /// The output rectangle and hidden columns relative to the image's origin.
    let out: DeviceRect
    let hidden: [Range<Int>?]
    let runs: CoverageSpans
    /// The last frame that used it.
    var frame: Int
    /// Other images' bytes found equal to the image's (held, so that no
    /// other array takes their storage): a still layer's kept shape, the
    /// same as another layer's, is then found equal by its storage alone,
    /// frame after frame, not compared byte for byte (sixteen identical
    /// rows compared fifteen of their shapes every frame). At most
    /// ``BlurCache/maximumAliases``, the latest, counted in ``byteCount``
    /// (they may outlive their owners, the shadow shapes kept).
    var aliases: [[UInt8]] = []

    /// The bytes it holds: the image's and its aliases', the hidden columns' and the runs'.
    var byteCount: Int {
      image.bytes.count * (1 + aliases.count) + hidden.count * MemoryLayout<Range<Int>?>.stride
        + runs.spans.count * MemoryLayout<CoverageSpans.Span>.stride + runs.coverage.count
    }
  }

  private var entries: [Entry] = []
  /// What ``entries`` hold, in bytes (``Entry/byteCount``).
  private var bytes = 0
  /// The frame being recorded (counted by ``startFrame()``).
  private var frame = 0
  /// Blurs kept at most.
  let capacity: Int
  /// Bytes kept at most (``Entry/byteCount``); a blur larger than this is not kept.
  let byteCapacity: Int

  /// An empty cache keeping at most `capacity` blurs and `byteCapacity`
  /// bytes. The defaults hold more than the distinct shadows of a UI-sized
  /// frame (a grid of cards casts a few, one per column's phase on the
  /// blur's blocks) and a dozen shadows of full-frame layers at 1080p; a
  /// clip's cache (``RecordingCache``) keeps a quarter of its coverage's
  /// bytes (16 MiB on one thread: about sixty cards' shadows at 1080p).
  package init(capacity: Int = 256, byteCapacity: Int = 64 << 20) {
    (self.capacity, self.byteCapacity) = (capacity, byteCapacity)
  }

  /// How many blurs are kept.
  var count: Int { entries.count }
  /// How many images' bytes the kept blurs hold as found equal (for tests).
  var aliasCount: Int { entries.reduce(0) { $0 + $1.aliases.count } }

  /// Starts the next frame of a clip: the blurs the frame before used stay
  /// (a card that did not change keeps its shadow without a blur), the rest go.
  package func startFrame() {
    frame += 1
    entries.removeAll { $0.frame < frame - 1 }
    bytes = entries.reduce(0) { $0 + $1.byteCount }
  }

  /// The runs of a blur equal to this one, moved onto it; `nil` when none was kept.
  func runs(for image: AlphaImage, sigmaX: Double, sigmaY: Double, factor: Int, out: DeviceRect,
            hidden: [Range<Int>?]) -> CoverageSpans? {
    for (index, entry) in entries.enumerated().reversed() {
      let dx = image.rect.x - entry.image.rect.x, dy = image.rect.y - entry.image.rect.y
      guard entry.sigmaX == sigmaX, entry.sigmaY == sigmaY, dx % factor == 0, dy % factor == 0,
        entry.image.rect.width == image.rect.width, entry.image.rect.height == image.rect.height,
        entry.out == BlurCache.relative(out, to: image.rect), entry.hidden == hidden,
        holds(index, image.bytes)
      else { continue }
      entries[index].frame = frame
      return entry.runs.moved(dx: dx, dy: dy)
    }
    return nil
  }

  /// Keeps `runs`, the blur of `image` over `out` with `hidden` (relative
  /// to the image's origin) columns left out.
  ///
  /// When the cache is full it makes room from the blurs this frame has not
  /// used (yet), the longest unused first, and never from those it has: a
  /// frame with more distinct blurs than fit keeps the first ones for the
  /// next frame, where dropping the oldest would drop, blur after blur, the
  /// one the next frame needs next and keep none (the shadows of a clip's
  /// still layers recur in the same order every frame). With no room to
  /// make, the blur is not kept.
  func keep(_ runs: CoverageSpans, image: AlphaImage, sigmaX: Double, sigmaY: Double, out: DeviceRect,
            hidden: [Range<Int>?]) {
    let entry = Entry(image: image, sigmaX: sigmaX, sigmaY: sigmaY, out: BlurCache.relative(out, to: image.rect),
                      hidden: hidden, runs: runs, frame: frame)
    let size = entry.byteCount
    guard size <= byteCapacity else { return }
    while entries.count >= capacity || bytes + size > byteCapacity {
      guard let unused = entries.indices.filter({ entries[$0].frame < frame }).min(by: {
        entries[$0].frame < entries[$1].frame
      }) else { return }
      bytes -= entries[unused].byteCount
      entries.remove(at: unused)
    }
    entries.append(entry)
    bytes += size
  }

  /// Images' bytes found equal kept at most per blur (``Entry/aliases``).
  static let maximumAliases = 16

  /// Whether two byte arrays hold the same bytes (one `memcmp`, none for
  /// the same storage: a still layer's shape kept from the frame before).
  static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count && a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        a.count == 0 || a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
      }
    }
  }

  /// Whether two byte arrays share their storage (both empty counts).
  static func sameStorage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
  }

  static func relative(_ rect: DeviceRect, to origin: DeviceRect) -> DeviceRect {
    DeviceRect(x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height)
  }
}

extension GaussianBlur {
  /// ``blur(_:sigmaX:sigmaY:over:hidden:)``, or the runs `cache` kept of the
  /// same blur elsewhere in the frame, moved: the same bytes either way.
  package static func blur(_ image: AlphaImage, sigmaX: Double, sigmaY: Double, over target: DeviceRect,
                           hidden: ((Int) -> Range<Int>?)?, cache: BlurCache?) -> CoverageSpans {
    guard let cache, radius(sigma: sigmaX) > 0 || radius(sigma: sigmaY) > 0 else {
      return blur(image, sigmaX: sigmaX, sigmaY: sigmaY, over: target, hidden: hidden)
    }
    let out = image.rect.grown(by: radius(sigma: sigmaX), radius(sigma: sigmaY)).intersection(target)
    let relativeHidden = (out.y..<out.maxY).map { y in
      hidden?(y).map { ($0.lowerBound - image.rect.x)..<($0.upperBound - image.rect.x) }
    }
    let factor = decimation(sigma: Swift.min(sigmaX, sigmaY))
    if let runs = cache.runs(for: image, sigmaX: sigmaX, sigmaY: sigmaY, factor: factor, out: out,
                             hidden: relativeHidden) {
      return runs
    }
    let runs = blur(image, sigmaX: sigmaX, sigmaY: sigmaY, over: target, hidden: hidden)
    cache.keep(runs, image: image, sigmaX: sigmaX, sigmaY: sigmaY, out: out, hidden: relativeHidden)
    return runs
  }
}

extension BlurCache {
  /// Whether entry `index`'s image holds `other`'s bytes: its own storage or an
  /// alias's, else compared byte for byte — and then kept as an alias, in
  /// place of the oldest past ``maximumAliases``, when the cache's bytes allow.
  private func holds(_ index: Int, _ other: [UInt8]) -> Bool {
    let image = entries[index].image.bytes
    guard image.count == other.count else { return false }
    if BlurCache.sameStorage(image, other)
      || entries[index].aliases.contains(where: { BlurCache.sameStorage($0, other) })
    {
      return true
    }
    guard BlurCache.same(image, other) else { return false }
    if entries[index].aliases.count == BlurCache.maximumAliases {
      entries[index].aliases.removeFirst()
      bytes -= image.count
    }
    if bytes + image.count <= byteCapacity {
      entries[index].aliases.append(other)
      bytes += image.count
    }
    return true
  }
}
