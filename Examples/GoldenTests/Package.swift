// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
// An app's test package using Zoetrope's golden-image tests. Copy it, and
// point the dependency at Zoetrope (a path, as here, or your mirror's URL).
import PackageDescription

let package = Package(
  name: "GoldenTestsExample",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Zoetrope", path: "../.."),
  ],
  targets: [
    .testTarget(
      name: "CardTests",
      dependencies: [.product(name: "ZoetropeTesting", package: "Zoetrope")],
      exclude: ["__Snapshots__"],  // the recorded references: read by the tests from the source tree, not resources
      resources: [.copy("card.json")]
    ),
  ]
)
