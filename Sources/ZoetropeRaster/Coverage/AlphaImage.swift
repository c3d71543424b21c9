// SPDX-License-Identifier: Apache-2.0
// A rectangle of device pixels' alpha bytes: a layer's composited alpha, a shadow's shape.

/// A rectangle of device pixels, `x ..< x + width × y ..< y + height`.
package struct DeviceRect: Hashable, Sendable {
  package var x: Int, y: Int, width: Int, height: Int

  /// A rectangle; negative sizes count as empty.
  package init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = Swift.max(width, 0)
    self.height = Swift.max(height, 0)
  }

  /// Whether it holds no pixel.
  package var isEmpty: Bool { width == 0 || height == 0 }
  package var maxX: Int { x + width }
  package var maxY: Int { y + height }

  /// The pixels both hold.
  package func intersection(_ other: DeviceRect) -> DeviceRect {
    let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
    return DeviceRect(x: x0, y: y0, width: Swift.min(maxX, other.maxX) - x0, height: Swift.min(maxY, other.maxY) - y0)
  }

  /// Grown by `dx` columns left and right and `dy` rows above and below
  /// (saturating: the result's edges stay within ±2³⁰).
  package func grown(by dx: Int, _ dy: Int) -> DeviceRect {
    let limit = 1 << 30
    func clamp(_ v: Int) -> Int { Swift.min(Swift.max(v, -limit), limit) }
    let x0 = clamp(x - dx), y0 = clamp(y - dy)
    return DeviceRect(x: x0, y: y0, width: clamp(maxX + dx) - x0, height: clamp(maxY + dy) - y0)
  }

  /// The rectangle of a set of runs; empty for none.
  package init(_ runs: CoverageSpans) {
    var minX = Int.max, maxX = Int.min
    for span in runs.spans {
      minX = Swift.min(minX, Int(span.x))
      maxX = Swift.max(maxX, Int(span.x) + Int(span.count))
    }
    guard let first = runs.spans.first, let last = runs.spans.last, minX < maxX else {
      self.init(width: 0, height: 0)
      return
    }
    self.init(x: minX, y: Int(first.y), width: maxX - minX, height: Int(last.y) + 1 - Int(first.y))
  }
}

/// Alpha bytes over a rectangle of device pixels, rows top to bottom.
package struct AlphaImage: Sendable {
  /// Where the bytes lie.
  package var rect: DeviceRect
  /// `rect.width × rect.height` bytes, 0 (transparent) … 255 (opaque).
  package var bytes: [UInt8]

  /// An image of `bytes` over `rect`.
  package init(rect: DeviceRect, bytes: [UInt8]) {
    precondition(bytes.count == rect.width * rect.height, "an alpha image needs a byte per pixel")
    self.rect = rect
    self.bytes = bytes
  }

  /// The image of a set of runs over their own rectangle.
  package init(_ runs: CoverageSpans) {
    let rect = DeviceRect(runs)
    var bytes = [UInt8](repeating: 0, count: rect.width * rect.height)
    for span in runs.spans {
      let base = (Int(span.y) - rect.y) * rect.width + Int(span.x) - rect.x
      for i in 0..<Int(span.count) {
        bytes[base + i] = span.offset < 0 ? span.value : runs.coverage[Int(span.offset) + i]
      }
    }
    self.init(rect: rect, bytes: bytes)
  }
}

extension CoverageSpans {
  /// The runs of an alpha image, within `limit`: zero pixels are left out,
  /// stretches of 16 or more equal bytes become constant runs, the rest
  /// per-pixel runs.
  package init(_ image: AlphaImage, within limit: DeviceRect? = nil) {
    self.init()
    let area = limit.map { image.rect.intersection($0) } ?? image.rect
    guard !area.isEmpty else { return }
    let width = image.rect.width
    image.bytes.withUnsafeBufferPointer { bytes in
      for y in area.y..<area.maxY {
        let row = bytes.baseAddress! + (y - image.rect.y) * width + (area.x - image.rect.x)
        appendRow(row, count: area.width, y: y, x: area.x)
      }
    }
  }
}

extension CoverageSpans {
  /// Appends one row of coverage bytes at device row `y`, columns `x…`:
  /// zeros left out, stretches of 16 or more equal bytes as constant runs,
  /// the rest as per-pixel runs. Rows must be appended top to bottom.
  package mutating func appendRow(_ bytes: UnsafePointer<UInt8>, count: Int, y: Int, x: Int) {
    var i = 0
    var varying = -1  // where the pending per-pixel run starts, or −1
    while i < count {
      let value = bytes[i]
      var end = i + 1
      // Most pixels of a soft edge differ from the next: test that first.
      if end < count && bytes[end] == value {
        while end < count && bytes[end] == value { end += 1 }
      }
      if value == 0 || end - i >= 16 {
        if varying >= 0 { appendBytes(bytes + varying, count: i - varying, y: y, x: x + varying) }
        varying = -1
        if value != 0 { spans.append(Span(y: Int32(y), x: Int32(x + i), count: Int32(end - i), offset: -1, value: value)) }
      } else if varying < 0 {
        varying = i
      }
      i = end
    }
    if varying >= 0 { appendBytes(bytes + varying, count: count - varying, y: y, x: x + varying) }
  }

  /// Appends `count` bytes as one per-pixel run (nothing when empty).
  package mutating func appendBytes(_ bytes: UnsafePointer<UInt8>, count: Int, y: Int, x: Int) {
    guard count > 0 else { return }
    let offset = coverage.count
    // One byte (a rectangle's side, most soft edges' pixels) without the
    // generic copy's set-up.
    if count == 1 { coverage.append(bytes.pointee) } else {
      coverage.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
    spans.append(Span(y: Int32(y), x: Int32(x), count: Int32(count), offset: Int32(offset), value: 0))
  }
}
