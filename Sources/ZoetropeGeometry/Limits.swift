// SPDX-License-Identifier: Apache-2.0
// Every resource budget in one place: how much memory and work a scene, a frame or a command may ask for.

/// The budgets that keep any input — however large, deep or adversarial —
/// from exhausting memory or running for ever. Input past one is refused with
/// an error that names the budget (and the JSON path of the scene value where
/// there is one); nothing is left to an out-of-memory kill.
///
/// The figures keep the memory a budget allows to a few GiB (a frame itself
/// is at most 1 GiB), far beyond any real scene: the largest bench scene
/// (strokes, 1920 × 1080) spends 1.3 % of ``maximumSegmentsPerFrame`` and
/// 0.3 % of ``maximumCoverageBytesPerFrame``. Time is not budgeted: the work
/// of a frame also grows with the length of its edges (800,000 segments
/// crossing a 1080p frame take 40 s), and Ctrl-C stops it between layers
/// and between bands of rows.
///
/// | Budget | Where it is enforced |
/// |---|---|
/// | ``maximumPixelsPerSide``, ``maximumDuration``, ``frameRates``, ``maximumGroupDepth`` | the scene decoder, `render`, `still` |
/// | ``maximumSceneBytes``, ``maximumSceneValues``, ``maximumLayers`` | reading and decoding scene files |
/// | ``maximumYAMLValues``, ``yamlValuesPerByte`` | the YAML reader |
/// | ``maximumSegmentsPerFrame``, ``maximumDashesPerFrame``, ``maximumCoverageBytesPerFrame`` | the compositor, per frame |
/// | ``maximumIsolationDepth`` | the compositor (deeper groups fold their opacity in, masks become clips) |
/// | ``maximumLayersInShadowShapes`` | the compositor (further shadows take their layer's own shape) |
/// | ``maximumReplicatedLayers`` | the scene decoder (at `instanceCount`) and the presentation evaluator |
/// | ``maximumBytesInFlight``, ``threads`` | clip rendering (`render`, `bench`) |
/// | ``maximumPNGPixels`` | the PNG reader (also `ZT_PNG_MAXIMUM_PIXELS` in the C shim) |
/// | ``maximumFrameIndex`` | `render --frames`, `bench --frames` |
public enum Limits {
  /// The largest canvas side in device pixels (`width × scale`, and the same
  /// for the height, after `--scale`): 16,384, so a frame is at most 1 GiB of
  /// RGBA.
  public static let maximumPixelsPerSide = 16_384

  /// The longest clip, in seconds (a day): a scene's `duration` and
  /// `render --duration`.
  public static let maximumDuration: Double = 86_400

  /// The frame rates accepted, in frames per second: a scene's `fps` and
  /// `render --fps` (a number or a ratio such as `30000/1001`). At least a
  /// frame every 1,000 s, so that frame times and GIF delays stay in range.
  public static let frameRates: ClosedRange<Double> = 0.001...1000

  /// The deepest nesting of animation groups.
  public static let maximumGroupDepth = 64

  /// The largest scene file read, in bytes (64 MiB; the largest bench scene
  /// has 0.2 MB). Pipes and devices are read up to it, so `/dev/zero` is an
  /// error, not an endless read.
  public static let maximumSceneBytes = 64 << 20

  /// The most values (numbers, strings, arrays, objects…) a scene document
  /// may hold: 10,000,000. A decoded value costs up to about 200 bytes (a
  /// keyframe number), so a document at the budget needs about 2 GiB.
  public static let maximumSceneValues = 10_000_000

  /// The most layers a scene may have: 1,000,000. A layer costs about 2 KiB
  /// however little its file says (`{}` is a layer), and more again per
  /// rendering thread while a frame is drawn.
  public static let maximumLayers = 1_000_000

  /// The most values a YAML document may hold once its aliases are expanded
  /// (`*name` repeats the anchored value, so 40 aliases of aliases in 1 KB
  /// would otherwise stand for 2⁴⁰ values): 1,000,000, or
  /// ``yamlValuesPerByte`` per byte of the file when that is more.
  public static let maximumYAMLValues = 1_000_000

  /// See ``maximumYAMLValues``: a file may always expand to this many values
  /// per byte (a document without aliases has at most one value per byte).
  public static let yamlValuesPerByte = 4

  /// The most particles one frame draws, every emitter together: 100,000
  /// (each is a textured quad). A scene whose model values would exceed it
  /// is refused at the cell's `birthRate`; past it in a frame (animated
  /// rates), the youngest particles are drawn.
  public static let maximumParticlesPerFrame = 100_000

  /// The most line segments one frame's geometry may flatten into, fills and
  /// stroke outlines together (about 16 bytes a point; the outline of a
  /// stroke adds its joins and caps). Curves entirely off the canvas are cut
  /// away first, so only what can show counts.
  public static let maximumSegmentsPerFrame = 8_000_000

  /// The most dashes one frame's strokes may be cut into.
  public static let maximumDashesPerFrame = 1_000_000

  /// The most coverage bytes one frame's shapes may hold between being
  /// rasterized and being played into pixels (a shape covers at most the
  /// frame; the interiors of shapes cost no bytes).
  public static let maximumCoverageBytesPerFrame = 1 << 30

  /// Isolated groups (a translucent layer with overlapping pieces, a layer
  /// with a `mask` or a `compositingFilter`) are composited offscreen at
  /// most this deep: 16 levels, a mask taking two (the group and the mask's
  /// buffer). Deeper ones fall back: a translucent group multiplies its
  /// opacity into its content, a blend mode draws source-over, a mask clips
  /// by its alpha. Each level costs one band buffer per rendering thread
  /// (`4 × width × 16` bytes: 2 MiB per thread at 1080p for all 16).
  public static let maximumIsolationDepth = 16

  /// The most layers a frame records into the shapes of shadows (a
  /// shadow's shape is its layer's composited alpha, sublayers included):
  /// 100,000. Past it a shadow takes the shape of its layer alone, so that a
  /// chain of nested shadowed layers costs linear, not quadratic, work.
  public static let maximumLayersInShadowShapes = 100_000

  /// The most copied layers a frame draws for replicators (copies beyond
  /// each replicator's first, nested replicators multiplying): 100,000. A
  /// scene whose `instanceCount`s ask for more is refused at the
  /// `instanceCount` that goes past; the presentation evaluator keeps the
  /// earliest whole copies that fit (a Swift-built tree is never refused).
  public static let maximumReplicatedLayers = 100_000

  /// The most bytes a clip render's workers may hold (frames being rendered,
  /// compressed or waiting for the encoder, and what drawing them takes): 4
  /// GiB, a worker counting four frames and 2 KiB per layer. Fewer
  /// threads render at once when frames are large or layers many (one at
  /// least: a frame is at most 1 GiB).
  public static let maximumBytesInFlight = 4 << 30

  /// Rendering threads a command accepts.
  public static let threads = 1...256

  /// The most pixels a PNG may have to be read: 2²⁸ (16,384 × 16,384, 1 GiB
  /// of RGBA). The C shim checks it from the header, before allocating.
  public static let maximumPNGPixels = 1 << 28

  /// The largest frame index `--frames` accepts (a frame at 1,000 fps every
  /// day for 31 years).
  public static let maximumFrameIndex = 1 << 40
}
