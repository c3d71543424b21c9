// SPDX-License-Identifier: Apache-2.0
// Blurring the small image that a shape with a uniform middle reduces to, and stretching the result back.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ZoetropeRaster

/// How an image whose middle columns (or rows) are all the same is cut down
/// before it is blurred, and how the blur of the whole is read back from
/// the blur of the rest — the nine-patch of a blurred rounded rectangle,
/// for any image with a uniform middle:
///
///     image:  ▕ corner │ n identical columns │ corner ▏
///     kept:   ▕ corner │ 2r + 3 of them │ corner ▏            (r: the kernel's reach)
///
/// An output column whose kernel window lies wholly within the identical
/// columns sees the same values whatever column it is, so every such output
/// is the same: the blur of the kept image holds them all (three of them),
/// and every other output column is a column of the kept image's blur,
/// shifted by what was removed when it lies right of the cut. The values are
/// the ones the whole image gives — the same operations on the same inputs.
/// Coordinates are those of the image being blurred (coarse blocks, when
/// the blur runs on blocks).
struct BlurShrink {
  /// Where the identical columns start (absolute).
  let start: Int
  /// How many were removed (0: nothing was).
  let removed: Int
  /// The kernel's reach, in columns.
  let reach: Int

  /// The shrink of identical columns `stretch` (absolute) for a kernel of
  /// `reach`: nothing unless at least a few columns go.
  init(stretch: Range<Int>, reach: Int) {
    start = stretch.lowerBound
    self.reach = reach
    let count = stretch.count - (2 * reach + 3)
    removed = count >= 8 ? count : 0
  }

  /// The first column removed (absolute), past the kept part of the stretch.
  var cut: Int { start + 2 * reach + 3 }

  /// The output columns (absolute) that read only the kept middle: every
  /// one of them has the same value, the one of column `start + reach + 1`.
  var uniform: Range<Int> { removed == 0 ? start..<start : (start + reach + 1)..<(start + reach + 2 + removed) }

  /// The column of the kept image's blur that holds output column `c`.
  @inline(__always)
  func map(_ c: Int) -> Int {
    if removed == 0 || c <= start + reach { return c }
    if c >= start + reach + 2 + removed { return c - removed }
    return start + reach + 1
  }
}

extension AlphaImage {
  /// The longest stretch of columns around the middle across which every
  /// row is constant (absolute columns); empty when there is none. A row
  /// equal to the one above it is not scanned again.
  func uniformColumns() -> Range<Int> {
    let width = rect.width
    guard width > 2, rect.height > 0 else { return rect.x..<rect.x }
    let middle = width / 2
    var low = 0, high = width
    bytes.withUnsafeBufferPointer { bytes in
      for row in 0..<rect.height {
        let line = bytes.baseAddress! + row * width
        if row > 0, memcmp(line, line - width, width) == 0 { continue }
        let value = line[middle]
        var a = middle, b = middle + 1
        while a > low && line[a - 1] == value { a -= 1 }
        while b < high && line[b] == value { b += 1 }
        low = a
        high = b
        if high - low < 2 { break }
      }
    }
    return (rect.x + low)..<(rect.x + high)
  }

  /// The longest stretch of identical rows around the middle (absolute rows).
  func uniformRows() -> Range<Int> {
    let width = rect.width, height = rect.height
    guard height > 2, width > 0 else { return rect.y..<rect.y }
    let middle = height / 2
    var low = middle, high = middle + 1
    bytes.withUnsafeBufferPointer { bytes in
      let base = bytes.baseAddress! + middle * width
      func same(_ row: Int) -> Bool { memcmp(bytes.baseAddress! + row * width, base, width) == 0 }
      while low > 0 && same(low - 1) { low -= 1 }
      while high < height && same(high) { high += 1 }
    }
    return (rect.y + low)..<(rect.y + high)
  }

  /// The image without `columns` (absolute) and `rows` (each empty, or a
  /// block within the image); the pixels right of (below) a cut move left
  /// (up) by its size.
  func cut(columns: Range<Int>, rows: Range<Int>) -> AlphaImage {
    guard !columns.isEmpty || !rows.isEmpty else { return self }
    let width = rect.width - columns.count, height = rect.height - rows.count
    var out = [UInt8](repeating: 0, count: width * height)
    let cutColumn = columns.lowerBound - rect.x, cutRow = rows.lowerBound - rect.y
    bytes.withUnsafeBufferPointer { bytes in
      out.withUnsafeMutableBufferPointer { out in
        for row in 0..<height {
          let source = !rows.isEmpty && row >= cutRow ? row + rows.count : row
          let from = bytes.baseAddress! + source * rect.width, to = out.baseAddress! + row * width
          if columns.isEmpty {
            to.update(from: from, count: width)
          } else {
            to.update(from: from, count: cutColumn)
            (to + cutColumn).update(from: from + cutColumn + columns.count, count: width - cutColumn)
          }
        }
      }
    }
    return AlphaImage(rect: DeviceRect(x: rect.x, y: rect.y, width: width, height: height), bytes: out)
  }
}

extension GaussianBlur {
  /// The shrinks of `image`'s uniform columns and rows for a blur on
  /// `factor`-blocks whose kernels reach `reach` blocks, and the image
  /// without what they remove: whole blocks inside the uniform stretch, so
  /// that averaging the cut image gives the cut of the averaged one.
  static func shrunk(_ image: AlphaImage, factor f: Int, reach: (x: Int, y: Int))
    -> (AlphaImage, x: BlurShrink, y: BlurShrink)
  {
    let shift = f.trailingZeroBitCount
    // Blocks wholly inside a fine stretch: ⌈a / f⌉ ..< ⌊b / f⌋.
    func blocks(_ fine: Range<Int>) -> Range<Int> {
      let low = (fine.lowerBound + f - 1) >> shift, high = fine.upperBound >> shift
      return low..<Swift.max(low, high)
    }
    let x = BlurShrink(stretch: blocks(image.uniformColumns()), reach: reach.x)
    let y = BlurShrink(stretch: blocks(image.uniformRows()), reach: reach.y)
    let columns = x.removed > 0 ? (x.cut << shift)..<((x.cut + x.removed) << shift) : 0..<0
    let rows = y.removed > 0 ? (y.cut << shift)..<((y.cut + y.removed) << shift) : 0..<0
    return (image.cut(columns: columns, rows: rows), x, y)
  }
}
