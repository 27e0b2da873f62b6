import Foundation
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders

/// Everything known about one document after the pipeline ran: the CLI, the server and the bench
/// all read this.
public struct Analysis: Sendable {
    public let tutorial: Tutorial
    public let timelines: [FileTimeline]
    /// Findings sorted by position in the document, suppressions and configuration applied.
    public let findings: [Finding]
}

/// The pipeline: read the document, build its timelines, extract facts, run the rules, evaluate
/// findings across steps. A plain function of its inputs; `cache` only saves work.
public func analyze(
    document: SourceDocument, resources: any ResourceProvider = NoResources(),
    configuration: Configuration = .default, cache: FactsCache = FactsCache()
) -> Analysis {
    analyze(tutorial: readTutorial(document, resources: resources), configuration: configuration, cache: cache)
}

/// The pipeline from an already-read tutorial (tests build tutorials directly).
///
/// `timelines` and `changeSets`, when the caller has them already (the server builds them for its
/// document model), are used instead of being built again: they must be `buildTimelines(tutorial)` and
/// `changeSets(tutorial, timelines:)` (any diff options but `ignoreIndentation`).
public func analyze(
    tutorial: Tutorial, timelines: [FileTimeline]? = nil, changeSets: [ChangeSet]? = nil,
    configuration: Configuration = .default, cache: FactsCache = FactsCache()
) -> Analysis {
    let timelines = timelines ?? buildTimelines(tutorial)
    let codeRules = RuleRegistry.all.compactMap { rule -> (any CodeRule)? in
        if case .code(let code) = rule, configuration.isEnabled(code.description) { return code }
        return nil
    }
    let tutorialRules = RuleRegistry.all.compactMap { rule -> (any TutorialRule)? in
        if case .tutorial(let tutorialRule) = rule, configuration.isEnabled(tutorialRule.description) {
            return tutorialRule
        }
        return nil
    }
    let factsByState = codeRules.isEmpty ? [:] : swiftFacts(tutorial, timelines: timelines, cache: cache)
    var fileOfState: [SnippetAddress: String] = [:]
    for timeline in timelines {
        for state in timeline.states {
            fileOfState[SnippetAddress(step: state.step, index: state.snippetIndex)] = timeline.fileName
        }
    }
    var findings = evaluateCodeRules(
        codeRules, tutorial: tutorial, facts: factsByState, files: fileOfState, configuration: configuration,
        cache: cache)
    if !tutorialRules.isEmpty {
        let context = TutorialContext(
            tutorial: tutorial, timelines: timelines, changes: StepChanges(tutorial: tutorial, timelines: timelines, cache: cache),
            structure: stepStructureFindings(tutorial, timelines: timelines, changeSets: changeSets))
        for rule in tutorialRules {
            let description = rule.description
            for finding in rule.check(context) {
                findings.append(
                    Finding(
                        rule: description.id, subject: finding.subject,
                        severity: configuration.severity(of: description, ownSeverity: finding.severity),
                        message: finding.message,
                        range: finding.range, file: nil, step: finding.step, resolvedAt: nil,
                        fixTitle: finding.fixTitle, documentEdits: finding.edits))
            }
        }
    }
    let suppressions = DocumentSuppressions(tutorial)
    findings = findings.filter { !suppressions.suppresses($0) }
    findings.sort {
        ($0.range.start, $0.range.end, $0.rule, $0.subject) < ($1.range.start, $1.range.end, $1.rule, $1.subject)
    }
    return Analysis(tutorial: tutorial, timelines: timelines, findings: findings)
}

/// A snippet's place in the tutorial.
struct SnippetAddress: Hashable {
    let step: StepID
    let index: Int
}

/// Whether a snippet is Swift: said so, or unlabelled in a `.swift` file (its own label or the timeline's
/// inferred name). Anything else is not ours to judge.
func isSwift(_ snippet: Snippet, fileName: String? = nil) -> Bool {
    if let language = snippet.language { return language == "swift" }
    return (snippet.fileName ?? fileName)?.lowercased().hasSuffix(".swift") ?? false
}

/// Facts of every Swift snippet; each file's states parsed in step order, incrementally from the
/// previous state's tree, and every distinct snippet parsed once (the cache).
func swiftFacts(_ tutorial: Tutorial, timelines: [FileTimeline], cache: FactsCache) -> [SnippetAddress: SnippetFacts] {
    var result: [SnippetAddress: SnippetFacts] = [:]
    for timeline in timelines {
        var previous: ParsedState?
        for state in timeline.states where isSwift(state.snippet, fileName: timeline.fileName) {
            // Code the parser would stall on (SwiftParseLimits): no facts, so no code rule runs on it.
            guard SwiftParseLimits.unparseableReason(state.code) == nil else {
                previous = nil
                continue
            }
            // The change set's runs are the parser's edits (computed only when the state must be parsed).
            let (facts, parsed) = cache.facts(for: state.code, previous: previous) { [previous] in
                guard let previous else { return nil }
                return TextDiff(old: previous.code, new: state.code, options: DiffOptions(context: 0)).byteEdits().map {
                    TextReplacement(
                        old: CodeRange(start: $0.old.start, end: $0.old.end),
                        new: CodeRange(start: $0.new.start, end: $0.new.end))
                }
            }
            // A cached state has no tree: the next state then parses from scratch (rare: an edit).
            previous = parsed
            result[SnippetAddress(step: state.step, index: state.snippetIndex)] = facts
        }
    }
    for step in tutorial.steps {
        for (index, snippet) in step.snippets.enumerated()
        where isSwift(snippet) && SwiftParseLimits.unparseableReason(snippet.code) == nil {
            let address = SnippetAddress(step: step.id, index: index)
            if result[address] == nil { result[address] = cache.facts(for: snippet.code).facts }
        }
    }
    return result
}

/// What a code rule evaluation depends on: the checked snippet, the project's snippets, the rules run.
private struct EvaluationKey: Hashable, Sendable {
    let facts: Int
    let fileName: String?
    let project: [ProjectEntry]
    let incomplete: [String]
    let currentIsComplete: Bool
    let rules: [String]
}

private struct ProjectEntry: Hashable, Sendable {
    let name: String
    let facts: Int
}

/// One run of a finding: the consecutive states of a file in which it is present.
private struct Run {
    let subject: String
    let message: String
    let firstStep: StepID
    let range: SourceRange
    var occurrences: [FindingOccurrence]
    let fixTitle: String?
    let resolvingTokens: [String]
    var resolvedAt: StepID?
}

/// Runs the code rules on every state of every file and turns what they report into findings:
/// keyed by rule and subject, placed at the introducing step, `information` when a later state fixes them.
private func evaluateCodeRules(
    _ rules: [any CodeRule], tutorial: Tutorial, facts: [SnippetAddress: SnippetFacts], files: [SnippetAddress: String],
    configuration: Configuration, cache: FactsCache
) -> [Finding] {
    guard !rules.isEmpty else { return [] }
    let ruleIDs = rules.map(\.description.id)
    let known = KnownProtocols.standard
    // Evaluations per timeline key, in order: each a set of (rule, subject) → finding in that state.
    struct Evaluation {
        /// When the check happened (a problem gone here is resolved here).
        let step: StepID
        /// The step whose snippet was checked (where a problem first seen here is introduced).
        let codeStep: StepID
        /// The snippet leaves code out (`...`): what it does not show is no evidence that a problem is gone.
        let partial: Bool
        let snippet: Snippet
        let found: [String: [String: CodeFinding]]
    }
    var evaluations: [String: [Evaluation]] = [:]
    var keyOrder: [String] = []
    var projectFiles: [(name: String, facts: SnippetFacts)] = []
    var incompleteFiles = Set<String>()
    var lastState: [String: (step: StepID, snippet: Snippet, facts: SnippetFacts)] = [:]

    func evaluate(
        _ snippet: Snippet, facts snippetFacts: SnippetFacts, step: StepID, codeStep: StepID, key: String,
        fileName: String?
    ) {
        let currentIsComplete = snippet.kind == .file && snippetFacts.elidedLines.isEmpty
        let project = ProjectView(
            files: projectFiles, current: snippetFacts, currentFileName: fileName, currentIsComplete: currentIsComplete,
            incompleteFiles: incompleteFiles)
        let context = CodeContext(
            fileName: fileName ?? snippet.fileName, snippet: snippet, facts: snippetFacts,
            isFragment: fileName == nil || !snippetFacts.elidedLines.isEmpty,
            project: project, knownProtocols: known)
        let compute: () -> [String: [String: CodeFinding]] = {
            var found: [String: [String: CodeFinding]] = [:]
            for rule in rules {
                let id = rule.description.id
                for finding in rule.check(context) where !snippetFacts.isSuppressed(rule: id, at: finding.range.start) {
                    if found[id]?[finding.subject] == nil { found[id, default: [:]][finding.subject] = finding }
                }
            }
            return found
        }
        // The same snippet checked against the same project gives the same findings: remembered by the
        // cache's snippet ids, so an edit re-runs the rules only where the edited snippet is involved.
        let found: [String: [String: CodeFinding]]
        if snippetFacts.id != 0, projectFiles.allSatisfy({ $0.facts.id != 0 }) {
            let memoKey = EvaluationKey(
                facts: snippetFacts.id, fileName: fileName,
                project: projectFiles.map { ProjectEntry(name: $0.name, facts: $0.facts.id) },
                incomplete: incompleteFiles.sorted(), currentIsComplete: currentIsComplete, rules: ruleIDs)
            found = cache.memoized(memoKey, compute: compute)
        } else {
            found = compute()
        }
        if evaluations[key] == nil { keyOrder.append(key) }
        evaluations[key, default: []].append(
            Evaluation(
                step: step, codeStep: codeStep, partial: !snippetFacts.elidedLines.isEmpty, snippet: snippet,
                found: found))
    }

    for step in tutorial.steps {
        // The project first takes every file this step shows, then each snippet is checked against it.
        for (index, snippet) in step.snippets.enumerated() {
            let address = SnippetAddress(step: step.id, index: index)
            guard let name = files[address], let stateFacts = facts[address] else { continue }
            incompleteFiles.remove(name)
            if let position = projectFiles.firstIndex(where: { $0.name == name }) {
                projectFiles[position] = (name, stateFacts)
            } else {
                projectFiles.append((name, stateFacts))
            }
            lastState[name] = (step.id, snippet, stateFacts)
        }
        for (index, snippet) in step.snippets.enumerated() {
            guard let snippetFacts = facts[SnippetAddress(step: step.id, index: index)] else { continue }
            if let name = files[SnippetAddress(step: step.id, index: index)] {
                evaluate(snippet, facts: snippetFacts, step: step.id, codeStep: step.id, key: name, fileName: name)
            } else {
                evaluate(
                    snippet, facts: snippetFacts, step: step.id, codeStep: step.id, key: "#\(step.id)#\(index)",
                    fileName: nil)
            }
        }
        // A Swift fragment adds to its file (or, unnamed, to any file): until the file is shown whole
        // again, what its last whole state lacks is no evidence.
        for (index, snippet) in step.snippets.enumerated() {
            let address = SnippetAddress(step: step.id, index: index)
            guard files[address] == nil, facts[address] != nil else { continue }
            if let name = snippet.fileName {
                incompleteFiles.insert(name)
            } else {
                incompleteFiles.formUnion(projectFiles.map(\.name))
            }
        }
    }
    // The last state of each file, checked once more against the finished project: what another file
    // changed later decides whether a cross-file problem is still there at the end.
    let lastStep = lastState.values.map(\.step).max()
    for (name, state) in lastState {
        guard let lastStep, state.step != lastStep else { continue }
        evaluate(state.snippet, facts: state.facts, step: lastStep, codeStep: state.step, key: name, fileName: name)
    }

    // Fragments (snippets outside every timeline), with their identifiers, in step order; scanned only
    // when a problem is still open at the end of a file.
    var scannedFragments: [(step: StepID, fileName: String?, identifiers: Set<String>)]?
    func laterFragments() -> [(step: StepID, fileName: String?, identifiers: Set<String>)] {
        if let scannedFragments { return scannedFragments }
        var result: [(step: StepID, fileName: String?, identifiers: Set<String>)] = []
        for step in tutorial.steps {
            for (index, snippet) in step.snippets.enumerated()
            where files[SnippetAddress(step: step.id, index: index)] == nil {
                result.append((step.id, snippet.fileName, identifiers(in: Substring(snippet.code))))
            }
        }
        scannedFragments = result
        return result
    }
    var findings: [Finding] = []
    for key in keyOrder {
        guard let list = evaluations[key] else { continue }
        for rule in rules {
            let description = rule.description
            let id = description.id
            var open: [String: Run] = [:]
            var openOrder: [String] = []
            var closed: [Run] = []
            for evaluation in list {
                let present = evaluation.found[id] ?? [:]
                for subject in openOrder where present[subject] == nil && !evaluation.partial {
                    if var run = open.removeValue(forKey: subject) {
                        run.resolvedAt = evaluation.step
                        closed.append(run)
                    }
                }
                openOrder.removeAll { open[$0] == nil }
                for (subject, codeFinding) in present.sorted(by: { $0.key < $1.key }) {
                    let range = documentRange(of: codeFinding.range, in: evaluation.snippet.sourceMap)
                    let occurrence = FindingOccurrence(
                        step: evaluation.codeStep, range: range,
                        edits: documentEdits(codeFinding.edits, snippet: evaluation.snippet, tutorial: tutorial),
                        resourceEdits: resourceEdits(codeFinding.edits, snippet: evaluation.snippet))
                    if open[subject] != nil {
                        // The re-check of a file's last state repeats a state already recorded.
                        if open[subject]!.occurrences.last?.range != range {
                            open[subject]!.occurrences.append(occurrence)
                        }
                    } else {
                        open[subject] = Run(
                            subject: subject, message: codeFinding.message, firstStep: evaluation.codeStep,
                            range: range,
                            occurrences: [occurrence], fixTitle: codeFinding.fixTitle,
                            resolvingTokens: codeFinding.resolvingTokens, resolvedAt: nil)
                        openOrder.append(subject)
                    }
                }
            }
            let severity = configuration.severity(of: description)
            // A problem still there in the file's last state may be mended by a fragment shown later.
            var stillOpen = openOrder.compactMap { open[$0] }
            if let last = lastState[key]?.step {
                for index in stillOpen.indices where !stillOpen[index].resolvingTokens.isEmpty {
                    let tokens = Set(stillOpen[index].resolvingTokens)
                    if let mending = laterFragments().first(where: { fragment in
                        fragment.step > last && (fragment.fileName == nil || fragment.fileName == key)
                            && !fragment.identifiers.isDisjoint(with: tokens)
                    }) {
                        stillOpen[index].resolvedAt = mending.step
                    }
                }
            }
            for run in closed + stillOpen {
                findings.append(
                    Finding(
                        rule: id, subject: run.subject, severity: run.resolvedAt == nil ? severity : .information,
                        message: run.message, range: run.range, file: key.hasPrefix("#") ? nil : key,
                        step: run.firstStep, resolvedAt: run.resolvedAt, occurrences: run.occurrences,
                        fixTitle: run.fixTitle))
            }
        }
    }
    return findings
}

/// Maps a rule's code edits to edits of the DocC resource file a snippet's code was read from (code
/// offsets are file offsets there); empty for snippets whose code is in the document.
func resourceEdits(_ edits: [CodeEdit], snippet: Snippet) -> [ResourceEdit] {
    guard !edits.isEmpty, let path = snippet.docc?.resourcePath else { return [] }
    let code = Array(snippet.code.utf8)
    var lineStarts = [0]
    for (offset, byte) in code.enumerated() where byte == 0x0A && offset + 1 < code.count { lineStarts.append(offset + 1) }
    var result: [ResourceEdit] = []
    func add(_ range: SourceRange, _ text: String) {
        result.append(
            ResourceEdit(
                path: path, resolvedPath: snippet.docc?.resolvedResourcePath, expectedText: snippet.code,
                edit: TextEdit(range: range, newText: text)))
    }
    for edit in edits {
        switch edit.kind {
        case .replace(let range, let text):
            add(SourceRange(start: range.start, end: range.end), text)
        case .insertLine(let line, let text):
            guard line >= 0, line <= lineStarts.count else { continue }
            let offset = line < lineStarts.count ? lineStarts[line] : code.count
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }.joined()
            add(.empty(at: offset), lines)
        case .deleteLine(let line):
            guard line >= 0, line < lineStarts.count else { continue }
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : code.count
            add(SourceRange(start: lineStarts[line], end: end), "")
        }
    }
    return result
}

/// Maps a rule's code edits to document edits. New lines take the document's own prefix of the line
/// they precede (list indentation, quote markers), and HTML gets its characters escaped.
func documentEdits(_ edits: [CodeEdit], snippet: Snippet, tutorial: Tutorial) -> [TextEdit] {
    guard !edits.isEmpty else { return [] }
    let code = Array(snippet.code.utf8)
    let map = snippet.sourceMap
    let document = tutorial.document
    let escape: (String) -> String = { text in
        guard tutorial.format == .html else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
    // A DocC snippet's code lives in another file: its edits are not edits of this document.
    if snippet.docc != nil { return [] }
    var lineStarts = [0]
    for (offset, byte) in code.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
    func lineContentEnd(_ line: Int) -> Int {
        line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : code.count
    }
    var result: [TextEdit] = []
    for edit in edits {
        switch edit.kind {
        case .replace(let range, let text):
            result.append(TextEdit(range: documentRange(of: range, in: map), newText: escape(text)))
        case .insertLine(let line, let text):
            guard line > 0, line < lineStarts.count else { continue }
            let target = map.documentOffset(forCodeOffset: lineStarts[line])
            let documentLine = document.lineIndex.lineNumber(containing: target)
            let prefixStart = document.lineIndex.lineStarts[documentLine]
            let prefix = document.text(in: SourceRange(start: prefixStart, end: max(prefixStart, target)))
            let insertAt = map.documentOffset(forCodeOffset: lineContentEnd(line - 1))
            // Each inserted line takes the document's prefix (an empty line keeps its prefix trimmed).
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.isEmpty ? "\n" + prefix.trimmingCharacters(in: .whitespaces) : "\n" + prefix + escape(String(line))
            }
            result.append(TextEdit(range: .empty(at: insertAt), newText: lines.joined()))
        case .deleteLine(let line):
            guard line > 0, line < lineStarts.count else { continue }
            let start = map.documentOffset(forCodeOffset: lineContentEnd(line - 1))
            let end = map.documentOffset(forCodeOffset: lineContentEnd(line))
            if end > start { result.append(TextEdit(range: SourceRange(start: start, end: end), newText: "")) }
        }
    }
    return result
}

/// The identifiers each step adds to or removes from its files, for rules that compare prose with changes.
public struct StepChanges: Sendable {
    /// Identifier tokens on added or removed lines (or in fragments), per step.
    public let touchedIdentifiers: [StepID: Set<String>]
    /// Steps that show Swift code at all.
    public let stepsWithCode: Set<StepID>

    init(tutorial: Tutorial, timelines: [FileTimeline], cache: FactsCache? = nil) {
        var touched: [StepID: Set<String>] = [:]
        var withCode = Set<StepID>()
        for timeline in timelines {
            var previous = ""
            for state in timeline.states {
                // Remembered per (previous, current) text: a keystroke re-analysis of a 1 MB tutorial then
                // compares only the states the edit changed.
                let old = previous
                let words: Set<String>?
                if let cache {
                    words = cache.remembered(LineChangeKey(old: old, new: state.code)) {
                        identifiersOnChangedLines(old: old, new: state.code)
                    }
                } else {
                    words = identifiersOnChangedLines(old: old, new: state.code)
                }
                if let words { touched[state.step, default: []].formUnion(words) }
                previous = state.code
            }
        }
        for step in tutorial.steps {
            // A step whose DocC resource is missing shows no code to compare with (code-file-missing says so).
            if step.snippets.contains(where: { $0.docc != nil && $0.docc?.resourcePath == nil }) { continue }
            for snippet in step.snippets where isSwift(snippet) || snippet.language == nil {
                withCode.insert(step.id)
                if snippet.kind == .fragment || snippet.fileName == nil {
                    touched[step.id, default: []].formUnion(identifiers(in: Substring(snippet.code)))
                }
            }
        }
        touchedIdentifiers = touched
        stepsWithCode = withCode
    }
}

private struct LineChangeKey: Hashable, Sendable {
    let old: String
    let new: String
}

/// The identifiers on lines whose count differs between two texts (lines added or removed), nil when
/// no line's count differs.
///
/// Lines are compared as interned bytes (hashing `Substring`s cost a tenth of a lint), split at every LF
/// that is not part of a CRLF, empty lines left out: the lines `split(separator: "\n")` gives, since a
/// CRLF is one `Character`.
private func identifiersOnChangedLines(old: String, new: String) -> Set<String>? {
    var interner = LineInterner()
    func lineCounts(_ text: String) -> [Int32: Int] {
        let bytes = Array(text.utf8)
        var lines: [Int32: Int] = [:]
        var start = 0
        for index in 0...bytes.count {
            guard index == bytes.count || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D))
            else { continue }
            if index > start { lines[interner.intern(bytes[start..<index]), default: 0] += 1 }
            start = index + 1
        }
        return lines
    }
    let previousLines = lineCounts(old)
    let lines = lineCounts(new)
    var changed: [Int32] = []
    for (line, count) in lines where count > previousLines[line, default: 0] { changed.append(line) }
    for (line, count) in previousLines where count > lines[line, default: 0] { changed.append(line) }
    guard !changed.isEmpty else { return nil }
    var words = Set<String>()
    for line in changed { words.formUnion(identifiers(inUTF8: interner.line(line))) }
    return words
}

/// The identifier-like words of a text (ASCII letters, digits and `_`, scanned as bytes: identifiers in
/// code are ASCII, and scanning `Character`s costs ten times more).
func identifiers(in text: Substring) -> Set<String> { identifiers(inUTF8: Array(text.utf8)[...]) }

/// The identifier-like words of UTF-8 bytes.
func identifiers(inUTF8 bytes: ArraySlice<UInt8>) -> Set<String> {
    var result = Set<String>()
    let bytes = Array(bytes)
    var start = -1
    for index in 0...bytes.count {
        let byte = index < bytes.count ? bytes[index] : 0x20
        let isWord =
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
        if isWord {
            if start < 0 { start = index }
        } else if start >= 0 {
            result.insert(String(decoding: bytes[start..<index], as: UTF8.self))
            start = -1
        }
    }
    return result
}

/// The document range of a code range: the end is placed after the range's last byte, so a range
/// ending where markup follows (`</span>` in HTML) does not swallow the markup.
func documentRange(of range: CodeRange, in map: SnippetSourceMap) -> SourceRange {
    let start = map.documentOffset(forCodeOffset: range.start)
    guard !range.isEmpty else { return .empty(at: start) }
    return SourceRange(start: start, end: max(start, map.documentOffset(forCodeOffset: range.end - 1) + 1))
}
