// SPDX-License-Identifier: Apache-2.0
// Where a clip's frames go: one small protocol over PNG sequences, video and GIF.

import ZoetropeImages

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The end of a render pipeline. A render calls, in this order:
///
/// 1. ``observe(_:index:)`` for every frame, in order, when
///    ``needsFirstPass`` (a GIF chooses its palette from the whole clip);
/// 2. ``process(_:index:)`` for every frame on the rendering threads, in any
///    order and concurrently (a PNG sequence compresses and writes here);
/// 3. ``consume(_:index:)`` for every frame, in order, on one thread (an
///    encoder that needs frames in sequence works here);
/// 4. ``finish()``, which puts the output in place — or ``cancel()`` at any
///    point, which removes everything written so far.
///
/// Until `finish` succeeds, nothing exists under the requested name, and an
/// existing file there is left alone.
public protocol FrameSink: AnyObject, Sendable {
  /// Whether every frame must be seen once before any is written.
  var needsFirstPass: Bool { get }
  /// The first pass over frame `index`.
  func observe(_ frame: RGBAImage, index: Int) throws(MediaError)
  /// Per-frame work that may run on any thread; must be thread-safe.
  func process(_ frame: RGBAImage, index: Int) throws(MediaError)
  /// Frame `index`, in order.
  func consume(_ frame: RGBAImage, index: Int) throws(MediaError)
  /// Completes the output and moves it under its name.
  func finish() throws(MediaError)
  /// Abandons the output, deleting what was written.
  func cancel()
}

extension FrameSink {
  /// No first pass unless a sink asks for one.
  public var needsFirstPass: Bool { false }
  /// Ignores the frame.
  public func observe(_ frame: RGBAImage, index: Int) throws(MediaError) {}
  /// Does nothing: the frame goes on to ``consume(_:index:)``.
  public func process(_ frame: RGBAImage, index: Int) throws(MediaError) {}
  /// Ignores the frame (for sinks that did their work in ``process(_:index:)``).
  public func consume(_ frame: RGBAImage, index: Int) throws(MediaError) {}
}

/// A file written under a temporary name beside its target and renamed into
/// place when complete.
package struct AtomicOutput: Sendable {
  /// The requested name.
  package let path: String
  /// Where the bytes go until then: `.<name>.<pid>.part` in the same folder
  /// (so the rename never crosses file systems).
  package let temporaryPath: String

  /// An output for `path`.
  package init(path: String) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    temporaryPath = folder + "." + name + ".\(getpid()).part"
  }

  /// Moves the temporary file under the requested name; refuses (deleting
  /// the temporary file) when something other than a regular file is there
  /// (see ``checkReplaceable(_:)``).
  package func commit() throws(MediaError) {
    do {
      try AtomicOutput.checkReplaceable(path)
    } catch {
      unlink(temporaryPath)
      throw error
    }
    guard rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw MediaError(path: path, reason: reason)
    }
  }

  /// Deletes the temporary file.
  package func discard() { unlink(temporaryPath) }

  /// Completes the output: `result` says how closing the temporary file went.
  /// On a failure the temporary file is deleted and the error, about the
  /// requested name, thrown; on success the file is renamed into place.
  package func complete(_ result: Result<Void, MediaError>) throws(MediaError) {
    if case .failure(let error) = result {
      discard()
      throw MediaError(path: path, reason: error.reason)
    }
    try commit()
  }
}
