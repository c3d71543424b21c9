// SPDX-License-Identifier: Apache-2.0
// Entry point of `zoetrope-fuzz`: libFuzzer's driver in a fuzzing build, a replayer otherwise.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if ZOETROPE_FUZZING
// SwiftPM links an executable's `main` to `<module>_main`; in a fuzzing build
// (scripts/fuzz) that is libFuzzer's driver, which calls the harness for
// every input it generates.

@_extern(c, "LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The process entry point of a fuzzing build.
@_cdecl("zoetrope_fuzz_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  var argc = argc, argv = argv
  return runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
}
#else
/// The process entry point of a plain build: `zoetrope-fuzz TARGET FILE…`.
@main
enum FuzzMain {
  static func main() { exit(FuzzReplay.run(CommandLine.arguments)) }
}
#endif
