// SPDX-License-Identifier: Apache-2.0
// fillPixels: clear or flood a run of pixels with one value.

/// Stores one RGBA8 pixel value (`word`: R in the low byte, read as a
/// little-endian 32-bit word) into `count` pixels: a band's background, a
/// group buffer's transparent start. A copy, not a blend: what was there is
/// ignored. Vector stores through the standard library's fill (which lowers
/// to wide stores); byte-identical to ``fillPixelsScalar(_:count:word:)``.
@inlinable
package func fillPixels(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, word: UInt32) {
  guard count > 0 else { return }
  UnsafeMutableRawPointer(pixels).bindMemory(to: UInt32.self, capacity: count)
    .update(repeating: UInt32(littleEndian: word), count: count)
}

/// The scalar reference of ``fillPixels(_:count:word:)``.
@inlinable
package func fillPixelsScalar(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, word: UInt32) {
  for x in 0..<Swift.max(count, 0) {
    for byte in 0..<4 { pixels[4 * x + byte] = UInt8(truncatingIfNeeded: word >> (8 * UInt32(byte))) }
  }
}
