// SPDX-License-Identifier: Apache-2.0
// Reading structured values (numbers, choices) out of a fuzzer's bytes.

/// A cursor over the fuzzer's bytes that hands out numbers and choices; past
/// the end every read gives zero. Numbers come in several encodings picked by
/// a tag byte, so that the fuzzer reaches small coordinates, raw doubles and
/// the special values (NaN, ±∞, ±0, huge, tiny) alike.
struct FuzzBytes {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  var isAtEnd: Bool { index >= bytes.count }

  /// The next byte (0 past the end).
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A choice among `count` options (0 when `count` ≤ 1).
  mutating func choice(_ count: Int) -> Int { count > 1 ? Int(byte()) % count : 0 }

  /// The next `count` bytes as an unsigned integer, little end first.
  mutating func integer(bytes count: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<count { value |= UInt64(byte()) << (8 * UInt64(i)) }
    return value
  }

  static let specials: [Double] = [
    0, -0.0, .nan, .infinity, -.infinity, 1e300, -1e300, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    1e6, -1e6, 1e9, 1e15, 0.5, 1, 2, 64, 65,
  ]

  /// A number: a small coordinate (most often), a fixed-point one, a raw
  /// `Float` or `Double`, or a special value.
  mutating func number() -> Double {
    switch byte() % 8 {
    case 0, 1, 2: return Double(Int(byte()) - 64) / 2
    case 3, 4: return Double(Int16(truncatingIfNeeded: integer(bytes: 2))) / 64
    case 5: return Double(Float(bitPattern: UInt32(integer(bytes: 4))))
    case 6: return Double(bitPattern: integer(bytes: 8))
    default: return FuzzBytes.specials[choice(FuzzBytes.specials.count)]
    }
  }
}
