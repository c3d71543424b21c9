// SPDX-License-Identifier: Apache-2.0
// A cache's stale entries go, one by one or by rebuilding, and exactly they go.

import Testing
import ZoetropeRaster

@Suite struct RemoveStaleTests {
  @Test(arguments: [0, 1, 24, 25, 26, 99, 100])
  func exactlyTheStaleEntriesGo(staleCount: Int) {
    // A hundred entries, the first `staleCount` last used in frame 1, the rest in frame 2.
    var entries: [String: Int] = [:]
    for i in 0..<100 { entries["shape \(i)"] = i < staleCount ? 1 : 2 }
    var asked = 0
    entries.removeStale { frame in
      asked += 1
      return frame < 2
    }
    #expect(entries.count == 100 - staleCount)
    #expect(entries.values.allSatisfy { $0 == 2 })
    #expect(Set(entries.keys) == Set((staleCount..<100).map { "shape \($0)" }))
    #expect(asked >= 100)
  }
}
