import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Figures of the real `tutorial-check` binary as a separate process: start-up cost and memory.
enum ProcessBench {
    /// `tutorial-check` next to this executable (both are products of the same build).
    static var binary: String? {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidate = own.deletingLastPathComponent().appendingPathComponent("tutorial-check").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Wall-clock seconds of one run of `binary arguments` (best of `repetitions`).
    ///
    /// Spawned and awaited by `run` (`posix_spawn`, `wait4`): Foundation's `Process.waitUntilExit` polls
    /// its run loop every 50 ms on Linux, which rounded every figure up to a multiple of 50 ms.
    static func wallTime(_ binary: String, _ arguments: [String], repetitions: Int = 5) -> Double {
        (0..<repetitions).map { _ in run(binary, arguments).wall }.min() ?? .nan
    }

    /// Wall-clock and CPU seconds (user + system, every thread) of one run of `binary arguments`, its
    /// output discarded. The CPU time is what a loaded machine disturbs least.
    static func run(_ binary: String, _ arguments: [String]) -> Timing {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { return Timing(wall: .nan, cpu: .nan) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Timing(wall: wall, cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// `lint --cache` over `documents` written to a folder: the first run (empty cache), a second run
    /// (nothing changed) and a third after one document was edited.
    static func cacheRuns(_ binary: String, documents: [String]) -> (first: Timing, unchanged: Timing, oneEdited: Timing, cacheBytes: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-bench-cache-\(getpid())")
        let corpus = directory.appendingPathComponent("corpus")
        try? FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, text) in documents.enumerated() {
            try? text.write(to: corpus.appendingPathComponent("tutorial-\(index).md"), atomically: true, encoding: .utf8)
        }
        let cache = directory.appendingPathComponent("lint-cache").path
        let arguments = ["lint", "--cache", "--cache-path", cache, corpus.path]
        let first = run(binary, arguments)
        let unchanged = run(binary, arguments)
        let edited = corpus.appendingPathComponent("tutorial-\(documents.count / 2).md")
        try? (documents[documents.count / 2] + "\nOne more paragraph.\n").write(to: edited, atomically: true, encoding: .utf8)
        let oneEdited = run(binary, arguments)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: cache))?[.size] as? Int ?? 0
        return (first, unchanged, oneEdited, bytes)
    }

    /// Opens `documents` in a `tutorial-check lsp` process, waits for each one's diagnostics, and
    /// returns the server's peak RSS in MB (VmHWM), read from /proc before it exits.
    static func serverPeakMemory(_ binary: String, documents: [String]) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lsp"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return .nan }
        func send(_ message: [String: Any]) {
            var body = message
            body["jsonrpc"] = "2.0"
            input.fileHandleForWriting.write(MessageFramerShim.frame(try! JSONSerialization.data(withJSONObject: body)))
        }
        send(["id": 1, "method": "initialize", "params": ["processId": NSNull(), "rootUri": NSNull(), "capabilities": [String: Any]()]])
        send(["method": "initialized", "params": [String: Any]()])
        for (index, text) in documents.enumerated() {
            send(["method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///bench/doc\(index).md", "languageId": "markdown", "version": 1, "text": text]]])
        }
        // Every document's first diagnostics: count publishDiagnostics notifications.
        var received = Set<String>()
        var framer = MessageFramerShim()
        while received.count < documents.count {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            for body in framer.append(data) {
                guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                    message["method"] as? String == "textDocument/publishDiagnostics",
                    let params = message["params"] as? [String: Any], let uri = params["uri"] as? String
                else { continue }
                received.insert(uri)
            }
        }
        var peak = Double.nan
        if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) {
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                if let kilobytes = line.split(separator: " ").compactMap({ Double($0) }).first { peak = kilobytes / 1024 }
            }
        }
        send(["id": 2, "method": "shutdown"])
        send(["method": "exit"])
        process.waitUntilExit()
        return peak
    }
}

/// Content-Length framing for the subprocess client (the server's own framer is tested separately;
/// the bench keeps an independent reader so a framing bug cannot hide itself).
struct MessageFramerShim {
    private var buffer = Data()

    static func frame(_ body: Data) -> Data { Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    mutating func append(_ data: Data) -> [Data] {
        buffer.append(data)
        var bodies: [Data] = []
        while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            else { return bodies }
            guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { break }
            bodies.append(buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)])
            buffer = Data(buffer[(headerEnd.upperBound + length)...])
        }
        return bodies
    }
}
