// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// The targets follow the layering of docs/architecture.md; lower layers never import higher ones:
// Geometry → Timing → Animation → Layers → Scene → Zoetrope → CLI / bench.

let package = Package(
  name: "Zoetrope",
  platforms: [.macOS(.v15)],
  products: [
    // MARK: - Public API
    .library(name: "Zoetrope", targets: ["Zoetrope"]),
    .library(name: "ZoetropeTesting", targets: ["ZoetropeTesting"]),
    .executable(name: "zoetrope", targets: ["zoetrope"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
  ],
  targets: [
    // MARK: - Implementation details (one module per layer of docs/architecture.md)
    .target(name: "ZoetropeGeometry", exclude: ["README.md"]),
    .target(name: "ZoetropeTiming", exclude: ["README.md"]),
    .target(name: "ZoetropeAnimation", dependencies: ["ZoetropeGeometry", "ZoetropeTiming"], exclude: ["README.md"]),
    .target(
      name: "ZoetropeLayers", dependencies: ["ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation"],
      exclude: ["README.md"]),
    .target(name: "Shaders", path: "Shaders", exclude: ["README.md"]),
    .target(
      name: "ZoetropeRaster", dependencies: ["Shaders", "ZoetropeGeometry", "ZoetropeLayers"], exclude: ["README.md"]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat",
                   providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    .target(name: "CZoetropeMedia", dependencies: ["CPNG", "CFFmpeg", "CGIF"], exclude: ["README.md"],
            // Named here too: a C target does not autolink its module maps' `link` lines.
            linkerSettings: ["avformat", "avcodec", "swscale", "avutil", "gif"].map { .linkedLibrary($0) }),
    .target(name: "ZoetropeMedia", dependencies: ["CZoetropeMedia"], exclude: ["README.md"]),
    .target(
      name: "ZoetropeScene",
      dependencies: ["ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "Yams"],
      exclude: ["README.md"]),
    .target(
      name: "Zoetrope",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropeRaster",
        "ZoetropeMedia", "ZoetropeScene",
      ],
      exclude: ["README.md"]),

    // MARK: - Tools
    .executableTarget(
      name: "zoetrope",
      dependencies: ["Zoetrope", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      exclude: ["README.md"]),
    .executableTarget(name: "zoetrope-bench", dependencies: ["Zoetrope"], exclude: ["README.md"]),

    .target(
      name: "ZoetropeTesting",
      dependencies: ["Zoetrope", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
      exclude: ["README.md"]),

    // MARK: - Tests
    .target(name: "_ZoetropeTestSupport", dependencies: ["Zoetrope"], exclude: ["README.md"]),
    .testTarget(name: "ZoetropeGeometryTests", dependencies: ["ZoetropeGeometry"]),
    .testTarget(name: "ZoetropeTimingTests", dependencies: ["ZoetropeTiming", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeAnimationTests", dependencies: ["ZoetropeAnimation", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeLayersTests", dependencies: ["Zoetrope", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeSceneTests", dependencies: ["ZoetropeScene", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeDocsTests", dependencies: ["ZoetropeScene", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeCLITests", dependencies: ["_ZoetropeTestSupport"]),
    .testTarget(name: "ShadersTests", dependencies: ["Shaders"]),
    .testTarget(name: "ZoetropeMediaTests", dependencies: ["ZoetropeMedia"]),
    .testTarget(name: "ZoetropeRasterTests", dependencies: ["Zoetrope", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeTests", dependencies: ["Zoetrope", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeTestingTests", dependencies: ["ZoetropeTesting", "_ZoetropeTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
