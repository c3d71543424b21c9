// SPDX-License-Identifier: Apache-2.0
// Per-thread memory for playing bands.

/// Per-thread memory for playing bands: a buffer per group level and the
/// rows a paint is computed into. Runs never exceed the frame width.
final class BandScratch {
  private let groups: [UnsafeMutablePointer<UInt8>]
  /// One row of premultiplied source pixels.
  let source: UnsafeMutablePointer<UInt8>
  /// One row of coverage bytes.
  let constant: UnsafeMutablePointer<UInt8>
  /// One row of coverage bytes: a clipped run's, times its clip's.
  let product: UnsafeMutablePointer<UInt8>
  /// A band of coverage bytes (`width × bandHeight`): a mask's, at the end of its group.
  let maskRows: UnsafeMutablePointer<UInt8>

  /// Per run set, the index of the first run not yet passed: a worker plays
  /// its bands top to bottom, so each set's runs are walked once per frame
  /// instead of searched for in every band.
  let cursors: UnsafeMutablePointer<Int>
  private let runCount: Int
  /// Rows for sampling images, when the drawing has any.
  let images: ImageScratch?
  /// Cells for rasterizing a band of edges.
  let cells: BandCells

  /// Scratch for bands of `bandHeight` rows of a `width`-pixel drawing with
  /// groups nested `depth` deep and `runCount` run sets; `cells` may be lent
  /// (all zero, for at least that width and height), else new ones are made.
  init(width: Int, bandHeight: Int, depth: Int, runCount: Int, samplesImages: Bool = false, cells: BandCells? = nil) {
    self.runCount = runCount
    images = samplesImages ? ImageScratch(width: width) : nil
    self.cells = cells ?? BandCells(width: width, rows: bandHeight)
    cursors = .allocate(capacity: Swift.max(runCount, 1))
    cursors.initialize(repeating: 0, count: Swift.max(runCount, 1))
    let band = 4 * width * bandHeight
    groups = (0..<depth).map { _ in .allocate(capacity: band) }
    source = .allocate(capacity: 4 * width)
    constant = .allocate(capacity: width)
    product = .allocate(capacity: width)
    maskRows = .allocate(capacity: width * bandHeight)
  }

  deinit {
    for g in groups { g.deallocate() }
    source.deallocate()
    cursors.deallocate()
    constant.deallocate()
    product.deallocate()
    maskRows.deallocate()
  }

  /// The band buffer of group level `level`.
  func groupBuffer(_ level: Int) -> UnsafeMutablePointer<UInt8> { groups[level] }
}
