// SPDX-License-Identifier: Apache-2.0
// The budgets of Lottie import: what a file may ask of the importer before it is refused.

import ZoetropeGeometry

/// The budgets of Lottie import, beside the scene budgets of ``Limits``
/// (a Lottie file is also read within ``Limits/maximumSceneBytes`` and
/// ``Limits/maximumSceneValues``, its layers count against
/// ``Limits/maximumLayers`` and its repeaters against
/// ``Limits/maximumReplicatedLayers``). A file past one is refused with an
/// error at the JSON path where the budget ran out.
extension Limits {
  /// The most keyframes a Lottie file may hold, all properties together:
  /// 1,000,000 (a keyframe costs about 200 bytes decoded, more again as an
  /// animation).
  public static let maximumLottieKeyframes = 1_000_000

  /// The most values the importer may compute frame by frame, for what Core
  /// Animation's model cannot express with keyframes (a time remap, a merge
  /// of paths, a trim whose offset wraps): 4,000,000, a path counting one per
  /// vertex. A minute at 60 fps of 1,000 such properties of one value each
  /// is 3,600,000.
  public static let maximumLottieSampledValues = 4_000_000

  /// The most comparisons of segments the path booleans of merge paths
  /// (modes 2–5) may make in a file, all their evaluations together (a still
  /// merge once, an animated one at every frame): 2,000,000,000, about 15 s
  /// at the rate measured (7.5 ns a comparison, a release build). A merge of
  /// two shapes makes a few thousand a frame; a thousand overlapping
  /// ellipses against a moving square, about 13,000,000. Each operation is
  /// also bounded by the path boolean budgets
  /// (``Limits/maximumPathBooleanSegments``…); past this one the file is
  /// refused.
  public static let maximumLottieMergeComparisons = 2_000_000_000

  /// The deepest nesting of precompositions: 64. A precomposition that
  /// contains itself, directly or through others, is refused at any depth.
  public static let maximumLottiePrecompDepth = 64

  /// The most frames a Lottie animation may span (`op − ip`): 1,000,000.
  public static let maximumLottieFrames = 1_000_000
}
