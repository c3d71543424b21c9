// SPDX-License-Identifier: Apache-2.0
// multiplyCoverage: one coverage row times another (a clipped shape's bytes under its clip's).

/// `out[i] = div255(a[i] × b[i])` for `count` coverage bytes; with `a`
/// `nil`, `div255(constant × b[i])`. Sixteen bytes per step in 16-bit lanes
/// (255 × 255 fits), no branch per byte. Byte-identical to
/// ``multiplyCoverageScalar(_:_:_:constant:count:)``. Nothing happens for `count ≤ 0`.
@inlinable
package func multiplyCoverage(_ out: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>?,
                              _ b: UnsafePointer<UInt8>, constant: UInt8, count: Int) {
  typealias Bytes = SIMD16<UInt8>
  typealias Lanes = SIMD16<UInt16>
  let k = Lanes(repeating: UInt16(constant))
  var i = 0
  while i + 16 <= count {
    let x = a.map { Lanes(truncatingIfNeeded: UnsafeRawPointer($0 + i).loadUnaligned(as: Bytes.self)) } ?? k
    let y = Lanes(truncatingIfNeeded: UnsafeRawPointer(b + i).loadUnaligned(as: Bytes.self))
    UnsafeMutableRawPointer(out + i).storeBytes(of: Bytes(truncatingIfNeeded: div255(x &* y)), as: Bytes.self)
    i += 16
  }
  multiplyCoverageScalar(out + i, a.map { $0 + i }, b + i, constant: constant, count: count - i)
}

/// The scalar reference of ``multiplyCoverage(_:_:_:constant:count:)``.
@inlinable
package func multiplyCoverageScalar(_ out: UnsafeMutablePointer<UInt8>, _ a: UnsafePointer<UInt8>?,
                                    _ b: UnsafePointer<UInt8>, constant: UInt8, count: Int) {
  for i in 0..<Swift.max(count, 0) {
    out[i] = UInt8(truncatingIfNeeded: div255(UInt32(a?[i] ?? constant) * UInt32(b[i])))
  }
}
