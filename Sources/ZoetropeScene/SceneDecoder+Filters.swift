// SPDX-License-Identifier: Apache-2.0
// Decoding a layer's `filters`: colour filters by Core Image's names.

import ZoetropeGeometry
import ZoetropeLayers

extension SceneDecoder {
  /// The names a `falseColor` filter is given by: Core Image's, with or
  /// without its prefix.
  static let falseColorNames: Set<String> = ["falseColor", "CIFalseColor"]

  /// A layer's `filters`: an array of `{"name": "falseColor", "inputColor0":
  /// colour, "inputColor1": colour, "inputIntensity": 0…1}` (colours default
  /// to black and white, the intensity to 1), or `null` for none; `nil`
  /// after reporting.
  mutating func filters(_ value: JSONValue, at path: Int) -> [LayerFilter]? {
    if case .null = value { return [] }
    guard case .array(let items) = value else {
      report(path, "must be an array of filters such as {\"name\": \"falseColor\", \"inputColor0\": \"#000\", "
        + "\"inputColor1\": \"#fff\"} (got \(value.compactDescription))")
      return nil
    }
    guard items.count <= LayerFilter.maximumCount else {
      report(path, "holds \(items.count) filters; a layer draws at most \(LayerFilter.maximumCount)")
      return nil
    }
    var filters: [LayerFilter] = []
    for (index, item) in items.enumerated() {
      let itemPath = paths.child(path, index)
      guard case .object(let members) = item else {
        report(itemPath, "must be a filter object with a \"name\" (got \(item.compactDescription))")
        return nil
      }
      guard case .string(let name)? = item["name"], SceneDecoder.falseColorNames.contains(name) else {
        report(paths.child(itemPath, "name"), "must name a filter: \"falseColor\" (Core Image's CIFalseColor) "
          + "is the one Zoetrope draws (got \(item["name"]?.compactDescription ?? "nothing"))")
        return nil
      }
      var color0 = Color.black, color1 = Color.white, intensity = 1.0
      for member in members where member.key != "name" {
        let p = paths.child(itemPath, member.key)
        switch member.key {
        case "inputColor0": guard let c = color(member.value, at: p) else { return nil }; color0 = c
        case "inputColor1": guard let c = color(member.value, at: p) else { return nil }; color1 = c
        case "inputIntensity": guard let n = number(member.value, at: p, in: 0...1) else { return nil }; intensity = n
        default:
          report(p, "is not an input of falseColor (inputColor0, inputColor1, inputIntensity)")
          return nil
        }
      }
      filters.append(.falseColor(color0: color0, color1: color1, intensity: intensity))
    }
    return filters
  }
}
