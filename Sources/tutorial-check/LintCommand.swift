import Foundation
import Reports
import SwiftFacts
import TutorialFixes
import TutorialModel
import TutorialReaders
import TutorialRules

/// `tutorial-check lint [--format text|json|sarif|github|junit] [--strict] [--config FILE] [--fix] PATH…`
enum LintCommand {
    static let help = CommandHelp(
        name: "lint", summary: "check tutorials against the rules (text, json, sarif, github, junit)",
        synopsis: "[options] PATH…", options: specs, operands: .paths)
    static let specs = [
        OptionSpec(
            name: "format", values: ["text", "json", "sarif", "github", "junit"], help: "output format (default text)"),
        OptionSpec(name: "strict", values: nil, help: "exit 1 on warnings too"),
        OptionSpec(name: "config", values: [], help: "use this .tutorial-check.json instead of the nearest one"),
        OptionSpec(
            name: "fix", values: nil,
            help: "apply the rules' fixes first (atomic writes; a file is left untouched unless every edit applies), then report what remains"),
    ]

    static func run(_ arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        do {
            parsed = try parseCommand(help, arguments)
        } catch { return error.code }
        var explicit: Configuration?
        if let path = parsed.value("config") {
            do { explicit = try Configuration.load(path: path) } catch {
                writeError(error.description)
                return .usageOrInput
            }
        }
        let files: [String]
        do { files = try DocumentLoader.expand(parsed.positionals) } catch {
            writeError(error.description)
            return .usageOrInput
        }
        // Each document takes the nearest configuration file (read once per file found).
        var configurations: [String: Configuration] = [:]
        var jobs: [(path: String, configuration: Configuration)] = []
        for file in files {
            var configuration = explicit ?? .default
            if explicit == nil, let found = Configuration.find(forDocument: file) {
                if let known = configurations[found] {
                    configuration = known
                } else {
                    do { configuration = try Configuration.load(path: found) } catch {
                        writeError(error.description)
                        return .usageOrInput
                    }
                    configurations[found] = configuration
                }
            }
            if configuration.excludes(documentPath: file) { continue }
            jobs.append((file, configuration))
        }
        if parsed.has("fix") {
            // The same fix engine as the language server's quick fixes; what changed goes to stderr so
            // the report on stdout stays machine-readable.
            for job in jobs {
                guard let document = try? DocumentLoader.load(job.path) else { continue }
                let analysis = analyze(document: document, resources: FileSystemResources(), configuration: job.configuration)
                for line in describeFixes(fixDocument(analysis)) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }
        let documents: [LintedDocument]
        switch lint(jobs) {
        case .success(let linted): documents = linted
        case .failure(let error):
            writeError(error.description)
            return .usageOrInput
        }
        switch parsed.value("format") ?? "text" {
        case "json": writeOut(encodeJSON(LintJSON(documents)) + "\n")
        case "sarif": writeOut(renderLintSarif(documents, toolVersion: version) + "\n")
        case "github": writeOut(renderLintGitHub(documents))
        case "junit":
            writeOut(renderLintJUnit(documents, timestamp: Date(), hostname: ProcessInfo.processInfo.hostName))
        default: writeOut(renderLintText(documents))
        }
        let summary = LintSummary(documents)
        if summary.errors > 0 || (parsed.has("strict") && summary.warnings > 0) { return .findings }
        return .clean
    }

    /// Lints documents on all cores, sharing one facts cache; the first input error wins.
    static func lint(_ jobs: [(path: String, configuration: Configuration)]) -> Result<
        [LintedDocument], DocumentLoader.InputError
    > {
        let cache = FactsCache()
        let results = ResultSlots<Result<LintedDocument, DocumentLoader.InputError>>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            do throws(DocumentLoader.InputError) {
                let document = try DocumentLoader.load(job.path)
                let analysis = analyze(
                    document: document, resources: FileSystemResources(), configuration: job.configuration, cache: cache
                )
                results.set(index, .success(LintedDocument(analysis)))
            } catch {
                results.set(index, .failure(error))
            }
        }
        var documents: [LintedDocument] = []
        for result in results.values {
            switch result {
            case .success(let document): documents.append(document)
            case .failure(let error): return .failure(error)
            case nil: continue
            }
        }
        return .success(documents)
    }
}

/// Results written by index from concurrent workers.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
