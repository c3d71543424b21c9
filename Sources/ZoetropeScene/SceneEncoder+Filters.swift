// SPDX-License-Identifier: Apache-2.0
// Writing a layer's `filters` as the scene format spells them (also what `inspect` shows).

import ZoetropeLayers

extension SceneEncoder {
  /// `filters` as a JSON array of filter objects, every input written.
  static func filters(_ filters: [LayerFilter]) -> String {
    let items = filters.map { filter in
      switch filter {
      case .falseColor(let color0, let color1, let intensity):
        "{\"name\": \(string(filter.name)), \"inputColor0\": \(color(color0)), \"inputColor1\": \(color(color1)), "
          + "\"inputIntensity\": \(n(intensity))}"
      }
    }
    return "[" + items.joined(separator: ", ") + "]"
  }
}
