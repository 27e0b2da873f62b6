import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders
import TutorialRules

/// One run of the pipeline over many documents: the database of queries (`AnalysisQueries`), the facts
/// cache they share and the configuration files read for them. The CLI makes one per command, the
/// language server one per process.
public final class AnalysisSession: Sendable {
    /// Facts and rule results by snippet, shared by every analysis of the session.
    public let cache: FactsCache
    /// Every query's values and counts, kept as its policy says.
    public let database: AnalysisDatabase
    let queries: AnalysisQueries
    let reading: Reading
    /// Numbers the CLI's analyses: each is a revision of its own, so no two share values by accident.
    private let analysisCount = Protected(0)
    /// `--config`: used for every document instead of the nearest configuration file.
    private let explicitConfiguration: Configuration?
    /// `--include-build-order`: shown for every document, whatever its configuration says.
    private let includesBuildOrder: Bool
    /// `--encoding`: how a document whose bytes are not UTF-8 (and declare no encoding) is read.
    public let fallbackEncoding: String?
    private let configurationFiles = ConfigurationFiles()

    /// The code the facts cache may hold before `releaseStaleFacts` starts it afresh.
    public let staleFactsTextBytes: Int

    /// By default a document's files are parsed concurrently (see `FactsCache.parsesFilesConcurrently`).
    public init(
        configuration explicitConfiguration: Configuration? = nil, includingBuildOrder: Bool = false,
        fallbackEncoding: String? = nil, cache: FactsCache = FactsCache(parsesFilesConcurrently: true),
        staleFactsTextBytes: Int = 16 << 20, reading: Reading = .whole, policy: RetentionPolicy = .run
    ) {
        self.explicitConfiguration = explicitConfiguration
        self.includesBuildOrder = includingBuildOrder
        self.fallbackEncoding = fallbackEncoding
        self.cache = cache
        self.staleFactsTextBytes = staleFactsTextBytes
        self.reading = reading
        database = AnalysisDatabase(policy: policy)
        queries = AnalysisQueries(database)
    }

    /// The settings for a document: the explicit configuration, else its nearest `.tutorial-check.json`
    /// (read once, and again only when it changes), else the defaults; build order included when the session
    /// says so.
    public func configuration(forDocument path: String) throws(Configuration.LoadError) -> Configuration {
        var configuration: Configuration
        if let explicitConfiguration {
            configuration = explicitConfiguration
        } else {
            configuration = try nearestConfiguration(forDocument: path)
        }
        if includesBuildOrder { configuration.includeBuildOrder = true }
        return configuration
    }

    /// A document's settings and whether they exclude it: the one place where `lint`, `report` and the
    /// server apply configuration and exclusion.
    public func settings(forDocument path: String) throws(Configuration.LoadError) -> DocumentSettings {
        let configuration = try configuration(forDocument: path)
        return DocumentSettings(configuration: configuration, isExcluded: configuration.excludes(documentPath: path))
    }

    private func nearestConfiguration(forDocument path: String) throws(Configuration.LoadError) -> Configuration {
        guard let file = try Configuration.find(forDocument: path) else { return .default }
        return try configurationFiles.load(path: file)
    }

    /// Drops what was read of configuration files (the server's client said one changed).
    public func forgetConfigurations() { configurationFiles.forgetAll() }

    /// Edits leave old snippets behind in the cache; called before each analysis of an editing session.
    /// The facts, trees and rule results are bounded in generations (`FactsCache.Bounds.editing`), closed
    /// here; a cache made with other bounds starts afresh past 16 MiB of code or 50,000 snippets.
    public func releaseStaleFacts() {
        database.closeGeneration()
        cache.closeFullGenerations()
        if cache.count > 50_000 || cache.textBytes > staleFactsTextBytes { cache.removeAll() }
    }

    /// The `findings` query of one document read from disk, whose values are dropped once it is answered
    /// (the caller renders it).
    public func analyze(
        document: SourceDocument, resources: any ResourceProvider = NoResources(), configuration: Configuration
    ) -> Analysis {
        let version = analysisCount.withLock { count in
            count += 1
            return count
        }
        let input = DocumentInput(
            revision: DocumentRevision(document: document.path, version: version), document: document,
            resources: resources)
        defer { database.close(document: document.path) }
        return findings(input, configuration: configuration)
    }

    /// The pipeline from an already-read tutorial, with the timelines and change sets the caller has,
    /// and what an analysis of the document's previous version computed per state.
    public func analyze(
        tutorial: Tutorial, timelines: Timelines? = nil, changeSets: [ChangeSet]? = nil,
        configuration: Configuration, previous: StateResults = .none
    ) -> Analysis {
        TutorialAnalysis.analyze(
            tutorial: tutorial, timelines: timelines, changeSets: changeSets,
            configuration: configuration, cache: cache, previous: previous)
    }

    /// The settings of one document: its configuration, and whether that configuration's `exclude` names it.
    public struct DocumentSettings: Sendable {
        public let configuration: Configuration
        public let isExcluded: Bool

        /// The default rules, nothing excluded: what the server uses when a configuration file is unreadable.
        public static let defaults = DocumentSettings(configuration: .default, isExcluded: false)
    }

    /// A document to analyse from disk, with its settings.
    public struct Job: Sendable {
        public let path: String
        public let configuration: Configuration
    }

    /// The documents under `paths` (directories expanded) that are not excluded, with their settings;
    /// the first input error or unreadable configuration file ends it.
    public func jobs(_ paths: [String]) throws(AnalysisInputError) -> [Job] {
        let files: [String]
        do { files = try DocumentLoader.expand(paths) } catch { throw .document(error) }
        var jobs: [Job] = []
        for file in files {
            let settings: DocumentSettings
            do { settings = try self.settings(forDocument: file) } catch { throw .configuration(error) }
            if settings.isExcluded { continue }
            jobs.append(Job(path: file, configuration: settings.configuration))
        }
        return jobs
    }

    /// Loads and analyses documents on all cores, each result turned by `transform` on its worker (so
    /// only what the caller keeps stays in memory); a document that cannot be read is named, not analysed.
    public func analyze<Value: Sendable>(
        _ jobs: [Job], resources: any ResourceProvider = FileSystemResources(), progress: DocumentProgress? = nil,
        _ transform: @escaping @Sendable (Analysis) -> Value
    ) -> DocumentRun<Value> {
        forEachDocument(jobs, progress: progress) { job, document in
            transform(self.analyze(document: document, resources: resources, configuration: job.configuration))
        }
    }

    /// Loads each job's document and runs `body` on it, on all cores; a document that cannot be read is
    /// named in the run's `unreadable`, in job order. `progress` hears of each job when it is done, on the
    /// worker that did it.
    func forEachDocument<Value: Sendable>(
        _ jobs: [Job], progress: DocumentProgress? = nil, _ body: @escaping @Sendable (Job, SourceDocument) -> Value
    ) -> DocumentRun<Value> {
        // Results written by index from the workers.
        let results = Protected([Result<Value, DocumentLoader.InputError>?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            do throws(DocumentLoader.InputError) {
                let document = try DocumentLoader.load(job.path, fallbackEncoding: fallbackEncoding)
                let value = body(job, document)
                results.withLock { $0[index] = .success(value) }
            } catch {
                results.withLock { $0[index] = .failure(error) }
            }
            progress?(job.path, jobs.count)
        }
        var run = DocumentRun<Value>(values: [], unreadable: [])
        for result in results.withLock({ $0 }) {
            switch result {
            case .success(let value): run.values.append(value)
            case .failure(let error): run.unreadable.append(error)
            case nil: continue
            }
        }
        return run
    }
}

/// What a run over several documents gives: each readable document's value, in the order of the inputs,
/// and what kept each other document from being read. One document's problem (another encoding, binary
/// data, too large) costs that document alone: the commands report the others, name it on stderr and
/// exit 2.
public struct DocumentRun<Value> {
    public var values: [Value]
    public var unreadable: [DocumentLoader.InputError]

    /// The same run with each value transformed.
    public func map<Other>(_ transform: (Value) -> Other) -> DocumentRun<Other> {
        DocumentRun<Other>(values: values.map(transform), unreadable: unreadable)
    }

    /// The values, or the first input error: for a command given one document (`compare`).
    public func valuesOrFirstError() throws(DocumentLoader.InputError) -> [Value] {
        if let first = unreadable.first { throw first }
        return values
    }
}

extension DocumentRun: Sendable where Value: Sendable {}

/// Why a command cannot start: an input that is not a readable tutorial, or a broken configuration file.
public enum AnalysisInputError: Error, CustomStringConvertible {
    case document(DocumentLoader.InputError)
    case configuration(Configuration.LoadError)

    public var description: String {
        switch self {
        case .document(let error): return error.description
        case .configuration(let error): return error.description
        }
    }
}

/// Told of each document of a run when it is done: its path and how many documents the run has (a
/// command's progress line on a terminal). Called from the worker that did it.
public typealias DocumentProgress = @Sendable (_ path: String, _ total: Int) -> Void

/// Expands and reads every input: what `outline` shows. A path that names nothing stops the run (a usage
/// mistake); a document that cannot be read is named in the run's `unreadable`.
public func readTutorials(
    _ paths: [String], fallbackEncoding: String? = nil
) throws(DocumentLoader.InputError) -> DocumentRun<Tutorial> {
    try readTutorials(paths, fallbackEncoding: fallbackEncoding) { $0 }
}

/// Expands and reads every input, each tutorial turned by `transform` as soon as it is read (`diff`
/// builds its change sets there, so `progress` counts a document when its work is done).
public func readTutorials<Value>(
    _ paths: [String], fallbackEncoding: String? = nil, progress: DocumentProgress? = nil,
    _ transform: (Tutorial) -> Value
) throws(DocumentLoader.InputError) -> DocumentRun<Value> {
    let files = try DocumentLoader.expand(paths)
    var run = DocumentRun<Value>(values: [], unreadable: [])
    for file in files {
        do throws(DocumentLoader.InputError) {
            let document = try DocumentLoader.load(file, fallbackEncoding: fallbackEncoding)
            run.values.append(transform(readTutorial(document, resources: FileSystemResources())))
        } catch {
            run.unreadable.append(error)
        }
        progress?(file, files.count)
    }
    return run
}
