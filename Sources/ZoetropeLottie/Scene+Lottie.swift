// SPDX-License-Identifier: Apache-2.0
// The public face of Lottie import: a Lottie file (or any scene file) as a Scene.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia
import ZoetropeScene

extension Scene {
  /// Imports a Lottie animation (bodymovin JSON, or the first animation of
  /// a dotLottie archive with its images) from a file: the canvas is
  /// the composition (`w`×`h` points at `fr` frames per second, clear), clip
  /// time 0 is frame `ip` and the clip ends before frame `op`. Image files
  /// the animation names are read beside it.
  ///
  /// Throws a ``SceneError`` naming the file and each problem's JSON path:
  /// a file that is not Lottie, lacks its canvas or frame range, contains
  /// itself through its precompositions, or exceeds a budget of ``Limits``.
  /// What is not drawn (expressions, effects…) is listed in
  /// ``unsupportedFeatures``; with `strict` it is an error instead.
  ///
  ///     let scene = try Scene(lottieContentsOf: "loader.json")
  ///     scene.canvas.frameCount   // op − ip
  public convenience init(lottieContentsOf fileName: String, strict: Bool = false,
                          imageLimits: ImageDecodingLimits = .standard) throws(SceneError) {
    let bytes = try Scene.readFile(fileName)
    try self.init(lottieData: bytes, fileName: fileName, strict: strict, imageLimits: imageLimits)
    sourceFiles = [fileName] + sourceFiles.filter { $0 != fileName }
  }

  /// Imports a Lottie animation from its bytes; `fileName` names it in
  /// errors, and image files are taken from `baseFolder` (the file name's
  /// folder by default). See ``init(lottieContentsOf:strict:imageLimits:)``.
  public convenience init(lottieData bytes: [UInt8], fileName: String, baseFolder: String? = nil, strict: Bool = false,
                          imageLimits: ImageDecodingLimits = .standard) throws(SceneError) {
    if ZipArchive.looksLikeZip(bytes) {
      self.init(imported: try LottieImporter.importDotLottie(bytes, fileName: fileName, strict: strict,
                                                             images: ImageLoader(limits: imageLimits)))
      return
    }
    let document: JSONValue
    do throws(JSONReadError) {
      document = try JSONReader.parse(bytes)
    } catch {
      throw SceneError(file: fileName, issues: [SceneIssue(path: "", message: error.description)])
    }
    let scene = try LottieImporter.importDocument(document, fileName: fileName,
                                                  baseFolder: baseFolder ?? Scene.folder(of: fileName),
                                                  strict: strict, images: ImageLoader(limits: imageLimits))
    JSONValue.dismantle(consume document)
    self.init(imported: scene)
  }

  /// Reads any scene file: a Lottie animation, a dotLottie archive or a
  /// Zoetrope scene (JSON or YAML), recognised by its content, whatever its
  /// name. A zip archive is dotLottie; a JSON object with `fr`, `ip`, `op`
  /// and `layers` is Lottie; anything else is decoded
  /// as a scene file (``SceneDecoder``).
  public convenience init(contentsOf fileName: String, strict: Bool = false,
                          imageLimits: ImageDecodingLimits = .standard) throws(SceneError) {
    let bytes = try Scene.readFile(fileName)
    let scene: Scene
    if ZipArchive.looksLikeZip(bytes) {
      scene = try LottieImporter.importDotLottie(bytes, fileName: fileName, strict: strict,
                                                 images: ImageLoader(limits: imageLimits))
    } else if SceneDecoder.Format(fileName: fileName) == .json, let document = try? JSONReader.parse(bytes),
      LottieDecoder.looksLikeLottie(document)
    {
      let imported = try LottieImporter.importDocument(document, fileName: fileName,
                                                       baseFolder: Scene.folder(of: fileName), strict: strict,
                                                       images: ImageLoader(limits: imageLimits))
      JSONValue.dismantle(consume document)
      imported.sourceFiles = [fileName] + imported.sourceFiles.filter { $0 != fileName }
      scene = imported
    } else {
      do {
        scene = try SceneDecoder.decode(bytes, fileName: fileName, imageLimits: imageLimits)
      } catch {
        var error = error
        error.sourceFiles = [fileName] + error.sourceFiles.filter { $0 != fileName }
        throw error
      }
      scene.sourceFiles = [fileName] + scene.sourceFiles.filter { $0 != fileName }
    }
    self.init(imported: scene)
  }

  /// Whether `bytes` hold a Lottie animation (a JSON object with `fr`,
  /// `ip`, `op` and `layers`, or a zip archive: a dotLottie file), without
  /// decoding it further.
  public static func isLottie(_ bytes: [UInt8]) -> Bool {
    if ZipArchive.looksLikeZip(bytes) { return true }
    guard let document = try? JSONReader.parse(bytes) else { return false }
    defer { JSONValue.dismantle(consume document) }
    return LottieDecoder.looksLikeLottie(document)
  }

  /// A scene taking over a decoded or imported one's tree and records.
  private convenience init(imported scene: Scene) {
    self.init(canvas: scene.canvas, root: scene.root)
    decodingWarnings = scene.decodingWarnings
    advice = scene.advice
    unsupportedFeatures = scene.unsupportedFeatures
    fonts = scene.fonts
    sourceFiles = scene.sourceFiles
    encodedImages = scene.encodedImages
  }

  private static func readFile(_ fileName: String) throws(SceneError) -> [UInt8] {
    do {
      return try FileBytes.read(fileName)
    } catch {
      var failure = SceneError(file: fileName, issues: [SceneIssue(path: "", message: "cannot read the file: \(error)")])
      failure.sourceFiles = [fileName]
      throw failure
    }
  }

  /// The folder of a file name ("." for a bare name).
  static func folder(of fileName: String) -> String {
    guard let slash = fileName.lastIndex(of: "/") else { return "." }
    return slash == fileName.startIndex ? "/" : String(fileName[..<slash])
  }
}

/// Decodes a parsed Lottie document and builds its scene.
package enum LottieImporter {
  /// The scene of Lottie bytes (see `Scene(lottieData:…)`); with
  /// `prefersSampling`, every animated property is evaluated frame by frame
  /// instead of becoming a keyframe animation (the tests' oracle).
  package static func scene(_ bytes: [UInt8], fileName: String, baseFolder: String = ".",
                            prefersSampling: Bool) throws(SceneError) -> Scene {
    let document: JSONValue
    do throws(JSONReadError) {
      document = try JSONReader.parse(bytes)
    } catch {
      throw SceneError(file: fileName, issues: [SceneIssue(path: "", message: error.description)])
    }
    return try importDocument(document, fileName: fileName, baseFolder: baseFolder, strict: false,
                              images: ImageLoader(), prefersSampling: prefersSampling)
  }

  static func importDocument(_ document: JSONValue, fileName: String, baseFolder: String, strict: Bool,
                             images: ImageLoader, prefersSampling: Bool = false,
                             archive: DotLottieBundle? = nil) throws(SceneError) -> Scene {
    var decoder = LottieDecoder(baseFolder: baseFolder, images: images)
    decoder.archive = archive
    let decoded = decoder.decodeDocument(document)
    guard let animation = decoded, decoder.issues.isEmpty else {
      var error = SceneError(file: fileName, issues: decoder.issues)
      error.sourceFiles = decoder.sourceFiles
      throw error
    }
    var builder = LottieSceneBuilder(animation: animation, paths: decoder.paths)
    builder.prefersSampling = prefersSampling
    let scene = builder.build()
    var issues = builder.issues
    if builder.budgetExceeded {
      issues.append(SceneIssue(path: "", message: "the animation needs more than \(Limits.maximumLottieSampledValues) "
        + "values computed frame by frame (Limits.maximumLottieSampledValues)"))
    }
    if builder.layerCount > Limits.maximumLayers {
      issues.append(SceneIssue(path: "", message: "the animation makes more than \(Limits.maximumLayers) layers "
        + "(Limits.maximumLayers)"))
    }
    let unsupported = decoder.unsupportedFeatures + builder.unsupportedFeatures
    if strict { issues += unsupported }
    guard issues.isEmpty else {
      var error = SceneError(file: fileName, issues: issues)
      error.sourceFiles = decoder.sourceFiles
      throw error
    }
    scene.decodingWarnings = decoder.warnings + builder.warnings
    scene.fonts = builder.fonts
    scene.unsupportedFeatures = unsupported
    scene.sourceFiles = decoder.sourceFiles
    scene.encodedImages = decoder.encodedImages
    return scene
  }
}
