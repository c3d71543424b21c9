// SPDX-License-Identifier: Apache-2.0
// A finished drawing's commands listed by band, kept with it: the next frame's damage reads them, not lists them again.

import Synchronization

extension DisplayList {
  /// The commands reaching each band of a finished drawing, as
  /// ``damage(since:bandHeight:)`` listed them to compare it with the frame
  /// before: a clip's next frame is compared with this one, and takes the
  /// list as it is instead of listing this drawing's commands again (about
  /// a tenth of a reusing frame's work, where few layers change).
  ///
  /// Shared by the drawing's copies (safe across threads); a list is taken
  /// only for the band height it was made for and the number of commands
  /// it was made from, so a drawing recorded further after it was compared
  /// lists its commands anew.
  package final class BandIndex: Sendable {
    private let kept = Mutex<(bandHeight: Int, commands: Int, entries: BandEntries)?>(nil)

    init() {}

    /// The list kept for bands of `bandHeight` rows (`bands` of them) of a
    /// drawing of `commands` commands, if any.
    func entries(bandHeight: Int, bands: Int, commands: Int) -> BandEntries? {
      kept.withLock { kept in
        guard let kept, kept.bandHeight == bandHeight, kept.commands == commands,
          kept.entries.starts.count == bands + 1
        else { return nil }
        return kept.entries
      }
    }

    /// Keeps `entries`, listed for bands of `bandHeight` rows of a drawing of `commands` commands.
    func keep(_ entries: BandEntries, bandHeight: Int, commands: Int) {
      kept.withLock { $0 = (bandHeight, commands, entries) }
    }
  }
}
