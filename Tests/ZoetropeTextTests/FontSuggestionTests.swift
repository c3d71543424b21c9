// SPDX-License-Identifier: Apache-2.0
// Apple's font names: the system face resolves to an open one, and names like no installed family get no guess.

import Testing
import ZoetropeText

@Suite struct FontSuggestionTests {
  @Test func aNameLikeNoInstalledFamilyProposesNone() {
    #expect(FontLibrary.shared.closestFamilies(to: "Helvetica Neue").isEmpty)
  }

  @Test func applesSystemFontHasAnOpenSubstitute() throws {
    #expect(try Font.named("SF Pro Text").family == "Inter")
    #expect(try Font.named("SF Pro Display", weight: 700).family == "Inter Display")
    #expect(try Font.named("-apple-system", weight: 600).weight == 600)
  }
}
