// SPDX-License-Identifier: Apache-2.0
// The columns a display list keeps for its runs are the runs' own, for every way runs are recorded.

import Testing
import ZoetropeGeometry
@testable import ZoetropeRaster

@Suite struct RunColumnsTests {
  /// Runs of `rows` rows, each starting `slant` columns further right.
  static func runs(x: Int, y: Int, width: Int, rows: Int, slant: Int) -> CoverageSpans {
    var spans = CoverageSpans()
    for row in 0..<rows {
      spans.spans.append(CoverageSpans.Span(y: Int32(y + row), x: Int32(x + row * slant), count: Int32(width),
                                            offset: -1, value: 200))
    }
    return spans
  }

  @Test func eachRunsColumnsAreTheirBoundsWhereverTheyWereRecorded() {
    var list = DisplayList(width: 160, height: 96, background: Color(red: 1, green: 1, blue: 1))
    let red = Color(red: 1, green: 0, blue: 0)
    // A fill's runs.
    list.fill(ShapeCoverage(.runs(Self.runs(x: 10, y: 4, width: 20, rows: 12, slant: 3))), color: red, opacity: 1)
    // Runs under a clip (the clip's runs are recorded too), twice under the same clip.
    let clip = ClipMask(Self.runs(x: 40, y: 0, width: 30, rows: 40, slant: -1), parent: nil)
    var clipped = ShapeCoverage(.runs(Self.runs(x: 5, y: 10, width: 90, rows: 6, slant: 2)))
    clipped.clip = clip
    list.fill(clipped, color: red, opacity: 0.5)
    list.fill(clipped, color: red, opacity: 0.25)
    // A group masked by runs.
    list.beginGroup()
    list.fill(ShapeCoverage(.runs(Self.runs(x: 100, y: 50, width: 30, rows: 20, slant: 0))), color: red, opacity: 1)
    list.endGroup(opacity: 0.8, mode: nil, mask: Self.runs(x: 90, y: 40, width: 25, rows: 30, slant: 1))
    // The fill, the clip (recorded once), each clipped fill, the group's fill and its mask.
    #expect(list.runs.count == 6)
    #expect(list.runColumns.count == list.runs.count)
    for (runs, columns) in zip(list.runs, list.runColumns) {
      let bounds = DeviceRect(runs)
      #expect(columns == bounds.x..<bounds.maxX)
      #expect(list.columns(of: .runs(list.runs.firstIndex { $0.spans == runs.spans }!)) == columns)
    }
    #expect(list.runColumns[0] == 10..<63)
    #expect(list.runColumns[1] == 1..<70)
  }
}
