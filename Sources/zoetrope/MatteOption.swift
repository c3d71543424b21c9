// SPDX-License-Identifier: Apache-2.0
// `--matte COLOR` of `render`: the opaque colour a GIF's partially transparent pixels are blended over.

import ArgumentParser
import Zoetrope

/// An opaque colour given on the command line: `#RGB`, `#RRGGBB`, `#RRGGBBFF`
/// or one of UIKit's names (`white`, `black`, ...). A translucent colour
/// (`#RRGGBBAA` with AA below FF, or `clear`) is a usage error: a matte is
/// what the GIF sits on, and that is opaque.
struct MatteColor: ExpressibleByArgument {
  /// The colour, alpha 1.
  var color: Color

  init?(argument: String) {
    guard let color = Color(hex: argument) ?? Color.named(argument), color.alpha == 1 else { return nil }
    self.color = color
  }

  static var defaultCompletionKind: CompletionKind { .list(Color.namedColorNames.filter { $0 != "clear" }) }
}

/// The option's help text.
let matteHelp = ArgumentHelp(
  "GIF: blend partially transparent pixels (anti-aliased edges over a clear background) over this opaque colour, "
    + "the colour of the page the GIF will be shown on: #RRGGBB, #RGB or a name such as white. Fully transparent "
    + "pixels stay transparent. Without it, GIF's one-bit transparency makes such edges jagged.",
  valueName: "color")
