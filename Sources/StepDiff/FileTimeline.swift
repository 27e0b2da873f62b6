// StepDiff owns what each step does to each file: file timelines, change sets, the line diff and
// the states that show their file unchanged; it knows no rules.

import SnippetComposition
import TutorialModel

/// One state of a file: the whole file as shown by a step's snippet, or composed from the file's
/// previous state and a snippet that shows only part of it (`composition`).
public struct FileState: Sendable {
    /// How the state's file was known.
    public enum NameSource: String, Sendable, Hashable {
        /// The page labels the snippet with its file (info string, caption, `@Code(name:)`).
        case label
        /// The snippet is unlabelled; the step's prose names the file.
        case prose
        /// The snippet is unlabelled; it declares the same primary type as a labelled file.
        case primaryType
        /// The snippet shows declarations only; they were placed into the file they belong to.
        case placement
    }

    /// The step that shows this state.
    public let step: StepID
    /// Index of the snippet within its step.
    public let snippetIndex: Int
    /// The state as a snippet: the shown snippet itself, or for a composed state the composed file, whose
    /// source map leads the shown lines to the document (the lines kept from before map to the shown
    /// lines nearest them).
    public let snippet: Snippet
    /// How the file was known (label, prose, primary type, placement).
    public let nameSource: NameSource
    /// How the state was composed, nil when the snippet shows the whole file.
    public let composition: Composition?
    /// The file's text in this state.
    public var code: String { snippet.code }

    /// A state; `nameSource` defaults to a labelled snippet.
    public init(
        step: StepID, snippetIndex: Int, snippet: Snippet, nameSource: NameSource = .label,
        composition: Composition? = nil
    ) {
        self.step = step
        self.snippetIndex = snippetIndex
        self.snippet = snippet
        self.nameSource = nameSource
        self.composition = composition
    }

    /// What the step starts from, as DocC states it: a `reset: true` file starts afresh, a
    /// `previousFile:` gives the base explicitly; nil for everything else (the previous state).
    public var explicitBase: ExplicitBase? {
        guard let docc = snippet.docc else { return nil }
        if docc.reset { return .fresh }
        if let code = docc.previousCode { return .resource(name: docc.previousResource ?? "", code: code) }
        return nil
    }

    /// A base that DocC states explicitly: nothing (`reset: true`) or a `previousFile:` resource.
    public enum ExplicitBase: Sendable, Hashable {
        case fresh
        case resource(name: String, code: String)
    }

    /// How a partial snippet became a whole state of its file.
    public struct Composition: Sendable {
        public enum Kind: String, Sendable, Hashable {
            /// The snippet leaves code out (`// ...`); the lines it stands for were kept from before.
            case elisionMerged
            /// The snippet shows declarations; they replaced or joined the file's previous state.
            case placed
            /// The snippet shows part of a file the tutorial never shows whole (a `body`, a few
            /// statements): a state of its own, diffed with the previous part shown, never a whole file.
            case partial
        }

        public let kind: Kind
        /// The snippet as the step shows it.
        public let shown: Snippet
        /// What was done, in words (`makeCoordinator() added to PageViewController`).
        public let summary: String
    }
}

/// A snippet that is no state of any file, and why.
public struct UnplacedSnippet: Sendable {
    public let step: StepID
    public let snippetIndex: Int
    public let snippet: Snippet
    /// The file it was meant for, when the page says so.
    public let fileName: String?
    /// Why it is not in any file's timeline (`shows statements, not declarations: …`).
    public let reason: String
}

/// Every file timeline of a tutorial, and the snippets that joined none.
public struct Timelines: Sendable {
    public let files: [FileTimeline]
    /// Snippets outside every timeline, in document order.
    public let unplaced: [UnplacedSnippet]
}

/// A file's states in step order across a tutorial.
public struct FileTimeline: Sendable {
    /// The file name, as labelled or inferred.
    public let fileName: String
    /// Its states in document order.
    public let states: [FileState]

    /// A timeline of `states` (in step order).
    public init(fileName: String, states: [FileState]) {
        self.fileName = fileName
        self.states = states
    }
}

/// Groups the whole-file snippets of a tutorial by file, in step order (see `buildTimelineSet`).
public func buildTimelines(_ tutorial: Tutorial, trees: SyntaxTrees = SyntaxTrees()) -> [FileTimeline] {
    buildTimelineSet(tutorial, trees: trees).files
}

/// Groups the snippets of a tutorial by file, in step order, and says why the others joined none.
///
/// Labelled snippets join their file's timeline. An unlabelled whole-file snippet joins one only when
/// its file can be inferred: the step's prose names exactly one file of the tutorial (or one file
/// name at all), or the snippet declares the same primary type as a labelled file.
///
/// A snippet that shows part of a file is composed with the file's previous state, never diffed as if
/// the rest had been deleted: one that leaves code out (`// ...`, `ElidedCode`) keeps the lines it
/// stands for; one that shows a few declarations (a method, a nested type, an extension, or an excerpt
/// without the file's imports) is placed into the file they belong to (`placeFragment`). What cannot
/// be composed unambiguously is listed in `unplaced` with the reason. DocC `@Code` resources are whole
/// files by construction.
///
/// `trees`: the parses of the code placement looks at, kept across calls by a caller that analyses a
/// document again and again (the server), else made for this call.
public func buildTimelineSet(_ tutorial: Tutorial, trees: SyntaxTrees = SyntaxTrees()) -> Timelines {
    var order: [String] = []
    var states: [String: [FileState]] = [:]
    var unplaced: [UnplacedSnippet] = []
    var primaryTypes: [String: String] = [:]  // primary type → file
    for step in tutorial.steps {
        for snippet in step.snippets where snippet.kind == .file {
            guard let name = snippet.fileName, primaryTypes.values.contains(name) == false else { continue }
            if let type = primaryTypeName(in: snippet.code), primaryTypes[type] == nil { primaryTypes[type] = name }
        }
    }
    // Labelled files anywhere in the tutorial, and files inferred in earlier steps.
    var knownFiles = Set(primaryTypes.values).union(
        tutorial.steps.flatMap { $0.snippets.filter { $0.kind == .file }.compactMap(\.fileName) })
    // Files by the step that last showed them, most recent first (where a fragment most likely goes).
    var recentFiles: [String] = []

    func append(_ state: FileState, to name: String) {
        if states[name] == nil { order.append(name) }
        states[name, default: []].append(state)
        recentFiles.removeAll { $0 == name }
        recentFiles.insert(name, at: 0)
    }

    // The file the prose named last (`Create CircleImage.swift`): where snippets that show only part of
    // a file the tutorial never shows whole belong.
    var lastNamedFile: String?
    for step in tutorial.steps {
        if let named = fileNamed(inProse: step.prose, knownFiles: knownFiles) { lastNamedFile = named }
        for (index, snippet) in step.snippets.enumerated() {
            func leave(_ reason: String, file: String? = nil) {
                unplaced.append(
                    UnplacedSnippet(
                        step: step.id, snippetIndex: index, snippet: snippet, fileName: file ?? snippet.fileName,
                        reason: reason))
            }
            /// Places the snippet's declarations into `only` (or any file); the reason when it cannot.
            func place(into only: String?) -> String? {
                guard SwiftParseLimits.unparseableReason(snippet.code) == nil else { return "too large or deep to parse" }
                let candidates = (only.map { [$0] } ?? recentFiles).compactMap { name -> PlacementFile? in
                    guard let code = states[name]?.last?.code, SwiftParseLimits.unparseableReason(code) == nil else { return nil }
                    return PlacementFile(name: name, code: code)
                }
                switch placeFragment(
                    shown: snippet.code, prose: step.prose, files: candidates, recentFiles: recentFiles,
                    isFileNamed: only != nil, trees: trees)
                {
                case .unplaced(let reason):
                    return reason
                case .placed(let name, let code, let summary):
                    // Placed into a part of a file, the result is still only a part of it.
                    let isPartial = states[name]?.last?.composition?.kind == .partial
                    append(
                        composedState(
                            step: step.id, index: index, shown: snippet, fileName: name, code: code,
                            kind: isPartial ? .partial : .placed,
                            summary: summary, nameSource: only == nil ? .placement : .label),
                        to: name)
                    return nil
                }
            }
            /// Makes the snippet a partial state of `target` when the tutorial never showed that file whole
            /// (it starts the file, or follows another partial state of the same shape); true when it did.
            func continuePartial(_ target: String?) -> Bool {
                guard let target, snippet.docc == nil, SwiftParseLimits.unparseableReason(snippet.code) == nil else {
                    return false
                }
                let shape = fragmentShape(snippet.code, trees: trees)
                guard shape != .invalid else { return false }
                if let latest = states[target]?.last {
                    guard latest.composition?.kind == .partial, shape == .statements,
                        fragmentShape(latest.code, trees: trees) == .statements
                    else { return false }
                }
                append(
                    FileState(
                        step: step.id, snippetIndex: index, snippet: snippet, nameSource: snippet.fileName == nil ? .prose : .label,
                        composition: FileState.Composition(
                            kind: .partial, shown: snippet, summary: "part of \(target), which the tutorial never shows whole")),
                    to: target)
                knownFiles.insert(target)
                return true
            }
            if snippet.docc != nil, snippet.kind == .fragment {
                leave("its DocC resource was not found")
                continue
            }
            if snippet.code.isEmpty {
                leave("shows no code")
                continue
            }
            guard snippet.kind == .file else {
                guard snippet.isSwift(unlabelledIsSwift: true) else {
                    leave(snippet.fileName == nil ? "no file name and not Swift" : "a part of a file that is not Swift")
                    continue
                }
                // The file the page labels it with, or the one its prose names, else any file shown so far.
                var named = snippet.fileName ?? fileNamed(inProse: step.prose, knownFiles: knownFiles)
                // A file an earlier step named and the tutorial has shown only in parts (or not at all) so far:
                // the parts that follow go on there.
                // A declaration shown again with most of its lines is a rewrite of that one, wherever it is.
                if named == nil, SwiftParseLimits.unparseableReason(snippet.code) == nil {
                    let latest = order.compactMap { name -> PlacementFile? in
                        guard let code = states[name]?.last?.code, SwiftParseLimits.unparseableReason(code) == nil else { return nil }
                        return PlacementFile(name: name, code: code)
                    }
                    named = fileRewrittenBy(shown: snippet.code, files: latest, trees: trees)
                }
                if named == nil, let last = lastNamedFile, states[last]?.last.map({ $0.composition?.kind == .partial }) ?? true {
                    named = last
                }
                let reason =
                    named.map { states[$0] == nil } == true
                    ? "belongs to \(named ?? ""), which the tutorial has not shown before" : place(into: named)
                if let reason, !continuePartial(named ?? lastNamedFile) { leave(reason, file: named) }
                continue
            }
            var source = FileState.NameSource.label
            var name = snippet.fileName
            if name == nil, let named = fileNamed(inProse: step.prose, knownFiles: knownFiles) {
                name = named
                source = .prose
            }
            if name == nil, let type = primaryTypeName(in: snippet.code),
                let file = knownFiles.contains("\(type).swift") ? "\(type).swift" : primaryTypes[type]
            {
                name = file
                source = .primaryType
            }
            if name == nil, snippet.isSwift(unlabelledIsSwift: true), let type = fileTypeName(snippet, trees: trees),
                states["\(type).swift"] == nil, !states.values.contains(where: { declares(type, $0.last, trees: trees) })
            {
                // A new type in a whole file of its own, named after it as Xcode names a new file.
                name = "\(type).swift"
                source = .primaryType
            }
            guard let name else {
                // Declarations of a file the page does not name may still belong to a file it showed.
                guard snippet.isSwift(unlabelledIsSwift: true) else {
                    leave("its file is not known")
                    continue
                }
                guard let reason = place(into: nil) else { continue }
                if continuePartial(lastNamedFile) { continue }
                // A new type placed nowhere is a new file, named after it as Xcode names one.
                if let type = newTypeName(snippet, trees: trees), states["\(type).swift"] == nil {
                    append(FileState(step: step.id, snippetIndex: index, snippet: snippet, nameSource: .primaryType), to: "\(type).swift")
                    knownFiles.insert("\(type).swift")
                    continue
                }
                leave("its file is not known and " + reason)
                continue
            }
            knownFiles.insert(name)
            let latest = states[name]?.last
            if let latest, snippet.isSwift(inFile: name, unlabelledIsSwift: true) {
                if snippet.docc == nil, isExcerpt(snippet, of: latest) || showsSomeTypes(snippet, of: latest, trees: trees) {
                    // Without the file's imports: declarations of the file, placed into it.
                    if let reason = place(into: name) { leave("an excerpt of \(name): " + reason, file: name) }
                    continue
                }
                if ElidedCode.containsElision(snippet.code) {
                    // A DocC resource that leaves code out continues what the step starts from, as any page does.
                    let base = snippet.docc?.previousCode ?? latest.code
                    if let merged = mergedElision(snippet.code, base: base, trees: trees) {
                        append(
                            composedState(
                                step: step.id, index: index, shown: snippet, fileName: name, code: merged,
                                kind: .elisionMerged, summary: "lines left out kept from step \(latest.step)",
                                nameSource: source),
                            to: name)
                        continue
                    }
                    // A DocC resource stays a state of its file (its code is the file by construction).
                    if snippet.docc == nil {
                        leave("leaves code out (`// ...`) in a way that does not match step \(latest.step)'s \(name)", file: name)
                        continue
                    }
                }
            } else if let latest, isExcerpt(snippet, of: latest) {
                leave("an excerpt of \(name)", file: name)
                continue
            }
            append(FileState(step: step.id, snippetIndex: index, snippet: snippet, nameSource: source), to: name)
        }
    }
    return Timelines(files: order.map { FileTimeline(fileName: $0, states: states[$0] ?? []) }, unplaced: unplaced)
}
