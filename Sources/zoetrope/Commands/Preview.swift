// SPDX-License-Identifier: Apache-2.0
// `zoetrope preview`: a local page to scrub, inspect and live-reload a scene.

import ArgumentParser
import Foundation
import Zoetrope
import ZoetropePreview

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `zoetrope preview SCENE [--port N] [--host 127.0.0.1] [--open]`
struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve a local page to scrub, inspect and live-reload a scene.",
    discussion: """
      Prints the page's address and serves until Ctrl-C. The scene is read again whenever its file, or a \
      file it references, changes (as render --watch sees them); a broken save shows its errors over the \
      last good frame. The HTTP API (frames as PNG, inspect lines, events) is in docs/preview.md.
      """
  )

  @Argument(help: "The scene file (.json, .yaml or .yml), or a Lottie file.")
  var scene: String

  @Option(name: .customLong("port"), help: "The port to listen on, 0 for any free one.")
  var port: Int = 8765

  @Option(name: .customLong("host"), help: "The address to listen on; anything but 127.0.0.1, ::1 or localhost is warned about.")
  var host: String = "127.0.0.1"

  @Option(name: .customLong("golden"), help: "A folder of expected frames (0000.png, 0001.png, ... as compare takes): show expected, actual and difference, and mark the frames that differ.")
  var golden: String?

  @Flag(name: .customLong("open"), help: "Open the page in the default browser (xdg-open or open).")
  var open = false

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
  }

  func run() throws {
    guard FileManager.default.fileExists(atPath: scene) else {
      printError("\(scene): no such file")
      throw ExitCode.failure
    }
    let preview: PreviewService
    do {
      preview = try PreviewService(scene: scene, host: host, port: UInt16(port), golden: golden, load: Preview.load)
    } catch {
      printError("preview: \(error)")
      throw ExitCode.failure
    }
    if !["127.0.0.1", "::1", "localhost"].contains(host) {
      printError("preview: warning: listening on \(host): anyone who can reach this address can see the scene's frames")
    }
    // Written at once (not buffered): a script reading the address through a pipe gets it now.
    var line = preview.url + "\n"
    line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
    if let problem = preview.session.problem { printError(problem.description) }
    if open { Preview.openInBrowser(preview.url) }
    let interrupt = Interruption.install()
    preview.serve(until: { interrupt.signal != 0 })
    throw ExitCode(128 + interrupt.signal)
  }

  /// The scene loader of the other commands, without their printing: a
  /// scene file or a Lottie animation (`Scene(contentsOf:)`), the session's
  /// own default.
  static let load: SceneLoader = PreviewSession.decodeFile

  /// Starts the desktop's opener on `url`, without waiting for it.
  static func openInBrowser(_ url: String) {
    let process = Process()
    #if os(macOS)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
    #else
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
    #endif
    process.arguments = [url]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    if (try? process.run()) == nil { printError("preview: could not open a browser; open \(url)") }
  }
}
