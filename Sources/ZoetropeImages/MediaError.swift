// SPDX-License-Identifier: Apache-2.0
// Why a media file could not be written or read.

/// Why an image, a video, a GIF or an image sequence could not be read or written.
public struct MediaError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file concerned.
  public var path: String
  /// What went wrong, in the library's words where it gave some.
  public var reason: String

  /// An error about `path`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}

extension MediaError {
  /// An error about `path` whose reason is the message a C shim wrote into
  /// `buffer` (NUL-terminated; a buffer without a NUL is read whole).
  package init(path: String, message buffer: [CChar]) {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    self.init(path: path, reason: String(decoding: bytes, as: UTF8.self))
  }
}
