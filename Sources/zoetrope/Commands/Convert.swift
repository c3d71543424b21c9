// SPDX-License-Identifier: Apache-2.0
// `zoetrope convert`: a Lottie file (or any scene file) written as a Zoetrope scene file.

import ArgumentParser
import Zoetrope

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `zoetrope convert ANIMATION -o SCENE.json`
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a Lottie file as the equivalent Zoetrope scene file.",
    discussion: """
      The scene holds the layers and Core Animation animations the Lottie file is imported as \
      (docs/lottie.md): it validates, and renders the same frames, byte for byte, so a designer's \
      animation can be edited in Core Animation's terms. Images the file embeds or names are written \
      beside the scene, in a folder named after it (scene.images/). Any scene file converts too (it is \
      written back with its defaults left out).
      """
  )

  @Argument(help: "The Lottie file (or scene file).")
  var input: String

  @Option(name: .shortAndLong, help: "The scene file to write (.json).")
  var output: String

  func run() throws {
    let scene = try SceneLoading.load(input)
    let slash = output.lastIndex(of: "/")
    let folder = slash.map { String(output[...$0]) } ?? ""
    var stem = slash.map { String(output[output.index(after: $0)...]) } ?? output
    if stem.hasSuffix(".json") { stem.removeLast(5) }
    let imageFolder = stem + ".images"
    var written: [String: String] = [:]
    var failure: String?
    let text = SceneEncoder.json(for: scene) { image in
      guard let name = image.name, let bytes = scene.encodedImages[name] else { return nil }
      if let done = written[name] { return done }
      let isJPEG = bytes.starts(with: [0xFF, 0xD8])
      let isWebP = bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
      let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
      let relative = imageFolder + "/" + safe + (isJPEG ? ".jpg" : isWebP ? ".webp" : ".png")
      mkdir(folder + imageFolder, 0o755)
      if !Convert.write(bytes, to: folder + relative) { failure = folder + relative }
      written[name] = relative
      return relative
    }
    if let failure {
      printError("\(failure): cannot write the image: \(String(cString: strerror(errno)))")
      throw ExitCode.failure
    }
    guard Convert.write(Array(text.utf8), to: output) else {
      printError("\(output): cannot write the scene: \(String(cString: strerror(errno)))")
      throw ExitCode.failure
    }
  }

  /// Writes `bytes` under a temporary name beside `path` and renames it into place; false on failure.
  static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = folder + "." + name + ".\(getpid()).part"
    guard let file = fopen(temporary, "wb") else { return false }
    let count = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file) == 0
    guard count == bytes.count, closed, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
