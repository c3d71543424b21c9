// SPDX-License-Identifier: Apache-2.0
// Replaying fuzzer inputs (a crash, a corpus) through a harness without libFuzzer.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `zoetrope-fuzz TARGET FILE…`: runs every file (or every file in a folder)
/// through the harness `TARGET` once, as libFuzzer would, and says how many
/// ran. A crash reproduces here without the sanitizers' build.
enum FuzzReplay {
  /// Runs the command line; returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      writeError("usage: zoetrope-fuzz TARGET FILE… (TARGET: \(names))\n")
      return 2
    }
    var count = 0
    for path in arguments.dropFirst(2) {
      for file in files(at: path) {
        guard let bytes = contents(of: file) else {
          writeError("\(file): cannot read\n")
          return 1
        }
        bytes.withUnsafeBytes { target.run($0) }
        count += 1
      }
    }
    print("\(target.rawValue): \(count) input\(count == 1 ? "" : "s") ran")
    return 0
  }

  /// `path` itself, or the regular files in it when it is a folder (sorted).
  static func files(at path: String) -> [String] {
    guard let folder = opendir(path) else { return [path] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if !name.hasPrefix(".") { names.append(path + "/" + name) }
    }
    return names.sorted()
  }

  /// The bytes of a file, or `nil` when it cannot be read.
  static func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      bytes += chunk[0..<count]
      if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
    }
  }

  /// Writes `text` to standard error.
  static func writeError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }
}
