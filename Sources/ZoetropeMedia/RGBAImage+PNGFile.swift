// SPDX-License-Identifier: Apache-2.0
// Writing an image as a PNG file: under a temporary name, renamed into place when complete.

import CZoetropeMedia
import ZoetropeImages

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RGBAImage {
  /// Writes the image as an 8-bit RGBA PNG. The bytes depend only on the pixels
  /// and the compression (no time stamps). The file is written under a
  /// temporary name beside `path` and renamed into place on success, so a
  /// failure never leaves a half-written file under `path`. Something other
  /// than a regular file at `path` (a device, a FIFO, a link, a folder) is
  /// refused before anything is written.
  public func writePNG(to path: String, compression: PNGCompression = .fast) throws(MediaError) {
    try AtomicOutput.checkReplaceable(path)
    let output = AtomicOutput(path: path)
    do {
      try writePNGDirectly(to: output.temporaryPath, compression: compression)
    } catch {
      output.discard()
      throw MediaError(path: path, reason: error.reason)
    }
    try output.commit()
  }

  /// Writes the PNG straight to `path` (no temporary name; a failure may
  /// leave a partial file there).
  public func writePNGDirectly(to path: String, compression: PNGCompression = .fast) throws(MediaError) {
    let candidates = compression.candidates
    guard candidates.count == 1 else {
      // Several encodings: the smallest, encoded in memory, then written out.
      let bytes: [UInt8]
      do {
        bytes = try pngData(compression: compression)
      } catch {
        throw MediaError(path: path, reason: error.reason)
      }
      return try writeBytes(bytes, to: path)
    }
    var buffer = [CChar](repeating: 0, count: 512)
    let status = pixels.withUnsafeBufferPointer { pixels in
      zt_png_write_rgba(path, pixels.baseAddress, UInt32(width), UInt32(height), candidates[0].level,
                        candidates[0].filters, &buffer, buffer.count)
    }
    guard status == 0 else { throw MediaError(path: path, message: buffer) }
  }

  /// Writes `bytes` to a new or truncated file at `path`.
  private func writeBytes(_ bytes: [UInt8], to path: String) throws(MediaError) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let reason = count == 0 ? "the file took no more bytes" : String(cString: strerror(errno))
        close(file)
        throw MediaError(path: path, reason: reason)
      }
      written += count
    }
    // A full disk or quota can show only when the file is closed.
    guard close(file) == 0 else { throw MediaError(path: path, reason: String(cString: strerror(errno))) }
  }
}
