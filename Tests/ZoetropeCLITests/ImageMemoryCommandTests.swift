// SPDX-License-Identifier: Apache-2.0
// Issue 34, M7: a small file claiming 16384 × 16384 pixels keeps a render within the 1 GiB image budget, and
// `compare` of two such files within its own; measured as the peak memory of the child process.

import Foundation
import Testing
import _ZoetropeTestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized) struct ImageMemoryCommandTests {
  /// Runs `zoetrope` with `arguments`, its output thrown away; its exit
  /// status and its own peak resident memory, bytes: the high-water mark
  /// of its memory after `exec` (`VmHWM`), read every few milliseconds
  /// while it runs. (`wait4`'s figure would count the test process's own
  /// memory, which the child shares until it executes the tool.)
  static func runMeasured(_ arguments: [String]) throws -> (status: Int32, peakBytes: Int, standardError: String) {
    let errors = TestFiles.url("zoetrope-m7-\(UUID().uuidString).err").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([CLI.executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, CLI.executable.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var peak = 0
    while true {
      // The mark of the tool's own memory once it runs (the one before exec is the test's).
      if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        text.split(separator: "\n").first?.hasSuffix("zoetrope") == true,
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
      {
        peak = Swift.max(peak, kilobytes * 1024)
      }
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid || (done < 0 && errno != EINTR) { break }
      usleep(5_000)
    }
    let standardError = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    let exited = status & 0x7F == 0
    return (exited ? status >> 8 & 0xFF : 128 + status & 0x7F, peak, standardError)
  }

  /// A 1-bit grey PNG of 16384 × 16384 pixels, all black, its rows stored
  /// (33.6 MB; the hostile file was the same rows deflated to 32 KB).
  static func bilevelPNG(in folder: URL, name: String) throws -> String {
    let row = [UInt8](repeating: 0, count: 16_384 / 8)
    let bytes = PNGFiles.stored(width: 16_384, height: 16_384, depth: 1, colorType: 0,
                                rows: [[UInt8]](repeating: row, count: 16_384))
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// `still` of a 64 × 64 scene showing it decodes its 1 GiB of pixels once,
  /// in place: before, the decoder's copy and the premultiplied one peaked
  /// at 2.1 GB.
  @Test(.timeLimit(.minutes(5))) func aBilevelPNGOf16384PixelsASideStaysWithinTheBudget() throws {
    let scene = try CLI.temporaryScene(#"""
      {"zoetrope": 1, "canvas": {"width": 64, "height": 64}, "layers": [{"frame": [0, 0, 64, 64], "contents": "big.png"}]}
      """#)
    _ = try Self.bilevelPNG(in: scene.deletingLastPathComponent(), name: "big.png")
    let output = scene.deletingLastPathComponent().appendingPathComponent("still.png").path
    let result = try Self.runMeasured(["still", scene.path, "-o", output])
    #expect(result.status == 0, "\(result.standardError)")
    // 1 GiB of pixels, the file's 34 MB, and the tool itself.
    #expect(result.peakBytes > 1 << 30 && result.peakBytes < (1 << 30) + (160 << 20), "peak \(result.peakBytes) bytes")
  }

  /// `compare` holds both images and their difference in 1 GiB, a third
  /// each: two such files are refused from their headers (before, 3.2 GB).
  @Test(.timeLimit(.minutes(5))) func compareOfTwoSuchFilesIsRefusedFromTheirHeaders() throws {
    let folder = try CLI.temporaryScene("{}").deletingLastPathComponent()
    let a = try Self.bilevelPNG(in: folder, name: "a.png"), b = try Self.bilevelPNG(in: folder, name: "b.png")
    let result = try Self.runMeasured(["compare", a, b])
    #expect(result.status == 2)
    #expect(result.standardError.contains("a.png: the image claims 16384 × 16384 pixels (1073741824 bytes decoded), "
                                          + "more than the 357913941 bytes left in the image memory budget"),
            "\(result.standardError)")
    #expect(result.peakBytes > 0 && result.peakBytes < 256 << 20, "peak \(result.peakBytes) bytes")
  }
}
