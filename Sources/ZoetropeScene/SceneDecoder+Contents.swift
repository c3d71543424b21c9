// SPDX-License-Identifier: Apache-2.0
// Decoding a layer's contents: image paths relative to the scene file, gravity, rectangles, scale, filters.

import Foundation
import ZoetropeAnimation
import ZoetropeImages
import ZoetropeLayers
import ZoetropePixels

extension SceneDecoder {
  /// Decodes a contents key into `layer`; false for other keys.
  mutating func decodeContentsMember(_ member: JSONMember, into layer: Layer, at p: Int) -> Bool {
    let v = member.value
    switch member.key {
    case "contents": if let image = image(v, at: p) { layer.contents = image }
    case "contentsGravity":
      if let g = enumeration(v, at: p, ContentsGravity.self, prefixes: ["kCAGravity"]) { layer.contentsGravity = g }
    case "contentsRect": if let r = rect(v, at: p) { layer.contentsRect = r }
    case "contentsCenter": if let r = rect(v, at: p) { layer.contentsCenter = r }
    case "contentsScale":
      if let n = number(v, at: p, in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude) {
        layer.contentsScale = n
      }
    case "minificationFilter":
      if let f = enumeration(v, at: p, ContentsFilter.self, prefixes: ["kCAFilter"]) { layer.minificationFilter = f }
    case "magnificationFilter":
      if let f = enumeration(v, at: p, ContentsFilter.self, prefixes: ["kCAFilter"]) { layer.magnificationFilter = f }
    default: return false
    }
    return true
  }

  /// An image: a path to a PNG, JPEG or WebP file, relative to the scene file's
  /// folder (or absolute), decoded now — each file once per scene — or
  /// `null` for none. `nil` after reporting an unusable path or file, with
  /// the path as written and as resolved.
  mutating func image(_ value: JSONValue, at path: Int) -> Image?? {
    if case .null = value { return .some(nil) }
    guard case .string(let name) = value, !name.isEmpty else {
      report(path, "must be an image file path (PNG, JPEG or WebP), relative to the scene file, or null "
        + "(got \(value.compactDescription))")
      return nil
    }
    let resolved = resolvePath(name)
    noteSourceFile(resolved)
    do throws(MediaError) {
      let decodes = images.decodeCount
      let image = try images.image(atPath: resolved, name: name)
      if images.decodeCount > decodes, image.storage.width < image.width {
        warn(path, "the image \"\(name)\" (\(image.width) × \(image.height) pixels) is decoded at "
          + "\(image.storage.width) × \(image.storage.height): at full size it would not fit the \(images.limits.memoryBudget) "
          + "bytes of the scene's image budget; it draws as large, from fewer pixels")
      }
      return .some(image)
    } catch {
      report(path, "cannot use the image \"\(name)\" (\(resolved)): \(error.reason)")
      return nil
    }
  }

  /// `name` as a path: absolute as it is, else inside ``baseFolder``, made absolute.
  func resolvePath(_ name: String) -> String {
    if name.hasPrefix("/") { return (name as NSString).standardizingPath }
    var folder = baseFolder
    if !folder.hasPrefix("/") {
      folder = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder)
    }
    return ((folder as NSString).appendingPathComponent(name) as NSString).standardizingPath
  }

  /// The folder of a scene file named `fileName` (the current folder for a bare name).
  static func folder(of fileName: String) -> String {
    let folder = (fileName as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  /// Warns about an animation of `contents` that is not a discrete keyframe
  /// animation: images do not interpolate here, they switch halfway.
  mutating func checkContentsAnimation(_ animation: PropertyAnimation, keyPath: AnimatableKeyPath, at path: Int) {
    guard keyPath.property == .contents else { return }
    if let keyframe = animation as? KeyframeAnimation, keyframe.calculationMode == .discrete { return }
    warn(path, "contents switch from one image to the next halfway between keyframes (Core Animation cross-fades "
      + "them); use a keyframe animation with \"calculationMode\": \"discrete\" for a flipbook")
  }
}
