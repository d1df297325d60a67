import ArgumentParser
import Foundation

/// `--quiet`: no progress on standard error.
struct ProgressOptions: ParsableArguments {
    @Flag(help: "Print no progress on standard error (results and errors still print).")
    var quiet = false
}

/// The progress of long work on standard error: on a terminal one line
/// rewritten in place (a bar, the count, the time left at the rate so far, the
/// latest step's detail); otherwise one line per step, so that a log shows
/// where a batch job is; nothing with `--quiet`. Standard output is never
/// touched, so results stay byte-identical.
final class ProgressReporter: @unchecked Sendable {
    enum Mode { case bar, lines, quiet }

    let total: Int
    let unit: String
    let mode: Mode
    private let started = ContinuousClock.now
    private let lock = NSLock()
    private var open = false
    private var counted = 0

    /// - Parameters:
    ///   - total: the steps the work has.
    ///   - unit: what a step is, plural (`"days"`, `"seeds"`, `"runs"`).
    ///   - quiet: report nothing (`--quiet`).
    init(total: Int, unit: String, quiet: Bool) {
        self.total = max(total, 1)
        self.unit = unit
        mode = quiet ? .quiet : isatty(STDERR_FILENO) == 1 ? .bar : .lines
    }

    /// Reports that `done` of the steps are finished, the last with `detail`.
    func step(_ done: Int, _ detail: String) {
        guard mode != .quiet else { return }
        lock.lock()
        defer { lock.unlock() }
        let elapsed = (ContinuousClock.now - started).inSeconds
        let left = done > 0 && done < total ? elapsed / Double(done) * Double(total - done) : 0
        let eta = done < total && done > 0 ? ", about \(Self.duration(left)) left" : ""
        switch mode {
        case .bar:
            let width = 24
            let filled = min(width, done * width / total)
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[2K[\(bar)] \(done)/\(total) \(unit)\(eta): \(detail)".utf8))
            open = true
            if done >= total { finishLine() }
        case .lines:
            FileHandle.standardError.write(Data("\(done)/\(total) \(unit)\(eta): \(detail)\n".utf8))
        case .quiet:
            break
        }
    }

    /// Reports one more finished step, with `detail`: for steps finished on
    /// several threads, which count them here.
    func advance(_ detail: String) {
        lock.lock()
        counted += 1
        let done = counted
        lock.unlock()
        step(done, detail)
    }

    /// Ends the rewritten line, so that what follows starts on its own.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        finishLine()
    }

    private func finishLine() {
        if open { FileHandle.standardError.write(Data("\n".utf8)) }
        open = false
    }

    /// `seconds` as "45 s", "3 min 20 s" or "1 h 05 min".
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(String(format: "%02d", s % 60)) s" }
        return "\(s / 3600) h \(String(format: "%02d", (s % 3600) / 60)) min"
    }
}
