// SPDX-License-Identifier: Apache-2.0
// Playing a display list for its alpha alone: the composited alpha of a layer, for shadows and deep masks.

extension DisplayList {
  /// The device pixels the recorded drawing touches (empty when it draws nothing).
  package var contentRect: DeviceRect {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    let rects = runs.map { DeviceRect($0) } + rectangles.map(\.pixels)
      + edgeLists.map { DeviceRect(x: $0.originX, y: $0.rows.lowerBound, width: $0.width, height: $0.rows.count) }
    for r in rects where !r.isEmpty {
      minX = Swift.min(minX, r.x); minY = Swift.min(minY, r.y)
      maxX = Swift.max(maxX, r.maxX); maxY = Swift.max(maxY, r.maxY)
    }
    guard minX < maxX, minY < maxY else { return DeviceRect(width: 0, height: 0) }
    return DeviceRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The alpha of the drawing over `rect` (within the list's pixels), played
  /// band by band on one thread: the same bytes the frame's alpha channel
  /// would hold. Every run must lie within `rect`'s columns (as within
  /// ``contentRect``): only those are cleared. `isCancelled` is asked before
  /// each band; once it returns true the rows not played stay transparent
  /// (the caller drops the image).
  package func alpha(in rect: DeviceRect, isCancelled: (() -> Bool)? = nil) -> AlphaImage {
    let area = rect.intersection(DeviceRect(width: width, height: height))
    var bytes = [UInt8](repeating: 0, count: area.width * area.height)
    guard !area.isEmpty else { return AlphaImage(rect: area, bytes: bytes) }
    let bandHeight = DisplayList.bandHeight
    let scratch = BandScratch(width: width, bandHeight: bandHeight, depth: groupDepth, runCount: runs.count,
                              samplesImages: !imagePaints.isEmpty)
    let band = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width * bandHeight)
    defer { band.deallocate() }
    var top = area.y
    while top < area.maxY, isCancelled?() != true {
      let rows = top..<Swift.min(top + bandHeight, area.maxY)
      play(rows: rows, into: band, scratch: scratch, columns: area.x..<area.maxX)
      bytes.withUnsafeMutableBufferPointer { bytes in
        for row in rows {
          let source = band + 4 * ((row - top) * width + area.x) + 3
          let target = bytes.baseAddress! + (row - area.y) * area.width
          for x in 0..<area.width { target[x] = source[4 * x] }
        }
      }
      top = rows.upperBound
    }
    return AlphaImage(rect: area, bytes: bytes)
  }
}
