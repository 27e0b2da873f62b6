// TutorialModel owns the tutorial model every other module reads: documents, sections, steps, snippets,
// byte ranges and their line index, severities, text edits, and the one lock wrapper.

/// The four forms tutorials come in.
public enum DocumentFormat: String, Sendable, Codable, CaseIterable {
    case markdown
    case html
    case docc
    case text
}

/// A tutorial document read into sections, steps and snippets, each with its exact source range.
/// Equatable so a model spliced after an edit can be compared with a whole read of the same text.
public struct Tutorial: Sendable, Equatable {
    public let document: SourceDocument
    public let format: DocumentFormat
    public let title: String?
    public let sections: [Section]
    /// Problems the reader met (missing DocC resource, size limit, …); never a reason to stop.
    public let diagnostics: [ReaderDiagnostic]
    /// Every step in document order: gathered once, since the timelines and several rules walk them at
    /// every keystroke and gathering a long tutorial's steps cost as much as a rule.
    public let steps: [Step]

    public init(
        document: SourceDocument, format: DocumentFormat, title: String?, sections: [Section],
        diagnostics: [ReaderDiagnostic] = []
    ) {
        self.document = document
        self.format = format
        self.title = title
        self.sections = sections
        self.diagnostics = diagnostics
        steps = sections.flatMap(\.steps)
    }

    public func step(_ id: StepID) -> Step? {
        guard id.section >= 1, id.section <= sections.count else { return nil }
        let steps = sections[id.section - 1].steps
        guard id.step >= 1, id.step <= steps.count else { return nil }
        return steps[id.step - 1]
    }
}

/// A titled part of a tutorial (`Section 2`, `第二节…`, `@Section(title:)`, an `<h2>`).
public struct Section: Sendable, Equatable {
    /// The title without its label (`Track the page` for `Section 3: Track the page`).
    public let title: String
    /// The label as written (`Section 3`, `第三节`); nil when the heading carries none (DocC, HTML `<h2>`).
    public let label: String?
    /// From the section heading to the end of its last step.
    public let range: SourceRange
    public let steps: [Step]

    public init(title: String, label: String? = nil, range: SourceRange, steps: [Step]) {
        self.title = title
        self.label = label
        self.range = range
        self.steps = steps
    }
}

/// One step: what the reader is told to do, and the code they copy.
public struct Step: Sendable {
    /// What the reader read of the step but its place: held by reference, so that a step an edit before it
    /// moves (every later step, at every keystroke) is its range and snippets made again around the same
    /// content, and copying or freeing a step retains or releases one reference rather than each string.
    private final class Content: Sendable {
        let label: String?
        let labelNumber: Int?
        let title: String
        let prose: String

        init(label: String?, labelNumber: Int?, title: String, prose: String) {
            self.label = label
            self.labelNumber = labelNumber
            self.title = title
            self.prose = prose
        }

        func isAlike(_ other: Content) -> Bool {
            self === other
                || (label == other.label && labelNumber == other.labelNumber && title == other.title
                    && prose == other.prose)
        }

        /// Whether the texts hold the same bytes (`hasSameBytes`), not only equivalent characters.
        func hasSameBytes(as other: Content) -> Bool {
            self === other
                || (labelNumber == other.labelNumber && sameBytes(label, other.label)
                    && title.hasSameBytes(as: other.title) && prose.hasSameBytes(as: other.prose))
        }
    }

    public let id: StepID
    private let content: Content
    /// From the label (or the first line of an implicit step) to the end of its last block.
    public let range: SourceRange
    public let snippets: [Snippet]

    /// The label as written (`Step 3`, `步骤3`, `ステップ3`); nil for implicit steps.
    public var label: String? { content.label }
    /// The number the label carries, used by `step-numbering`; nil when there is no label.
    public var labelNumber: Int? { content.labelNumber }
    public var title: String { content.title }
    /// The step's prose with asides (Experiment, Tip, Important) included, one paragraph per line.
    public var prose: String { content.prose }

    public init(
        id: StepID, label: String?, labelNumber: Int?, title: String, prose: String, range: SourceRange,
        snippets: [Snippet]
    ) {
        self.init(
            id: id, content: Content(label: label, labelNumber: labelNumber, title: title, prose: prose),
            range: range, snippets: snippets)
    }

    private init(id: StepID, content: Content, range: SourceRange, snippets: [Snippet]) {
        self.id = id
        self.content = content
        self.range = range
        self.snippets = snippets
    }

    /// The step at another place (an edit before or inside it moved it): its label, title and prose shared
    /// with this one, not copied.
    public func moved(range: SourceRange, snippets: [Snippet]) -> Step {
        Step(id: id, content: content, range: range, snippets: snippets)
    }
}

extension Step {
    /// By how many bytes this step is `old` moved, when it shows the same bytes at its new place: the same id,
    /// label, title and prose, and each snippet the same code, kind, file, language and DocC options with its
    /// range and source map moved as far; nil when it does not. Content shared with `old` (a step or snippet an
    /// edit before it moved) is the same without reading its texts.
    public func displacement(from old: Step) -> Int? {
        let delta = range.start - old.range.start
        guard id == old.id, range == old.range.shifted(by: delta), content.hasSameBytes(as: old.content) else {
            return nil
        }
        let same = snippets.withUnsafeBufferPointer { now in
            old.snippets.withUnsafeBufferPointer { was in
                now.count == was.count && now.indices.allSatisfy { now[$0].isMoved(from: was[$0], by: delta) }
            }
        }
        return same ? delta : nil
    }
}

extension Snippet {
    /// Whether this snippet is `old` moved by `delta` bytes: the same bytes of code, kind, file, language and
    /// DocC options, its range and source map moved by `delta`.
    public func isMoved(from old: Snippet, by delta: Int) -> Bool {
        range == old.range.shifted(by: delta) && content.hasSameBytes(as: old.content)
            && sourceMap.isMoved(from: old.sourceMap, by: delta)
    }
}

/// Two steps are equal when every field is, whether or not they share their content.
extension Step: Equatable {
    public static func == (lhs: Step, rhs: Step) -> Bool {
        lhs.id == rhs.id && lhs.range == rhs.range && lhs.content.isAlike(rhs.content) && lhs.snippets == rhs.snippets
    }
}

/// Shown field by field, as a plain structure (the tests compare dumps of re-read models with whole reads).
extension Step: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "label": label as Any, "labelNumber": labelNumber as Any, "title": title, "prose": prose,
                "range": range, "snippets": snippets,
            ], displayStyle: .struct)
    }
}

/// Whether a snippet shows the whole file or only part of it.
public enum SnippetKind: String, Sendable, Codable {
    /// The whole current file: it joins its file's timeline.
    case file
    /// A few members or statements: never diffed against whole files.
    case fragment
}

/// A block of code shown in a step.
public struct Snippet: Sendable {
    /// What the reader read of the block but its place: held by reference, so that moving a snippet (every
    /// snippet after an edit moves, at every keystroke) copies, and freeing it releases, one reference rather
    /// than each string.
    private final class Content: Sendable {
        let fileName: String?
        let language: String?
        let code: String
        let kind: SnippetKind
        let docc: DocCCodeOptions?
        /// What the language word and the file name say of Swift (`SwiftCode`), judged once: every analysis asks
        /// it of every snippet several times, at every keystroke, and a set lookup and a lower-cased copy of the
        /// name cost more than the rest of a pass's work on an unchanged snippet.
        let languageSaysSwift: Bool?
        let fileNameSaysSwift: Bool?
        /// Whether `docc` is set, and whether its resource was not read: asked of every snippet at every
        /// keystroke, where copying the options out to look cost more than the rest of the pass's work on it.
        let isDocCCode: Bool
        let isDocCCodeWithoutResource: Bool

        init(fileName: String?, language: String?, code: String, kind: SnippetKind, docc: DocCCodeOptions?) {
            self.fileName = fileName
            self.language = language
            self.code = code
            self.kind = kind
            self.docc = docc
            languageSaysSwift = SwiftCode.languageSaysSwift(language)
            fileNameSaysSwift = fileName.map(SwiftCode.fileNameSaysSwift)
            isDocCCode = docc != nil
            isDocCCodeWithoutResource = docc.map { $0.resourcePath == nil } ?? false
        }

        func isAlike(_ other: Content) -> Bool {
            self === other
                || (fileName == other.fileName && language == other.language && code == other.code
                    && kind == other.kind && docc == other.docc)
        }

        /// Whether the texts hold the same bytes (`hasSameBytes`), not only equivalent characters.
        func hasSameBytes(as other: Content) -> Bool {
            self === other
                || (kind == other.kind && code.hasSameBytes(as: other.code) && sameBytes(fileName, other.fileName)
                    && sameBytes(language, other.language) && docc == other.docc)
        }
    }

    private let content: Content
    /// The code's range in the document (for DocC, the `@Code` directive).
    public let range: SourceRange
    public let sourceMap: SnippetSourceMap

    /// The file the code belongs to, when the page says so.
    public var fileName: String? { content.fileName }
    /// Lower-cased language (`swift`), nil when unknown.
    public var language: String? { content.language }
    /// The code as the reader copies it: entities decoded, markup removed, `\n` line ends,
    /// ending with a newline unless empty.
    public var code: String { content.code }
    public var kind: SnippetKind { content.kind }
    /// DocC: the state this step starts from (`previousFile:`), and whether the file starts afresh.
    public var docc: DocCCodeOptions? { content.docc }
    /// Whether the snippet is a DocC `@Code` (`docc` is set), and one whose code resource was not read.
    public var isDocCCode: Bool { content.isDocCCode }
    public var isDocCCodeWithoutResource: Bool { content.isDocCCodeWithoutResource }
    /// `SwiftCode.languageSaysSwift(language)` and `SwiftCode.fileNameSaysSwift` of `fileName`, judged when made.
    var languageSaysSwift: Bool? { content.languageSaysSwift }
    var fileNameSaysSwift: Bool? { content.fileNameSaysSwift }

    public init(
        fileName: String?, language: String?, code: String, kind: SnippetKind, range: SourceRange,
        sourceMap: SnippetSourceMap, docc: DocCCodeOptions? = nil
    ) {
        self.init(
            content: Content(fileName: fileName, language: language, code: code, kind: kind, docc: docc),
            range: range, sourceMap: sourceMap)
    }

    private init(content: Content, range: SourceRange, sourceMap: SnippetSourceMap) {
        self.content = content
        self.range = range
        self.sourceMap = sourceMap
    }

    /// The snippet with its range and source map moved by `delta` bytes (text inserted or removed before it),
    /// its code and the rest shared with this one.
    public func shifted(by delta: Int) -> Snippet {
        Snippet(content: content, range: range.shifted(by: delta), sourceMap: sourceMap.shifted(by: delta))
    }

    /// Number of lines of `code`.
    public var lineCount: Int {
        var count = 0
        for byte in code.utf8 where byte == 0x0A { count += 1 }
        if let last = code.utf8.last, last != 0x0A { count += 1 }
        return count
    }
}

/// Two snippets are equal when every field is, whether or not they share their content.
extension Snippet: Equatable {
    public static func == (lhs: Snippet, rhs: Snippet) -> Bool {
        lhs.range == rhs.range && lhs.content.isAlike(rhs.content) && lhs.sourceMap == rhs.sourceMap
    }
}

/// Shown field by field, as a plain structure (the tests compare dumps of re-read models with whole reads).
extension Snippet: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "fileName": fileName as Any, "language": language as Any, "code": code, "kind": kind, "range": range,
                "sourceMap": sourceMap, "docc": docc as Any,
            ], displayStyle: .struct)
    }
}

/// What a DocC `@Code` directive says beyond the code itself.
public struct DocCCodeOptions: Hashable, Sendable {
    /// The `file:` resource, as written.
    public let resource: String
    /// The path of the resource file, in the form the document's path was typed; nil when it was not read.
    public let resourcePath: String?
    /// The real path of the file read (links resolved): a fix writes there, and only while
    /// `resourcePath` still leads to it. Nil when not read.
    public let resolvedResourcePath: String?
    /// The `previousFile:` resource's code, when given and found.
    public let previousResource: String?
    public let previousCode: String?
    public let reset: Bool

    public init(
        resource: String, resourcePath: String?, resolvedResourcePath: String? = nil, previousResource: String?,
        previousCode: String?, reset: Bool
    ) {
        self.resource = resource
        self.resourcePath = resourcePath
        self.resolvedResourcePath = resolvedResourcePath
        self.previousResource = previousResource
        self.previousCode = previousCode
        self.reset = reset
    }
}

/// What a reader could not do with a document; the analysis maps each kind to the rule that reports it (a
/// reader knows no rule).
public enum ReadingProblem: String, Hashable, Sendable {
    /// Part of the document could not be read as written: a fence never closed, a directive DocC does not
    /// define, a limit passed, content after the end of an HTML tree.
    case unreadableInput
    /// A DocC `@Code` whose code resource is missing, unreadable or not named.
    case missingCodeFile
}

/// A problem a reader met in a document.
public struct ReaderDiagnostic: Hashable, Sendable {
    public let problem: ReadingProblem
    public let severity: Severity
    public let message: String
    public let range: SourceRange
    public let step: StepID?
    /// How to write what the author meant, where the reader knows it (a space after a heading's marks, a
    /// fence's language spelt right): the finding's fix.
    public let repair: Repair?

    /// Edits of the document that mend what a diagnostic reports, with the title a user picks them by.
    public struct Repair: Hashable, Sendable {
        public let title: String
        public let edits: [TextEdit]

        public init(title: String, edits: [TextEdit]) {
            self.title = title
            self.edits = edits
        }
    }

    public init(
        problem: ReadingProblem, severity: Severity, message: String, range: SourceRange, step: StepID?,
        repair: Repair? = nil
    ) {
        self.problem = problem
        self.severity = severity
        self.message = message
        self.range = range
        self.step = step
        self.repair = repair
    }

    /// The same diagnostic `delta` bytes further on (a window re-read's, placed in the whole document).
    public func shifted(by delta: Int) -> ReaderDiagnostic {
        ReaderDiagnostic(
            problem: problem, severity: severity, message: message, range: range.shifted(by: delta), step: step,
            repair: repair.map { repair in
                Repair(
                    title: repair.title,
                    edits: repair.edits.map { TextEdit(range: $0.range.shifted(by: delta), newText: $0.newText) })
            })
    }
}
