// SPDX-License-Identifier: Apache-2.0
// Elementary functions from the C library, shared by the geometry code.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sine and cosine of `angle` radians, exact at multiples of a quarter turn so
/// that rotations by 90° produce exact matrices.
@inlinable func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
  let quarters = angle / (Double.pi / 2)
  if quarters == quarters.rounded(), Swift.abs(quarters) < 1e9 {
    switch ((Int(quarters) % 4) + 4) % 4 {
    case 0: return (0, 1)
    case 1: return (1, 0)
    case 2: return (0, -1)
    default: return (-1, 0)
    }
  }
  return (sin(angle), cos(angle))
}
