// LifecycleMutations owns the mutants of issue 21: copies of a tutorial with one lifecycle defect
// injected from a chosen step to the end, which the lifecycle rules must catch at the right step.

public import MutationSyntax
import StepDiff
import SwiftFacts
public import TutorialModel
public import TutorialReaders

/// A copy of a tutorial with one defect, from `injectedAt` to the end.
public struct Mutant: Sendable {
    public let kind: MutationKind
    /// What was removed or moved (`PageViewController.dataSource`, `PageControl.Coordinator`).
    public let target: String
    /// The first step whose code contains the thing removed: the mutation starts there.
    public let injectedAt: StepID
    /// The step at which the defect is injected, as a reader sees it: `injectedAt`, or the later step that
    /// adds what the defect needs to matter (the `#selector` naming a method whose `@objc` went, the
    /// protocol a coordinator without `NSObject` adopts, the conformance whose wiring went), the first
    /// showing the whole file.
    public let expectedStep: StepID
    /// For something removed, the first step where the defect shows, which may come before `injectedAt`:
    /// the original lacked the thing there too, as build order that the removed thing completed, so the
    /// mutant has the defect from there on. A finding anywhere from here to `expectedStep` is at its step.
    public let earliestStep: StepID

    /// The mutated document's text (the original's for DocC, whose code lives in resources).
    public let documentText: String
    /// DocC: the mutated resources, by the real path the reader read them from.
    public let resources: [String: String]

    /// Whether a finding at `step` is at the step the defect came in.
    public func isExpected(at step: StepID?) -> Bool {
        guard let step else { return false }
        return earliestStep <= step && step <= expectedStep
    }

    /// The resources the reader sees for the mutant: the mutated ones over `base`.
    public func resourceProvider(over base: any ResourceProvider) -> any ResourceProvider {
        OverlayResources(base: base, files: resources)
    }
}

/// A mutation that could not be made, and why (shown, never silently dropped).
public struct SkippedMutation: Sendable {
    public let kind: MutationKind
    public let target: String
    public let reason: String
}

/// Every single-defect mutant of `tutorial`: one per kind and thing to remove. Each is checked by reading
/// it again: its snippets must be the original's with exactly the intended edits.
public func lifecycleMutants(
    of tutorial: Tutorial, resources: any ResourceProvider = NoResources()
) -> (mutants: [Mutant], skipped: [SkippedMutation]) {
    let scanned = ScannedSnippet.all(in: tutorial)
    var keys: [TargetKey] = []
    for snippet in scanned {
        for site in snippet.sites where !keys.contains(where: { $0.matches(site.key) }) { keys.append(site.key) }
    }
    var mutants: [Mutant] = []
    var skipped: [SkippedMutation] = []
    for key in keys {
        switch mutant(of: tutorial, key: key, scanned: scanned, resources: resources) {
        case .success(let made): mutants.append(made)
        case .failure(let reason):
            skipped.append(SkippedMutation(kind: key.kind, target: key.description, reason: reason.text))
        }
    }
    return (mutants, skipped)
}

struct SkipReason: Error {
    let text: String
}

/// A Swift snippet with its place in the tutorial and what SwiftParser found in it.
struct ScannedSnippet {
    let stepIndex: Int
    let step: StepID
    let snippetIndex: Int
    let snippet: Snippet
    let sites: [MutationSite]
    let evidence: SnippetEvidence
    /// A whole file the reader could check: read as one, parsing, nothing elided, and a state of its file as
    /// shown (not composed with earlier code by the timeline).
    let isWhole: Bool

    static func all(in tutorial: Tutorial) -> [ScannedSnippet] {
        var asShown: Set<SnippetAddress> = []
        for timeline in buildTimelines(tutorial) {
            for state in timeline.states where state.composition == nil {
                asShown.insert(SnippetAddress(step: state.step, index: state.snippetIndex))
            }
        }
        var scanned: [ScannedSnippet] = []
        for (stepIndex, step) in tutorial.steps.enumerated() {
            for (snippetIndex, snippet) in step.snippets.enumerated() where snippet.isSwift(unlabelledIsSwift: true) {
                let found = mutationSites(in: snippet.code)
                scanned.append(
                    ScannedSnippet(
                        stepIndex: stepIndex, step: step.id, snippetIndex: snippetIndex, snippet: snippet,
                        sites: found.sites, evidence: found.evidence,
                        isWhole: snippet.kind == .file && found.isWhole
                            && asShown.contains(SnippetAddress(step: step.id, index: snippetIndex))
                            // Lines the analysis takes for code left out (a comment all a body holds that
                            // cannot be empty, `// your logic here`) leave no evidence of an absence either,
                            // nor does code too large or deep to parse.
                            && extractFacts(code: snippet.code)?.elidedLines.isEmpty == true))
            }
        }
        return scanned
    }

    /// Snippets of the same file: equal names, or a name unknown in one of them.
    func sameFile(as other: ScannedSnippet) -> Bool {
        guard let name = snippet.fileName, let otherName = other.snippet.fileName else { return true }
        return name == otherName
    }
}

private func mutant(
    of tutorial: Tutorial, key: TargetKey, scanned: [ScannedSnippet], resources: any ResourceProvider
) -> Result<Mutant, SkipReason> {
    let holding = scanned.filter { snippet in snippet.sites.contains { $0.key.matches(key) } }
    guard let first = holding.first else { return .failure(SkipReason(text: "not found")) }
    let editsBySnippet: [Int: [CodeEdit]]
    switch plannedEdits(for: key, in: scanned) {
    case .success(let planned): editsBySnippet = planned
    case .failure(let reason): return .failure(reason)
    }
    // Something missing is a defect only where the reader sees the whole file; a moved wiring is seen in
    // any snippet showing it.
    let needsWholeFile = key.kind != .wiringMovedToUpdate
    let fileSnippets = scanned.filter { $0.sameFile(as: first) }
    let swiftProtocols = scanned.reduce(into: Set<String>()) { $0.formUnion($1.evidence.swiftProtocols) }
    let showing = fileSnippets.filter {
        $0.evidence.holds(for: key, swiftProtocols: swiftProtocols) && (!needsWholeFile || $0.isWhole)
    }
    guard let evidence = showing.first(where: { $0.stepIndex >= first.stepIndex }) else {
        let reason =
            fileSnippets.contains(where: { $0.evidence.holds(for: key, swiftProtocols: swiftProtocols) })
            ? "no step shows the whole file with the defect (elided, partial, composed or not parsing)"
            : "no step shows what the defect needs to matter"
        return .failure(SkipReason(text: reason))
    }
    // Before the injection step the original lacked the removed thing too: build order that it completed.
    // Without it, the reader has the defect from the first step where it matters.
    let earliest = needsWholeFile ? showing[0] : evidence
    let injection: Injection
    switch inject(editsBySnippet, into: tutorial, scanned: scanned, from: first) {
    case .success(let made): injection = made
    case .failure(let reason): return .failure(reason)
    }
    let made = Mutant(
        kind: key.kind, target: key.description, injectedAt: first.step, expectedStep: evidence.step,
        earliestStep: earliest.step, documentText: injection.documentText, resources: injection.resourceTexts)
    if let problem = verify(made, original: tutorial, expectedCodes: injection.expectedCodes, resources: resources) {
        return .failure(SkipReason(text: problem))
    }
    return .success(made)
}

/// The edits that remove the target from each snippet holding it (by index in `scanned`): every later
/// snippet showing the thing loses it too, so the defect stays to the end. A skip when a site shares a
/// line with other code.
private func plannedEdits(for key: TargetKey, in scanned: [ScannedSnippet]) -> Result<[Int: [CodeEdit]], SkipReason> {
    var editsBySnippet: [Int: [CodeEdit]] = [:]
    for (index, snippet) in scanned.enumerated() {
        let sites = snippet.sites.filter { $0.key.matches(key) }
        guard !sites.isEmpty else { continue }
        var edits: [CodeEdit] = []
        for site in sites {
            guard let siteEdits = site.edits else {
                return .failure(SkipReason(text: "step \(snippet.step) shows it sharing a line with other code"))
            }
            edits += siteEdits
        }
        editsBySnippet[index] = edits
    }
    return .success(editsBySnippet)
}

/// The planned edits made: to the page's text (mapped back from each snippet's code) or to DocC resources,
/// with the code each mutated snippet must read as.
private struct Injection {
    let documentText: String
    let resourceTexts: [String: String]
    let expectedCodes: [SnippetAddress: String]
}

/// Maps the planned edits onto the page (or the DocC resources) and makes them; a skip when an edit has no
/// exact place in the page, a resource was not read or is shared with a step before the injection, or
/// two edits overlap.
private func inject(
    _ editsBySnippet: [Int: [CodeEdit]], into tutorial: Tutorial, scanned: [ScannedSnippet], from first: ScannedSnippet
) -> Result<Injection, SkipReason> {
    var documentEdits: [(range: SourceRange, text: String)] = []
    var resourceTexts: [String: String] = [:]
    var expectedCodes: [SnippetAddress: String] = [:]
    for (index, planned) in editsBySnippet {
        let snippet = scanned[index]
        var edits = planned
        if tutorial.format != .docc {
            let map = snippet.snippet.sourceMap
            let codeLength = snippet.snippet.code.utf8.count
            let chosen = planned.compactMap { $0.choosing { map.maps($0, codeLength: codeLength) } }
            guard chosen.count == planned.count else {
                return .failure(SkipReason(text: "step \(snippet.step): the edit has no exact place in the page"))
            }
            edits = chosen
        }
        let mutated = applying(edits, to: snippet.snippet.code)
        expectedCodes[SnippetAddress(step: snippet.step, index: snippet.snippetIndex)] = mutated
        if tutorial.format == .docc {
            guard let path = snippet.snippet.docc?.resolvedResourcePath else {
                return .failure(SkipReason(text: "step \(snippet.step): its resource was not read"))
            }
            resourceTexts[path] = mutated
        } else {
            for edit in edits {
                documentEdits.append(documentEdit(edit, in: snippet.snippet, document: tutorial.document))
            }
        }
    }
    // A DocC resource shown before the injection step would carry the defect back in time.
    if tutorial.format == .docc {
        for snippet in scanned where snippet.stepIndex < first.stepIndex {
            if let path = snippet.snippet.docc?.resolvedResourcePath, resourceTexts[path] != nil {
                return .failure(SkipReason(text: "step \(snippet.step) shares the resource mutated later"))
            }
        }
    }
    documentEdits.sort { $0.range.start > $1.range.start }
    for (earlier, later) in zip(documentEdits.dropFirst(), documentEdits) where earlier.range.end > later.range.start {
        return .failure(SkipReason(text: "overlapping edits in the document"))
    }
    var document = tutorial.document
    for edit in documentEdits { document = document.replacing(edit.range, with: edit.text) }
    return .success(Injection(documentText: document.text, resourceTexts: resourceTexts, expectedCodes: expectedCodes))
}

extension SnippetSourceMap {
    /// Whether a code offset is a byte of the page (or the end of one): a page edit there changes the
    /// code exactly there.
    func maps(_ offset: Int, codeLength: Int) -> Bool {
        offset == codeLength || segments.contains { $0.codeOffset <= offset && offset <= $0.codeOffset + $0.length }
    }
}

private struct SnippetAddress: Hashable {
    let step: StepID
    let index: Int
}

func applying(_ edits: [CodeEdit], to code: String) -> String {
    var bytes = Array(code.utf8)
    for edit in edits.sorted(by: { $0.start > $1.start }) {
        bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A code edit as an edit of the page. A deleted line takes the next line's container prefix (`> `,
/// highlighter tags) with it and leaves its own, so the page keeps its shape; an inserted line gets the
/// prefix of the line after it when that prefix is plain text.
private func documentEdit(
    _ edit: CodeEdit, in snippet: Snippet, document: SourceDocument
) -> (range: SourceRange, text: String) {
    let map = snippet.sourceMap
    let start = map.documentOffset(forCodeOffset: edit.start)
    let end = edit.end == edit.start ? start : max(start, map.documentOffset(forCodeOffset: edit.end))
    var text = edit.replacement
    if text.hasPrefix("\n") {
        let code = Array(snippet.code.utf8)
        if let newline = code[edit.start...].firstIndex(of: 0x0A), newline + 1 < code.count {
            let after = map.documentOffset(forCodeOffset: newline) + 1
            let nextLine = map.documentOffset(forCodeOffset: newline + 1)
            if after <= nextLine {
                let prefix = document.text(in: SourceRange(start: after, end: nextLine))
                if !prefix.contains("<") { text = "\n" + prefix + text.dropFirst() }
            }
        }
    }
    return (SourceRange(start: start, end: end), text)
}

/// Reads the mutant again: the same steps and snippets, each snippet's code the original's or the
/// intended mutation of it. A description of the difference, or nil.
private func verify(
    _ mutant: Mutant, original: Tutorial, expectedCodes: [SnippetAddress: String], resources: any ResourceProvider
) -> String? {
    let document = SourceDocument(path: original.document.path, text: mutant.documentText)
    let reread = readTutorial(document, format: original.format, resources: mutant.resourceProvider(over: resources))
    guard reread.steps.map(\.id) == original.steps.map(\.id) else { return "the mutated page reads with other steps" }
    for (step, mutatedStep) in zip(original.steps, reread.steps) {
        guard step.snippets.count == mutatedStep.snippets.count else {
            return "step \(step.id) reads with another number of snippets"
        }
        for (index, (snippet, mutated)) in zip(step.snippets, mutatedStep.snippets).enumerated() {
            let expected = expectedCodes[SnippetAddress(step: step.id, index: index)] ?? snippet.code
            if mutated.code != expected { return "step \(step.id) reads with other code than intended" }
        }
    }
    return nil
}

/// Resources with some files replaced, by the real path the reader resolves.
struct OverlayResources: ResourceProvider {
    let base: any ResourceProvider
    let files: [String: String]

    func resolvedPath(_ path: String) -> String? { base.resolvedPath(path) }

    func item(atResolved path: String, byteLimit: Int) -> ResourceItem {
        if let text = files[path] { return .file(Array(text.utf8)) }
        return base.item(atResolved: path, byteLimit: byteLimit)
    }

    func files(under directory: String, limit: Int) -> FileTreeWalk.Listing {
        base.files(under: directory, limit: limit)
    }
}
