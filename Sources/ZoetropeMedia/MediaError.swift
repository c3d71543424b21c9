// SPDX-License-Identifier: Apache-2.0
// Why a media file could not be written or read.

/// Why a video, GIF or image sequence could not be written or read.
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

/// A C string from a fixed-size message buffer.
func message(_ buffer: [CChar]) -> String {
  let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  return String(decoding: bytes, as: UTF8.self)
}
