// SPDX-License-Identifier: Apache-2.0
// dotLottie (.lottie) archives: the first animation of the zip and the images it holds, read within budgets.

import ZoetropeGeometry
import ZoetropeImages
import ZoetropeMedia
import ZoetropePixels
import ZoetropeScene

/// The budgets of a dotLottie archive (a zip). Its own file is read within
/// ``Limits/maximumSceneBytes``, its animation inflates to at most that
/// much, each image to at most the image decoder's file budget; an archive
/// past one is refused before the memory is taken.
extension Limits {
  /// The most entries a dotLottie archive may list: 10,000.
  public static let maximumDotLottieEntries = 10_000

  /// The most bytes all the entries read from one dotLottie archive may
  /// inflate to together: 256 MiB.
  public static let maximumDotLottieInflatedBytes = 256 << 20

  /// The highest compression ratio an entry of more than 1 MiB may claim:
  /// 100:1 (real Lottie JSON deflates about 5–25:1, PNG and JPEG hardly at
  /// all; a zip bomb claims close to deflate's limit of 1,032:1).
  public static let maximumDotLottieCompressionRatio = 100
}

/// An opened dotLottie archive: which animation it plays first, and the
/// entries its images are read from.
struct DotLottieBundle {
  let archive: ZipArchive
  /// The entry the animation was read from (`animations/ID.json` in
  /// version 1 archives, `a/ID.json` in version 2).
  var animationEntry = ""
  /// Bytes inflated so far, against ``Limits/maximumDotLottieInflatedBytes``.
  var inflatedBytes = 0

  init(archive: ZipArchive) {
    self.archive = archive
  }

  /// Opens the archive `bytes` and inflates the animation it plays first:
  /// the first of the manifest's `animations`, or without a manifest the
  /// first `animations/*.json` or `a/*.json` entry.
  static func open(_ bytes: [UInt8], fileName: String) throws(SceneError) -> (DotLottieBundle, [UInt8]) {
    do throws(MediaError) {
      return try openArchive(bytes, fileName: fileName)
    } catch {
      var failure = SceneError(file: fileName, issues: [SceneIssue(path: "", message: error.reason)])
      failure.sourceFiles = [fileName]
      throw failure
    }
  }

  private static func openArchive(_ bytes: [UInt8], fileName: String) throws(MediaError) -> (DotLottieBundle, [UInt8]) {
    func failure(_ reason: String) -> MediaError { MediaError(path: fileName, reason: reason) }
    let archive = try ZipArchive(bytes, archiveName: fileName, maximumEntries: Limits.maximumDotLottieEntries)
    var bundle = DotLottieBundle(archive: archive)
    var candidates: [String] = []
    if let manifestEntry = archive.entry(named: "manifest.json") {
      let manifestBytes = try bundle.read(manifestEntry, maximumBytes: 1 << 20)
      guard let manifest = try? JSONReader.parse(manifestBytes), case .object = manifest else {
        throw failure("manifest.json is not a JSON object")
      }
      if case .array(let animations)? = manifest["animations"], let first = animations.first {
        guard case .string(let id)? = first["id"], !id.isEmpty else {
          throw failure("manifest.json: the first of \"animations\" has no \"id\"")
        }
        candidates = ["animations/\(id).json", "a/\(id).json"]
        guard candidates.contains(where: { archive.entry(named: $0) != nil }) else {
          throw failure("manifest.json names the animation \"\(ZipArchive.printable(id))\", but the archive "
            + "holds neither \(ZipArchive.printable(candidates[0])) nor \(ZipArchive.printable(candidates[1]))")
        }
      }
    }
    if candidates.isEmpty {
      // Not macOS's AppleDouble companions (`._name.json`) a zip made in the Finder carries.
      candidates = archive.entries.map(\.name).filter {
        ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json")
          && !($0.split(separator: "/").last?.hasPrefix(".") ?? false)
      }
    }
    guard let name = candidates.first(where: { archive.entry(named: $0) != nil }),
      let entry = archive.entry(named: name)
    else {
      throw failure("the archive holds no animation (no manifest.json naming one, no animations/*.json or a/*.json)")
    }
    let animation = try bundle.read(entry, maximumBytes: Limits.maximumSceneBytes)
    bundle.animationEntry = name
    return (bundle, animation)
  }

  /// The bytes of an image asset's file, `u` + `p` from the archive's root
  /// (`/images/` in version 1, `/i/` in version 2), else `p` in either
  /// folder; `nil` when the archive holds none of them.
  mutating func image(folder: String, file: String, maximumBytes: Int) throws(MediaError) -> (String, [UInt8])? {
    var folder = folder
    while folder.hasPrefix("/") { folder.removeFirst() }
    if !folder.isEmpty && !folder.hasSuffix("/") { folder += "/" }
    for name in [folder + file, "images/" + file, "i/" + file] {
      if let entry = archive.entry(named: name) { return (name, try read(entry, maximumBytes: maximumBytes)) }
    }
    return nil
  }

  private mutating func read(_ entry: ZipArchive.Entry, maximumBytes: Int) throws(MediaError) -> [UInt8] {
    let left = Limits.maximumDotLottieInflatedBytes - inflatedBytes
    guard entry.uncompressedSize <= left else {
      throw MediaError(path: entry.name, reason: "\(entry.name): the archive's entries inflate to more than "
        + "\(Limits.maximumDotLottieInflatedBytes) bytes together (Limits.maximumDotLottieInflatedBytes)")
    }
    let bytes = try archive.contents(of: entry, maximumBytes: maximumBytes,
                                     maximumRatio: Limits.maximumDotLottieCompressionRatio)
    inflatedBytes += bytes.count
    return bytes
  }
}

extension LottieDecoder {
  /// An image asset read from the dotLottie archive the animation came
  /// from, decoded within the image budgets.
  mutating func archiveImage(folder: String, file: String, name: String, at pPath: Int) -> Image? {
    guard var bundle = archive else { return nil }
    defer { archive = bundle }
    do {
      guard let found = try bundle.image(folder: folder, file: file, maximumBytes: images.limits.maximumFileSize)
      else {
        warn(pPath, "the archive holds no image \(ZipArchive.printable(file)) (nor under images/ or i/); it is not drawn")
        return nil
      }
      let (entryName, bytes) = found
      do {
        let image = try images.image(encodedData: bytes, name: name)
        encodedImages[name] = bytes
        return image
      } catch {
        warn(pPath, "the image \(entryName) in the archive cannot be used (\(error)); it is not drawn")
        return nil
      }
    } catch {
      warn(pPath, "the image \(ZipArchive.printable(file)) cannot be read from the archive (\(error.reason)); "
        + "it is not drawn")
      return nil
    }
  }
}

extension LottieImporter {
  /// Imports the first animation of a dotLottie archive, with its images.
  static func importDotLottie(_ bytes: [UInt8], fileName: String, strict: Bool,
                              images: ImageLoader) throws(SceneError) -> Scene {
    let (bundle, animation) = try DotLottieBundle.open(bytes, fileName: fileName)
    let document: JSONValue
    do throws(JSONReadError) {
      document = try JSONReader.parse(animation)
    } catch {
      var failure = SceneError(file: fileName, issues: [SceneIssue(path: "", message: "\(bundle.animationEntry): "
        + error.description)])
      failure.sourceFiles = [fileName]
      throw failure
    }
    guard LottieDecoder.looksLikeLottie(document) else {
      var failure = SceneError(file: fileName, issues: [SceneIssue(path: "", message: "\(bundle.animationEntry) "
        + "is not a Lottie animation (a JSON object with \"fr\", \"ip\", \"op\" and \"layers\")")])
      failure.sourceFiles = [fileName]
      throw failure
    }
    let scene: Scene
    do {
      scene = try importDocument(document, fileName: fileName, baseFolder: ".", strict: strict, images: images,
                                 archive: bundle)
    } catch {
      var error = error
      error.sourceFiles = [fileName]
      throw error
    }
    JSONValue.dismantle(consume document)
    scene.sourceFiles = [fileName]
    return scene
  }
}
