import Foundation

/// Figures of the real `tutorial-check` binary as a separate process: start-up cost and memory.
enum ProcessBench {
    /// `tutorial-check` next to this executable (both are products of the same build).
    static var binary: String? {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidate = own.deletingLastPathComponent().appendingPathComponent("tutorial-check").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Wall-clock seconds of one run of `binary arguments` (best of `repetitions`).
    static func wallTime(_ binary: String, _ arguments: [String], repetitions: Int = 5) -> Double {
        bestTime(repetitions: repetitions) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
        }
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
