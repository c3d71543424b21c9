// SPDX-License-Identifier: Apache-2.0
// Progress of a render on standard error: a bar with ETA, JSON lines, or nothing.

import Dispatch
import Zoetrope

/// Reports ``ClipRender/Progress`` as a one-line bar redrawn in place (`tty`),
/// one JSON object per line (`json`: `{"pass", "passes", "frame", "frames",
/// "fraction", "elapsedSeconds", "etaSeconds", "fps"}`), or not at all
/// (`none`). Updates are throttled to ten a second; the last is always shown.
final class ProgressReporter {
  let style: String
  let output: String
  private var lastReport: UInt64 = 0
  private var last: ClipRender.Progress?
  private var drewBar = false

  init(style: String, output: String) {
    self.style = style
    self.output = output
  }

  func report(_ progress: ClipRender.Progress) {
    last = progress
    let now = DispatchTime.now().uptimeNanoseconds
    let final = progress.framesDone == progress.frameCount && progress.pass == progress.passCount
    guard final || now - lastReport >= 100_000_000 else { return }
    lastReport = now
    emit(progress)
  }

  private func emit(_ p: ClipRender.Progress) {
    let fraction = p.fraction
    let eta = fraction > 0 ? p.elapsedSeconds * (1 - fraction) / fraction : 0
    let fps = p.elapsedSeconds > 0 ? Double(p.framesDone + (p.pass - 1) * p.frameCount) / p.elapsedSeconds : 0
    switch style {
    case "json":
      printError("{\"pass\": \(p.pass), \"passes\": \(p.passCount), \"frame\": \(p.framesDone), "
        + "\"frames\": \(p.frameCount), \"fraction\": \(Inspection.number(fraction)), "
        + "\"elapsedSeconds\": \(Inspection.number(p.elapsedSeconds)), \"etaSeconds\": \(Inspection.number(eta)), "
        + "\"fps\": \(Inspection.number(fps))}")
    case "tty":
      let width = 30
      let filled = Swift.min(width, Int(fraction * Double(width)))
      let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
      let phase = p.passCount > 1 ? (p.pass == 1 ? " palette" : " encode") : ""
      let line = "\r\u{1B}[2K\(output) \(bar) \(Int(fraction * 100))% \(p.framesDone)/\(p.frameCount)\(phase) "
        + "\(Self.format(fps)) fps ETA \(Self.clock(eta))"
      writeError(line)
      drewBar = true
    default:
      break
    }
  }

  /// Ends the bar's line.
  func done() {
    if style == "tty", drewBar { writeError("\n") }
  }

  /// Clears the bar after a failure.
  func abandon() {
    if style == "tty", drewBar { writeError("\r\u{1B}[2K") }
  }

  static func format(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }

  static func clock(_ seconds: Double) -> String {
    let s = Int(seconds.rounded())
    return s >= 3600 ? "\(s / 3600):\(pad(s / 60 % 60)):\(pad(s % 60))" : "\(s / 60):\(pad(s % 60))"
  }

  private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
