// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// The module graph is the table of docs/architecture.md ("Modules"): each target's layer,
// what it owns and what it may import, which is its dependencies below. scripts/check-imports
// holds that table, the layers and every target's README to this file; an arrow means
// "imports", and no module imports one above it.
//
// `Image` (decoded pixels) sits at the bottom, in ZoetropePixels, because
// animation values and layer properties hold images; decoding files, which
// needs C libraries, sits above the layers in ZoetropeImages and hands
// finished Images down.

// The modules the umbrella `Zoetrope` re-exports, named by every target that depends on it.
// SwiftPM's incremental build recompiles a target when a module it names changes, but misses
// one it reaches only through an `@_exported import` (swiftlang/swift#89636): a struct of
// ZoetropeLayers that gains a stored property is then read with its old layout by a stale
// client (`zoetrope validate` once crashed so). scripts/check-imports holds every target to it.
let umbrella: [Target.Dependency] = [
  "Zoetrope", "ZoetropeAnimation", "ZoetropeGeometry", "ZoetropeImages", "ZoetropeLayers", "ZoetropeMedia",
  "ZoetropePixels", "ZoetropeScene", "ZoetropeText", "ZoetropeTiming",
  "ZoetropeLottie",
]

let package = Package(
  name: "Zoetrope",
  platforms: [.macOS(.v15)],
  products: [
    // MARK: - Public API
    .library(name: "Zoetrope", targets: ["Zoetrope"]),
    .library(name: "ZoetropeVideo", targets: ["ZoetropeVideo"]),
    .library(name: "ZoetropeTesting", targets: ["ZoetropeTesting"]),
    .library(name: "ZoetropeQuartzCore", targets: ["ZoetropeQuartzCore"]),
    .executable(name: "zoetrope", targets: ["zoetrope"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    // `zoetrope preview`'s sockets (FlyingSocks; no dependencies of its own). docs/architecture.md says why.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // MARK: - Implementation details (one module per layer of the architecture)
    // AVX2 twins of the blend kernels: C functions compiled for AVX2 one by one
    // (`__attribute__((target("avx2")))`, no flags) and chosen by CPU feature.
    .target(name: "CZoetropeKernels", exclude: ["README.md"]),
    .target(name: "ZoetropeShaders", dependencies: ["CZoetropeKernels"], path: "Shaders", exclude: ["README.md"]),
    .target(name: "ZoetropePixels", exclude: ["README.md"]),
    .target(name: "ZoetropeGeometry", exclude: ["README.md"]),
    .target(name: "ZoetropeTiming", exclude: ["README.md"]),
    // How every input file is opened (scenes, images, fonts, palettes, parts): one set of checks.
    .target(name: "ZoetropeFiles", exclude: ["README.md"]),
    .target(name: "ZoetropeAnimation", dependencies: ["ZoetropeGeometry", "ZoetropeTiming", "ZoetropePixels"],
            exclude: ["README.md"]),
    .target(
      name: "ZoetropeLayers", dependencies: ["ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropePixels"],
      exclude: ["README.md"]),
    .target(name: "ZoetropeRaster", dependencies: ["CZoetropeKernels", "ZoetropeShaders", "ZoetropeGeometry", "ZoetropePixels"],
            exclude: ["README.md"]),

    // Images and PNG: libpng only, so that golden tests need nothing else.
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .target(name: "CZoetropeMedia", dependencies: ["CPNG"], exclude: ["README.md"],
            // Named here too: a C target does not autolink its module maps' `link` lines. zlib
            // (libpng's own codec, Debian's zlib1g-dev) compresses the bands of `zt_png_write_rgba_banded`.
            linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z")]),

    // Image files: PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp) read within limits, PNG written.
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .target(name: "CZoetropeImages", dependencies: ["CPNG", "CJPEG", "CWebP"], exclude: ["README.md"],
            linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),
    .target(name: "ZoetropeImages", dependencies: ["ZoetropePixels", "CZoetropeImages", "CZoetropeMedia", "ZoetropeFiles"],
            exclude: ["README.md"]),
    // Output: frame sinks, PNG sequences, files written under a temporary name.
    .target(name: "ZoetropeMedia", dependencies: ["ZoetropeImages", "CZoetropeMedia"], exclude: ["README.md"]),

    // Video and GIF: FFmpeg's libraries and giflib.
    .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat",
                   providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    // Animated WebP: libwebp's animation encoder (libwebpmux) and decoder (libwebpdemux).
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    .target(name: "CZoetropeVideo", dependencies: ["CZoetropeMedia", "CFFmpeg", "CGIF", "CWebP"], exclude: ["README.md"],
            linkerSettings: ["avformat", "avcodec", "swscale", "avutil", "gif", "webpmux", "webpdemux", "webp"]
              .map { .linkedLibrary($0) }),
    .target(name: "ZoetropeVideo", dependencies: ["CZoetropeVideo", "ZoetropeGeometry", "ZoetropeImages", "ZoetropeMedia", "ZoetropeTiming",
                           "ZoetropeFiles"],
            exclude: ["README.md"]),

    // Text: FreeType (outlines), HarfBuzz (shaping), fontconfig (finding fonts).
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .target(name: "CZoetropeText", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig"], exclude: ["README.md"],
            linkerSettings: ["freetype", "harfbuzz", "fontconfig"].map { .linkedLibrary($0) }),
    .target(name: "ZoetropeText", dependencies: ["CZoetropeText", "ZoetropeGeometry", "ZoetropeLayers", "ZoetropeFiles"],
            exclude: ["README.md"]),
    .target(
      name: "ZoetropeCompositor",
      dependencies: ["ZoetropeShaders", "ZoetropeRaster", "ZoetropeLayers", "ZoetropeText", "ZoetropeGeometry"],
      exclude: ["README.md"]),

    .target(
      name: "ZoetropeScene",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropePixels", "ZoetropeText",
        "ZoetropeImages", "ZoetropeFiles", "Yams",
      ],
      exclude: ["README.md"]),
    // Lottie (bodymovin JSON) onto the same model: layers and Core Animation animations.
    .target(
      name: "ZoetropeLottie",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropePixels",
        "ZoetropeImages", "ZoetropeMedia", "ZoetropeScene", "ZoetropeText",
      ],
      exclude: ["README.md"]),
    .target(
      name: "Zoetrope",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropeRaster",
        "ZoetropeCompositor", "ZoetropeText", "ZoetropeMedia", "ZoetropeScene", "ZoetropePixels", "ZoetropeImages",
        "ZoetropeLottie",
      ],
      exclude: ["README.md"]),
    .target(
      name: "ZoetropeTesting",
      dependencies: umbrella + [.product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
      exclude: ["README.md"]),

    // `zoetrope preview`: a local HTTP server and its page (HTML, CSS and JavaScript compiled into the module).
    .target(
      name: "ZoetropePreview",
      dependencies: umbrella + ["ZoetropeVideo", .product(name: "FlyingSocks", package: "FlyingFox")],
      exclude: ["README.md"],
      resources: [.embedInCode("Page/index.html"), .embedInCode("Page/preview.css"), .embedInCode("Page/preview.js")]),
    // Core Animation code as written for iOS: QuartzCore's, Core Graphics' and UIKit's names over
    // Zoetrope's public API (scripts/check-imports holds it to importing Zoetrope and Foundation only).
    .target(name: "ZoetropeQuartzCore", dependencies: umbrella, exclude: ["README.md"]),

    // MARK: - Tools
    .executableTarget(
      name: "zoetrope",
      dependencies: umbrella + [
        "ZoetropeVideo", "ZoetropePreview", "CZoetropeMedia",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: ["README.md"]),
    .executableTarget(name: "zoetrope-bench", dependencies: umbrella + ["ZoetropeVideo", "CZoetropeMedia"],
                      exclude: ["README.md"]),
    // Fuzzing harnesses: scripts/fuzz builds them with libFuzzer; a plain build replays saved inputs.
    .executableTarget(
      name: "zoetrope-fuzz",
      dependencies: umbrella + ["ZoetropeRaster"],
      exclude: ["README.md"]),

    // MARK: - Tests
    .target(
      name: "_ZoetropeTestSupport",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropeScene", "ZoetropeImages",
        "ZoetropeMedia",
      ],
      exclude: ["README.md"]),
    .testTarget(name: "ZoetropeShadersTests", dependencies: ["ZoetropeShaders", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeGeometryTests", dependencies: ["ZoetropeGeometry", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeFilesTests", dependencies: ["ZoetropeFiles", "_ZoetropeTestSupport"]),
    .testTarget(name: "ZoetropeTimingTests", dependencies: ["ZoetropeTiming", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeAnimationTests",
      dependencies: ["ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeLayersTests",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropeScene", "_ZoetropeTestSupport",
      ]),
    .testTarget(name: "ZoetropeRasterTests", dependencies: ["ZoetropeShaders", "ZoetropeGeometry", "ZoetropePixels", "ZoetropeRaster", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeCompositorTests",
      dependencies: umbrella + ["ZoetropeRaster", "ZoetropeCompositor", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeTextTests",
      dependencies: ["CZoetropeText", "ZoetropeGeometry", "ZoetropeLayers", "ZoetropeText", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeMediaTests", dependencies: ["ZoetropeImages", "ZoetropeMedia", "CZoetropeMedia", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeImagesTests",
      dependencies: ["ZoetropePixels", "ZoetropeImages", "ZoetropeMedia", "CZoetropeImages", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeVideoTests",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeImages", "ZoetropeMedia", "ZoetropeVideo", "_ZoetropeTestSupport",
      ]),
    .testTarget(
      name: "ZoetropeSceneTests",
      dependencies: [
        "ZoetropeGeometry", "ZoetropeTiming", "ZoetropeAnimation", "ZoetropeLayers", "ZoetropeScene", "ZoetropeImages",
        "ZoetropeMedia", "ZoetropeText", "_ZoetropeTestSupport",
      ]),
    .testTarget(
      name: "ZoetropeTests",
      dependencies: umbrella + ["ZoetropeRaster", "ZoetropeVideo", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeTestingTests",
      dependencies: [
        "ZoetropeTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"), "_ZoetropeTestSupport",
      ] + umbrella),
    .testTarget(name: "ZoetropeLottieTests", dependencies: umbrella + ["_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropeQuartzCoreTests",
      dependencies: [
        "ZoetropeQuartzCore", "ZoetropeTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        "_ZoetropeTestSupport",
      ] + umbrella),
    .testTarget(name: "ZoetropeCLITests", dependencies: umbrella + ["ZoetropeVideo", "_ZoetropeTestSupport"]),
    .testTarget(
      name: "ZoetropePreviewTests",
      dependencies: umbrella + ["ZoetropePreview", "_ZoetropeTestSupport", .product(name: "FlyingSocks", package: "FlyingFox")]),
    .testTarget(
      name: "ZoetropeDocsTests", dependencies: ["ZoetropeAnimation", "ZoetropeLayers", "ZoetropeScene", "_ZoetropeTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
