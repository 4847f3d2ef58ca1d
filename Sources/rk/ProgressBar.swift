import Foundation
import RestKit
import Synchronization

/// A one-line progress bar on stderr: bytes sent (or read) / total, percentage, rate.
///
/// Fed from ``Body/withProgress(_:)`` (bytes as they are handed to the HTTP client) or with
/// the bytes of the files read so far (`rk seed`), redrawn
/// at most ten times a second, finished with a newline. Only made when stderr is a terminal.
///
/// ```swift
/// let bar = ProgressBar.forTerminal()
/// let body = bar.map { bar in body.withProgress { bar.update($0) } } ?? body
/// … send …
/// bar?.finish()
/// ```
final class ProgressBar: Sendable {
    private struct State {
        var start = ContinuousClock.now
        var lastDraw: ContinuousClock.Instant?
        var bytes = 0
        var total: Int?
        var drewAnything = false
        var finished = false
    }

    private let state = Mutex(State())

    /// A bar when stderr is a terminal, else `nil` (pipes and log files stay clean).
    static func forTerminal() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    /// Records the bytes produced so far; redraws when 100 ms have passed since the last
    /// redraw, or at the end.
    func update(_ progress: Body.Progress) {
        update(bytes: progress.bytesProduced, total: progress.totalBytes)
    }

    /// Records `bytes` done out of `total` (files read by `rk seed`, say); redraws as
    /// ``update(_:)`` does.
    func update(bytes: Int, total: Int?) {
        let line: String? = state.withLock { state in
            // A read still under way when the upload ended (a redirect or an error) draws nothing.
            if state.finished { return nil }
            let now = ContinuousClock.now
            state.bytes = bytes
            state.total = total
            let done = total.map { bytes >= $0 } ?? false
            if let last = state.lastDraw, now - last < .milliseconds(100), !done { return nil }
            state.lastDraw = now
            state.drewAnything = true
            return Self.line(bytes: state.bytes, total: state.total, elapsed: now - state.start)
        }
        if let line { StandardStreams.writeError("\r" + line + "\u{1B}[K") }
    }

    /// Ends the line (once something was drawn); later updates draw nothing.
    func finish() {
        let drew = state.withLock { state in
            state.finished = true
            return state.drewAnything
        }
        if drew { StandardStreams.writeError("\n") }
    }

    /// `  12.0 MiB / 2.0 GiB   0.6%  512.3 MiB/s`.
    static func line(bytes: Int, total: Int?, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(bytes) / seconds : 0
        var text = "  " + size(bytes)
        if let total {
            let percent = total > 0 ? Double(bytes) / Double(total) * 100 : 100
            text += " / " + size(total) + "  " + String(format: "%5.1f%%", percent)
        }
        return text + "  " + size(Int(rate)) + "/s"
    }

    /// Bytes in B, KiB, MiB or GiB with one decimal.
    static func size(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f ", value) + units[unit]
    }
}
