import Foundation

/// Wall-clock seconds of the best of `repetitions` runs: the minimum is the figure least disturbed
/// by other processes on a shared machine.
func bestTime(repetitions: Int = 3, _ body: () -> Void) -> Double { bestTiming(repetitions: repetitions, body).wall }

/// Seconds of one piece of work on the calling thread: wall clock, and the thread's CPU time, which
/// other processes on a shared machine disturb far less (they take turns on the core, not its work).
struct Timing {
    var wall: Double
    var cpu: Double

    static func + (left: Timing, right: Timing) -> Timing { Timing(wall: left.wall + right.wall, cpu: left.cpu + right.cpu) }
}

/// The best wall-clock and the best CPU time of `repetitions` runs of `body` on this thread.
func bestTiming(repetitions: Int = 3, _ body: () -> Void) -> Timing {
    var best = Timing(wall: .infinity, cpu: .infinity)
    for _ in 0..<max(1, repetitions) {
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = threadCPUSeconds()
        body()
        best.cpu = min(best.cpu, threadCPUSeconds() - startCPU)
        best.wall = min(best.wall, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

/// CPU time the calling thread has used, in seconds.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CPU time every thread of this process has used, in seconds.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The process's peak resident set size in MB (VmHWM from /proc).
func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.split(separator: " ").compactMap { Double($0) }
        if let kilobytes = digits.first { return kilobytes / 1024 }
    }
    return .nan
}

/// The process's current resident set size in MB (VmRSS).
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let digits = line.split(separator: " ").compactMap { Double($0) }
        if let kilobytes = digits.first { return kilobytes / 1024 }
    }
    return .nan
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
    return sorted[index]
}

/// Prints one figure beside its reference, the way every line of the report reads.
struct Report {
    private(set) var lines: [String] = []

    mutating func heading(_ text: String) {
        lines.append("")
        lines.append("## \(text)")
        print("\n## \(text)")
    }

    mutating func figure(_ name: String, _ value: String, reference: String, ratio: String = "") {
        let line = "\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(value.padding(toLength: 26, withPad: " ", startingAt: 0)) ref: \(reference)\(ratio.isEmpty ? "" : "  → \(ratio)")"
        lines.append(line)
        print(line)

    }
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String {
    String(format: "%.1f MB/s", Double(bytes) / 1_000_000 / seconds)
}
func times(_ value: Double) -> String { String(format: "%.2f×", value) }

/// The one-minute load average (/proc/loadavg): the machine may be shared, and wall-clock figures
/// only mean something beside it.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").first.map(String.init) ?? "?"
}
