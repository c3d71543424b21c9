// SPDX-License-Identifier: Apache-2.0
// A frame's drawing: the commands the compositor recorded, with the coverage and paints they draw through.

import ZoetropeShaders
import ZoetropeGeometry

/// A frame's drawing as the compositor recorded it: every piece of every
/// layer already rasterized into coverage runs (clipped), with its paint, in
/// paint order, and the isolated groups around their content.
///
/// Playing it back is the only pass that touches pixels, and it works on one
/// band of rows at a time: the background, every command's runs on those
/// rows, the group buffers and the final unpremultiply all stay in cache
/// while the band is drawn, instead of each layer streaming the whole frame
/// through memory. Bands are independent, so a frame can be played on
/// several threads; every pixel's bytes come from the same operations in the
/// same order whatever the band size or thread count.
package struct DisplayList: Sendable {
  /// What one step of the drawing does. Plain values only — the runs and
  /// paints live in ``runs`` and ``paints`` — so that switching over a
  /// command in every band copies and retains nothing.
  enum Command: Sendable {
    /// Source-over of one premultiplied colour under `coverage`.
    case solid(Coverage, FillSolidContext)
    /// Source-over of the gradient `paints[paint]` under `coverage`.
    case gradient(Coverage, paint: Int)
    /// Source-over (or plus, as the paint says) of the image `imagePaints[paint]` under `coverage`.
    case image(Coverage, paint: Int)
    /// Starts an isolated group: later commands draw into a transparent
    /// buffer… (`bounds`: the device pixels the group's content touches;
    /// `end`: the index of the matching `endGroup`)
    case beginGroup(bounds: PixelBounds, end: Int)
    /// …which is then blended onto what is below at this alpha (0…255),
    /// source-over or with a blend mode.
    case endGroup(alpha: UInt8, bounds: PixelBounds, mode: BlendFormula?)
    /// …or blended after multiplying it by the coverage runs `runs[mask]`
    /// (a mask layer that is one shape; zero outside the runs).
    case endGroupMasked(alpha: UInt8, bounds: PixelBounds, mode: BlendFormula?, mask: Int)
    /// Ends a mask group (begun by `beginGroup`): the group below it (the
    /// masked layer's) is multiplied by the mask's alpha — or what `source`
    /// makes of its pixels — within `bounds`.
    case endMask(bounds: PixelBounds, source: MaskAlphaSource)
    /// Recolours the open group's pixels within `bounds` in place (a
    /// layer's `falseColor` filter), just before it ends.
    case falseColor(bounds: PixelBounds, filter: FalseColorContext)
  }

  /// Where a drawing command's coverage is kept.
  enum Coverage: Sendable {
    /// Resolved runs, `runs[index]`.
    case runs(Int)
    /// Edges rasterized band by band as they are drawn, `edgeLists[index]`.
    case edges(Int)
    /// Rectangle rows worked out as they are drawn, `rectangles[index]`.
    case rectangle(Int)
    /// A piece multiplied by a clip's runs where it is drawn: `clippedPieces[index]`.
    case clipped(Int)
  }

  /// A rectangle of device pixels, `minX..<maxX × minY..<maxY`; empty when
  /// `minX >= maxX` or `minY >= maxY`.
  struct PixelBounds: Sendable, Equatable {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    mutating func formUnion(_ other: PixelBounds) {
      minX = Swift.min(minX, other.minX); maxX = Swift.max(maxX, other.maxX)
      minY = Swift.min(minY, other.minY); maxY = Swift.max(maxY, other.maxY)
    }

    /// The bounds of a set of runs.
    init(_ runs: CoverageSpans) {
      for span in runs.spans {
        minX = Swift.min(minX, Int(span.x)); maxX = Swift.max(maxX, Int(span.x) + Int(span.count))
      }
      if let first = runs.spans.first, let last = runs.spans.last {
        minY = Int(first.y)
        maxY = Int(last.y) + 1
      }
    }

    init() {}

    /// The pixels of a device rectangle.
    init(_ rect: DeviceRect) {
      guard !rect.isEmpty else { return }
      (minX, minY, maxX, maxY) = (rect.x, rect.y, rect.maxX, rect.maxY)
    }

    /// The pixels both cover.
    func intersection(_ other: PixelBounds) -> PixelBounds {
      var result = PixelBounds()
      result.minX = Swift.max(minX, other.minX); result.maxX = Swift.min(maxX, other.maxX)
      result.minY = Swift.max(minY, other.minY); result.maxY = Swift.min(maxY, other.maxY)
      return result
    }
  }

  /// Frame width in pixels.
  package let width: Int
  /// Frame height in pixels.
  package let height: Int
  /// The background as a premultiplied RGBA8 word (R in the low byte).
  let backgroundWord: UInt32
  var commands: [Command] = []
  /// The coverage runs of the drawing commands (and of masks), appended
  /// through ``appendRuns(_:)``.
  private(set) var runs: [CoverageSpans] = []
  /// The device columns each of ``runs`` reaches, worked out once as it is
  /// recorded (playing, scheduling and damage ask for them again and again;
  /// a shadow's runs are a thousand spans); `0..<0` for none.
  private(set) var runColumns: [Range<Int>] = []

  /// Appends `spans` to ``runs``, with the columns they reach; their index.
  mutating func appendRuns(_ spans: CoverageSpans) -> Int {
    let rect = DeviceRect(spans)
    runs.append(spans)
    runColumns.append(rect.isEmpty ? 0..<0 : rect.x..<rect.maxX)
    return runs.count - 1
  }
  /// The edges of the drawing commands.
  var edgeLists: [EdgeList] = []
  /// The rectangles of the drawing commands.
  var rectangles: [RectangleCoverage] = []
  /// Pieces drawn under a clip: the piece, the index of the clip's runs in
  /// ``runs``, and the device columns both can reach.
  var clippedPieces: [(piece: Coverage, clip: Int, columns: Range<Int>)] = []
  /// Where each clip's runs were stored, so that shapes under one clip
  /// share them (the clip is held, so that its identity stays its own).
  var clipRuns: [ObjectIdentifier: (clip: ClipMask, index: Int)] = [:]
  /// The gradients the commands paint with.
  var paints: [GradientPaint] = []
  /// The images the commands paint with.
  var imagePaints: [ImagePaint] = []
  /// How deep isolated groups nest (how many group buffers a band needs).
  var groupDepth = 0
  /// The budget the frame went past while it was recorded (what went past
  /// it is not in the drawing); `nil` for a complete drawing.
  package var overrun: BudgetOverrun?
  /// The open groups: where their `beginGroup` is, what they touched so far,
  /// and whether the group is a mask.
  var openGroups: [(index: Int, bounds: PixelBounds, isMask: Bool)] = []
  /// The commands by band, once the drawing was compared with an earlier
  /// one (kept for the next frame's comparison with it).
  let bandIndex = BandIndex()

  /// An empty drawing of `width × height` pixels over `background` (straight
  /// alpha, rounded to 8 bits and premultiplied).
  package init(width: Int, height: Int, background: Color) {
    self.width = Swift.max(width, 0)
    self.height = Swift.max(height, 0)
    let p = background.premultipliedRGBA8(opacity: 1)
    backgroundWord = UInt32(p.r) | UInt32(p.g) << 8 | UInt32(p.b) << 16 | UInt32(p.a) << 24
  }
}

extension DisplayList.Command {
  /// The coverage the command draws through; `nil` for the commands that
  /// open and close groups and masks.
  var coverage: DisplayList.Coverage? {
    switch self {
    case .solid(let coverage, _), .gradient(let coverage, _), .image(let coverage, _): coverage
    case .beginGroup, .endGroup, .endGroupMasked, .endMask, .falseColor: nil
    }
  }
}
