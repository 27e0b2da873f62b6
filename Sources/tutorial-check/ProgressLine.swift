#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel

/// The sign of life of a long run (`lint`, `report`, `diff` of many documents): one line on stderr,
/// rewritten in place (`\r`, then erase to the end of the line) with the documents done of the total and
/// the last one done, erased before the command's own output. Only when stderr is a terminal and
/// `--quiet` was not given: a log, a pipe or a CI step sees nothing of it.
final class ProgressLine: Sendable {
    private let command: String
    /// Documents done, and whether a line is on the screen now.
    private let state = Protected((done: 0, shown: false))

    private init(command: String) { self.command = command }

    /// A progress line for the command, or nil when none is to be shown.
    static func make(_ command: String, _ parsed: ParsedArguments) -> ProgressLine? {
        guard !parsed.has("quiet"), isatty(STDERR_FILENO) != 0 else { return nil }
        return ProgressLine(command: command)
    }

    /// The `--quiet` option of the commands that show progress.
    static let quietOption = OptionSpec(
        name: "quiet", values: nil, help: "no progress line on stderr (it is shown only on a terminal anyway)")

    /// One document is done (called from the worker that did it).
    func documentDone(_ path: String, total: Int) {
        state.withLock { state in
            state.done += 1
            // A run of one document has nothing to count.
            guard total > 1 else { return }
            let counts = "\(command): \(state.done)/\(total) documents "
            let room = max(Self.terminalWidth() - counts.count - 1, 8)
            write("\r\u{1B}[K" + counts + Self.shown(path, room: room))
            state.shown = true
        }
    }

    /// Erases the line, before the command writes its results.
    func clear() {
        state.withLock { state in
            if state.shown { write("\r\u{1B}[K") }
            state.shown = false
        }
    }

    private func write(_ text: String) { writeAll(STDERR_FILENO, text) }

    /// The path as it fits: control characters as `?` (a file name must not drive the terminal), and the
    /// end of a long path kept behind an ellipsis.
    private static func shown(_ path: String, room: Int) -> String {
        let clean = String(
            String.UnicodeScalarView(path.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return clean.count <= room ? clean : "…" + clean.suffix(room - 1)
    }

    /// The terminal's width in columns (80 when it does not say): a line longer than that would wrap,
    /// and `\r` would rewrite only its last part.
    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
