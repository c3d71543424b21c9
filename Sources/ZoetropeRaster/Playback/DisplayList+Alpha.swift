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
  /// would hold. Bands follow the edge buckets (16 rows), so no edge is cut.
  ///
  /// `scratch` lends its cells (a frame's shadows play one list after
  /// another: the cells are zeroed once, not once a shadow).
  ///
  /// `opaque(y)` may name, for device row `y`, columns the caller knows to
  /// be opaque (a layer's opaque background, which nothing drawn over it can
  /// make less so): where a band's rows share such columns they are set to
  /// 255 and only the columns either side are played. `isCancelled` is
  /// asked before each band; once it returns true the rows not played stay
  /// transparent (the caller drops the image).
  package func alpha(in rect: DeviceRect, opaque: ((Int) -> Range<Int>?)? = nil, scratch raster: RasterScratch? = nil,
                     isCancelled: (() -> Bool)? = nil) -> AlphaImage {
    let area = rect.intersection(DeviceRect(width: width, height: height))
    // Every byte is written below (played, or known opaque); a cancelled
    // image is dropped by the caller.
    var bytes = [UInt8](unsafeUninitializedCapacity: area.width * area.height) { buffer, count in
      buffer.initialize(repeating: 0)
      count = buffer.count
    }
    guard !area.isEmpty else { return AlphaImage(rect: area, bytes: bytes) }
    let bandHeight = DisplayList.bandHeight
    let scratch = BandScratch(width: width, bandHeight: bandHeight, depth: groupDepth, runCount: runs.count,
                              samplesImages: !imagePaints.isEmpty, cells: raster?.cells(width: width))
    let band = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * width * bandHeight)
    defer { band.deallocate() }
    var top = area.y
    while top < area.maxY, isCancelled?() != true {
      let rows = top..<Swift.min((top / bandHeight + 1) * bandHeight, area.maxY)
      // The columns every row of the band knows to be opaque.
      var known = area.x..<area.maxX
      for row in rows {
        guard let columns = opaque?(row) else {
          known = area.x..<area.x
          break
        }
        known = known.clamped(to: columns)
      }
      if known.count < 32 { known = area.x..<area.x }
      // The columns either side of them, played at once (a shape across
      // both is rasterized once).
      let played = [area.x..<Swift.max(known.lowerBound, area.x), Swift.max(known.upperBound, area.x)..<area.maxX]
        .filter { !$0.isEmpty }
      if !played.isEmpty { play(rows: rows, into: band, scratch: scratch, columns: played) }
      for columns in played {
        bytes.withUnsafeMutableBufferPointer { bytes in
          for row in rows {
            let source = band + 4 * ((row - top) * width + columns.lowerBound) + 3
            let target = bytes.baseAddress! + (row - area.y) * area.width + (columns.lowerBound - area.x)
            for x in 0..<columns.count { target[x] = source[4 * x] }
          }
        }
      }
      if !known.isEmpty {
        bytes.withUnsafeMutableBufferPointer { bytes in
          for row in rows {
            (bytes.baseAddress! + (row - area.y) * area.width + known.lowerBound - area.x)
              .update(repeating: 255, count: known.count)
          }
        }
      }
      top = rows.upperBound
    }
    return AlphaImage(rect: area, bytes: bytes)
  }
}
