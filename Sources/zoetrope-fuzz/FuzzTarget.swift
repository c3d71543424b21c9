// SPDX-License-Identifier: Apache-2.0
// The fuzzing harnesses: which code each one feeds untrusted bytes to.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One harness: a function from arbitrary bytes to some code that untrusted
/// input reaches. A harness may refuse the input (that is the expected
/// outcome for most); it must never trap, hang, or use unbounded memory, and
/// where the code under test promises something checkable (a PNG decodes to
/// what was encoded) it checks it and traps when the promise is broken.
enum FuzzTarget: String, CaseIterable {
  /// The strict JSON reader.
  case json
  /// The YAML reader (through Yams) into the same values.
  case yaml
  /// The scene decoder on whole files (JSON or YAML), then one tiny frame rendered.
  case scene
  /// SVG path data, then the path measured, trimmed and flattened.
  case svgPath = "svg-path"
  /// Fill and stroke of arbitrary geometry, rasterized onto a small canvas.
  case stroke
  /// The PNG reader `compare` runs on files it is given.
  case png
  /// The reader of a layer's `contents` (PNG and JPEG) within its budgets.
  case image
  /// The Lottie importer on whole files, then tiny frames and the scene it converts to.
  case lottie

  /// Feeds `bytes` to the harness.
  func run(_ bytes: UnsafeRawBufferPointer) {
    switch self {
    case .json: FuzzTarget.json(Array(bytes))
    case .yaml: FuzzTarget.yaml(Array(bytes))
    case .scene: FuzzTarget.scene(Array(bytes))
    case .svgPath: FuzzTarget.svgPath(Array(bytes))
    case .stroke: FuzzTarget.stroke(Array(bytes))
    case .png: FuzzTarget.png(Array(bytes))
    case .image: FuzzTarget.image(Array(bytes))
    case .lottie: FuzzTarget.lottie(Array(bytes))
    }
  }

  /// The harness named by `ZOETROPE_FUZZ_TARGET` (read once; libFuzzer owns the command line).
  static let selected: FuzzTarget = {
    let name = getenv("ZOETROPE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      FuzzReplay.writeError("zoetrope-fuzz: set ZOETROPE_FUZZ_TARGET to one of \(names) (got '\(name)')\n")
      exit(2)
    }
    return target
  }()
}

/// libFuzzer's entry point: one input to the selected harness.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzTarget.selected.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
  return 0
}
