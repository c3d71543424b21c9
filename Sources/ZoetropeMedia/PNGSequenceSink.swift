// SPDX-License-Identifier: Apache-2.0
// A FrameSink writing one PNG per frame, compressed on the rendering threads.

import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes frame `i` as a PNG named by a `printf`-style pattern with one
/// integer field (`frames/%04d.png` → `frames/0000.png`, `frames/0001.png`,
/// …). Frames are compressed in ``process(_:index:)``, so PNG encoding runs on
/// every rendering thread; each goes to a temporary name, and ``finish()``
/// renames them all. A cancelled or failed render removes every file it wrote
/// and a folder it created.
public final class PNGSequenceSink: FrameSink {
  /// The file name pattern.
  public let pattern: String
  private let prefix: Substring, suffix: Substring
  private let digits: Int
  private let compression: RGBAImage.PNGCompression
  private let written = Mutex<Set<Int>>([])
  private let createdFolder: String?

  /// A sequence named by `pattern`, which must hold exactly one `%d` or
  /// `%0Nd` field. The folder is created when missing.
  public init(pattern: String, compression: RGBAImage.PNGCompression = .fast) throws(MediaError) {
    guard let (prefix, digits, suffix) = PNGSequenceSink.parse(pattern) else {
      throw MediaError(path: pattern, reason: "a PNG sequence needs one %d or %0Nd field in its name, e.g. frames/%04d.png")
    }
    self.pattern = pattern
    self.prefix = prefix
    self.suffix = suffix
    self.digits = digits
    self.compression = compression
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
  }

  /// The prefix, zero-padding width and suffix of a pattern with one integer field.
  static func parse(_ pattern: String) -> (Substring, Int, Substring)? {
    guard let percent = pattern.firstIndex(of: "%") else { return nil }
    var i = pattern.index(after: percent)
    var width = ""
    while i < pattern.endIndex, pattern[i].isNumber { width.append(pattern[i]); i = pattern.index(after: i) }
    guard i < pattern.endIndex, pattern[i] == "d" else { return nil }
    let suffix = pattern[pattern.index(after: i)...]
    guard !suffix.contains("%"), width.isEmpty || width.first == "0" || width.count >= 1 else { return nil }
    return (pattern[..<percent], Int(width) ?? 0, suffix)
  }

  /// The file name of frame `index`.
  public func path(ofFrame index: Int) -> String {
    let number = String(index)
    return prefix + String(repeating: "0", count: Swift.max(0, digits - number.count)) + number + suffix
  }

  /// Compresses and writes frame `index` under a temporary name (any thread).
  public func process(_ frame: RGBAImage, index: Int) throws(MediaError) {
    let output = AtomicOutput(path: path(ofFrame: index))
    do {
      try frame.writePNGDirectly(to: output.temporaryPath, compression: compression)
    } catch {
      throw MediaError(path: output.path, reason: error.reason)
    }
    written.withLock { _ = $0.insert(index) }
  }

  /// Renames every frame into place; on a failure, removes them all.
  public func finish() throws(MediaError) {
    let indices = written.withLock { $0.sorted() }
    for index in indices {
      do {
        try AtomicOutput(path: path(ofFrame: index)).commit()
      } catch {
        cancel()
        throw error
      }
    }
    written.withLock { $0.removeAll() }
  }

  /// Removes every frame written and the folder if this sink created it.
  public func cancel() {
    let indices = written.withLock { set in
      defer { set.removeAll() }
      return set.sorted()
    }
    for index in indices { AtomicOutput(path: path(ofFrame: index)).discard() }
    if let createdFolder { rmdir(createdFolder) }
  }
}
