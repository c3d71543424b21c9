// SPDX-License-Identifier: Apache-2.0
// The files a chunked render reads besides the scene's own: the shared palette, the scene's bytes for its fingerprint.

import ZoetropeFiles
import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia

extension SharedGIFPalette {
  /// The largest palette file read: 1 MiB (one of 255 colours is about 4 KB).
  package static let maximumFileBytes = 1 << 20

  /// Reads the palette file at `path` (opened as every input is:
  /// `InputFile`); throws, naming `path`, when it cannot be read or is not a
  /// version-1 palette.
  package init(contentsOf path: String) throws(MediaError) {
    let bytes = try readInput(path, maximumBytes: SharedGIFPalette.maximumFileBytes, what: "palette files")
    try self.init(json: bytes, path: path)
  }
}

extension ClipPart {
  /// The fingerprint (``fingerprint(of:)``) of the scene file at `path`,
  /// read as scene files are (a pipe too, up to ``Limits/maximumSceneBytes``).
  package static func fingerprint(ofFile path: String) throws(MediaError) -> String {
    fingerprint(of: try readInput(path, maximumBytes: Limits.maximumSceneBytes, what: "scene files",
                                  accepting: .filesAndStreams))
  }
}

/// The bytes of `path` through `InputFile`, its failures as a ``MediaError`` naming `path`.
func readInput(_ path: String, maximumBytes: Int, what: String, accepting kinds: InputFile.Kinds = .regularFiles)
  throws(MediaError) -> [UInt8]
{
  do {
    return try InputFile.read(path, maximumBytes: maximumBytes, accepting: kinds)
  } catch {
    if case .tooLarge(let bytes) = error {
      throw MediaError(path: path, reason: "has \(bytes.map(String.init) ?? "more than \(maximumBytes)") bytes; "
        + "\(what) may have at most \(maximumBytes)")
    }
    throw MediaError(path: path, reason: error.reason)
  }
}
