// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing one PNG per frame, compressed on the rendering threads.

import ZoetropeImages
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes frame `i` as a PNG named by a `printf`-style pattern with one
/// integer field (`frames/%04d.png` → `frames/0000.png`, `frames/0001.png`,
/// …). Frames are compressed in ``process(_:index:)``, so PNG encoding runs on
/// every rendering thread; each is written into a staging folder beside the
/// frames (`frames/.zoetrope-<pid>-<n>.part/`), and ``finish()`` moves them
/// into place only once every frame is written and every name is free to
/// take: an existing frame is left untouched until the whole sequence has
/// succeeded, and put back if moving the new ones fails half-way. A
/// cancelled or failed render removes the staging folder with everything in
/// it, and the frames folder if this sink created it.
public final class PNGSequenceSink: OriginAwareFrameSink {
  /// The file name pattern.
  public let pattern: String
  private let prefix: Substring, suffix: Substring
  private let digits: Int
  private let compression: RGBAImage.PNGCompression
  /// The band caches of `fast` frames, or `nil` when every frame is compressed whole.
  private let bandCaches: PNGBandCachePool?
  /// How many bands of the frames written so far were copied from an
  /// earlier frame's file rather than compressed.
  package var reusedBands: Int { bandCaches?.reusedBands ?? 0 }
  private let written = PThreadLocked<Set<Int>>([])
  private let createdFolder: String?
  /// Where frames wait until ``finish()``, ending in `/`.
  private let staging: String
  /// Files the frames must never replace.
  private let inputs: [FileIdentity]
  private static let sinks = Atomic<Int>(0)

  /// A sequence named by `pattern`, which must hold exactly one `%d` or
  /// `%0Nd` field (N ≤ 32), in the file name (not in a folder's). The folder is
  /// created when missing. No frame may replace a file of `inputs` (compared
  /// by device and inode). With `fast` compression (the default) each
  /// frame's rows are compressed in bands of 16 (more when narrower than 512
  /// pixels), each on its own (files a few per cent larger than one stream);
  /// with `reusesUnchangedBands` too (the default) a band whose pixels equal
  /// the same band of an earlier frame is copied from that frame's file
  /// instead of compressed again — the same bytes either way. Each thread
  /// keeps the last frame it wrote (at most 64 MiB of pixels, at most eight
  /// frames) until the sequence finishes or is cancelled.
  public init(pattern: String, compression: RGBAImage.PNGCompression = .fast,
              reusesUnchangedBands: Bool = true, protecting inputs: [String] = []) throws(MediaError) {
    guard let (prefix, digits, suffix) = PNGSequenceSink.parse(pattern) else {
      throw MediaError(path: pattern, reason: "a PNG sequence needs one %d or %0Nd field (N ≤ 32) in its name, "
        + "e.g. frames/%04d.png")
    }
    guard !suffix.contains("/") else {
      throw MediaError(path: pattern, reason: "the frame number must be in the file name, not in a folder's")
    }
    self.pattern = pattern
    self.prefix = prefix
    self.suffix = suffix
    self.digits = digits
    self.compression = compression
    bandCaches = compression == .fast && reusesUnchangedBands ? PNGBandCachePool() : nil
    self.inputs = inputs.compactMap(AtomicOutput.identity(of:))
    // The folder part of the pattern.
    let folder = prefix.lastIndex(of: "/").map { String(prefix[...$0]) } ?? ""
    var created: String?
    if !folder.isEmpty, access(folder, F_OK) != 0 {
      if mkdir(folder, 0o755) == 0 {
        created = folder
      } else if errno != EEXIST {
        // EEXIST: another render (a chunk of the same clip) made it meanwhile.
        throw MediaError(path: folder, reason: String(cString: strerror(errno)))
      }
    }
    createdFolder = created
    let number = PNGSequenceSink.sinks.wrappingAdd(1, ordering: .relaxed).oldValue
    staging = folder + ".zoetrope-\(getpid())-\(number).part/"
    guard mkdir(staging, 0o700) == 0 else {
      let reason = String(cString: strerror(errno))
      if let created { rmdir(created) }
      throw MediaError(path: folder.isEmpty ? "." : folder, reason: "cannot make a staging folder: \(reason)")
    }
  }

  /// The prefix, zero-padding width and suffix of a pattern with one integer field.
  static func parse(_ pattern: String) -> (Substring, Int, Substring)? {
    guard let percent = pattern.firstIndex(of: "%") else { return nil }
    var i = pattern.index(after: percent)
    var width = ""
    while i < pattern.endIndex, pattern[i].isNumber { width.append(pattern[i]); i = pattern.index(after: i) }
    guard i < pattern.endIndex, pattern[i] == "d" else { return nil }
    let suffix = pattern[pattern.index(after: i)...]
    // Zero-padding up to 32 digits (a width of a billion would make every name a gigabyte).
    guard !suffix.contains("%"), let digits = width.isEmpty ? 0 : Int(width), digits <= 32 else { return nil }
    return (pattern[..<percent], digits, suffix)
  }

  /// The file name of frame `index`.
  public func path(ofFrame index: Int) -> String {
    let number = String(index)
    return prefix + String(repeating: "0", count: Swift.max(0, digits - number.count)) + number + suffix
  }

  /// Where frame `index` waits in the staging folder.
  private func stagedPath(ofFrame index: Int) -> String {
    let path = path(ofFrame: index)
    return staging + (path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path)
  }

  /// Compresses and writes frame `index` into the staging folder (any thread).
  /// A frame that fails leaves nothing behind.
  public func process(_ frame: RGBAImage, index: Int) throws(MediaError) {
    try process(frame, index: index, origin: nil)
  }

  /// ``process(_:index:)``; with the frame's `origin`, the bands its
  /// renderer drew as it drew the frame a band cache keeps are not compared.
  package func process(_ frame: RGBAImage, index: Int, origin: (any FrameOrigin)?) throws(MediaError) {
    let staged = stagedPath(ofFrame: index)
    do {
      if compression != .fast {
        try frame.writePNGDirectly(to: staged, compression: compression)
      } else if let bandCaches {
        try bandCaches.withCache(forFrame: index) { (cache) throws(MediaError) in
          try frame.writeBandedPNG(to: staged, reusing: cache, origin: origin)
        }
      } else {
        try frame.writeBandedPNG(to: staged, reusing: nil)
      }
    } catch {
      unlink(staged)
      throw MediaError(path: path(ofFrame: index), reason: error.reason)
    }
    written.withLock { _ = $0.insert(index) }
  }

  /// Moves every frame into place once all their names are checked: a name
  /// held by something other than a regular file, or by one of the inputs,
  /// fails the whole sequence before any frame moves. Existing frames are
  /// kept aside (hard-linked, or moved, into the staging folder) until every
  /// new frame is in place, and restored if a move fails.
  public func finish() throws(MediaError) {
    let indices = written.withLock { $0.sorted() }
    do throws(MediaError) {
      for index in indices {
        let target = path(ofFrame: index)
        try AtomicOutput.checkReplaceable(target)
        if let identity = AtomicOutput.identity(of: target), inputs.contains(identity) {
          throw MediaError(path: target, reason: "is one of the inputs; writing there would destroy it")
        }
      }
    } catch {
      cancel()
      throw error
    }
    var placed: [(target: String, backup: String?)] = []
    for index in indices {
      let target = path(ofFrame: index)
      var backup: String? = staging + ".previous-\(index)"
      if access(target, F_OK) != 0 {
        backup = nil
      } else if link(target, backup!) != 0 && rename(target, backup!) != 0 {
        backup = nil
      }
      guard rename(stagedPath(ofFrame: index), target) == 0 else {
        let reason = String(cString: strerror(errno))
        // Put back what was there: the frames moved so far, then this one.
        for (done, previous) in (placed + [(target, backup)]).reversed() {
          if let previous { rename(previous, done) } else if done != target { unlink(done) }
        }
        cancel()
        throw MediaError(path: target, reason: reason)
      }
      placed.append((target, backup))
    }
    written.withLock { $0.removeAll() }
    bandCaches?.removeAll()
    removeStaging()
  }

  /// Removes the staging folder with everything in it, and the frames folder
  /// if this sink created it (and it is empty).
  public func cancel() {
    written.withLock { $0.removeAll() }
    bandCaches?.removeAll()
    removeStaging()
    if let createdFolder { rmdir(createdFolder) }
  }

  private func removeStaging() {
    if let folder = opendir(staging) {
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { unlink(staging + name) }
      }
      closedir(folder)
    }
    rmdir(staging)
  }
}
