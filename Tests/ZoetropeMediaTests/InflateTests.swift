// SPDX-License-Identifier: Apache-2.0
// The bounded inflate of zip entries: exactly the declared size, or a reason.

import CZoetropeMedia
import Testing

@Suite struct InflateTests {
  /// A raw deflate stream of one stored block (BFINAL, BTYPE 00, LEN, NLEN,
  /// the bytes), written by hand so that no deflater is trusted.
  static let hello: [UInt8] = [0x01, 5, 0, 0xFA, 0xFF] + Array("hello".utf8)

  /// The inflated bytes, or the message.
  static func inflate(_ input: [UInt8], room: Int) -> Result<[UInt8], InflateFailure> {
    var output = [UInt8](repeating: 0, count: room)
    var message = [CChar](repeating: 0, count: 256)
    let status = output.withUnsafeMutableBufferPointer { out in
      zt_inflate_raw(input, input.count, out.baseAddress, room, &message, message.count)
    }
    guard status == 0 else {
      return .failure(InflateFailure(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                     as: UTF8.self)))
    }
    return .success(output)
  }

  struct InflateFailure: Error, Equatable { var message: String }

  @Test func aStreamOfExactlyTheDeclaredSizeInflates() {
    #expect(InflateTests.inflate(InflateTests.hello, room: 5) == .success(Array("hello".utf8)))
  }

  @Test func aStreamLongerThanDeclaredStopsAtTheRoom() {
    #expect(InflateTests.inflate(InflateTests.hello, room: 4)
      == .failure(InflateFailure(message: "the data inflates to more than its declared 4 bytes")))
  }

  @Test func aStreamShorterThanDeclaredIsRefused() {
    #expect(InflateTests.inflate(InflateTests.hello, room: 6)
      == .failure(InflateFailure(message: "the data inflates to 5 bytes, not its declared 6")))
  }

  @Test func aTruncatedStreamIsRefused() {
    #expect(InflateTests.inflate(Array(InflateTests.hello.dropLast(2)), room: 5)
      == .failure(InflateFailure(message: "the data ends before its deflate stream does")))
  }

  @Test func anInvalidBlockTypeIsRefusedInZlibsWords() {
    #expect(InflateTests.inflate([0x07, 0, 0], room: 5)
      == .failure(InflateFailure(message: "the data is not a valid deflate stream (invalid block type)")))
  }

  @Test func theChecksumIsZipsCRC32() {
    // The CRC-32 check value of "123456789" (ISO-HDLC).
    #expect(zt_crc32(Array("123456789".utf8), 9) == 0xCBF4_3926)
  }
}
