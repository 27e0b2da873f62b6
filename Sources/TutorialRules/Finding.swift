import TutorialModel

/// An edit of a file other than the analysed document: a DocC code resource, whose text a `@Code`
/// directive shows. `expectedText` is the text the range refers to, so a fixer can refuse a file that
/// changed since (or whose line endings the reader normalised).
public struct ResourceEdit: Sendable, Hashable {
    public let path: String
    /// The real path the reader read the file from (`DocCCodeOptions.resolvedResourcePath`): the file is
    /// written only while `path` still leads there.
    public let resolvedPath: String?
    public let expectedText: String
    public let edit: TextEdit

    public init(path: String, resolvedPath: String? = nil, expectedText: String, edit: TextEdit) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.expectedText = expectedText
        self.edit = edit
    }
}

/// One state of a file in which a finding's problem is present.
public struct FindingOccurrence: Sendable, Hashable {
    public let step: StepID
    /// Where the problem is in that step's snippet.
    public let range: SourceRange
    /// The edits that fix it in that snippet (empty when the rule offers no fix).
    public let edits: [TextEdit]
    /// The same fix for a snippet whose code lives in a DocC resource file.
    public let resourceEdits: [ResourceEdit]

    public init(step: StepID, range: SourceRange, edits: [TextEdit], resourceEdits: [ResourceEdit] = []) {
        self.step = step
        self.range = range
        self.edits = edits
        self.resourceEdits = resourceEdits
    }
}

/// A problem found in a tutorial: the unit of every report and of the language server's diagnostics.
public struct Finding: Sendable, Hashable {
    public let rule: String
    /// What the finding is about, stable across steps: the rule and subject identify it.
    public let subject: String
    public let severity: Severity
    public let message: String
    /// Where the problem is, in the document, in the step that introduced it.
    public let range: SourceRange
    /// The file the finding is about, when it is about one.
    public let file: String?
    /// The step that introduced the problem.
    public let step: StepID?
    /// The later step that fixed it; the severity is then `information` (a regression) or `hint` (build order).
    public let resolvedAt: StepID?
    /// The problem is build order: code incomplete at `step` that a later step of the same file completes
    /// (a type shown before its methods). No defect; shown only when asked for (`--include-build-order`).
    public let isBuildOrder: Bool
    /// Every step of the same file that repeats the problem, from `step` on (empty for tutorial rules).
    public let occurrences: [FindingOccurrence]
    /// The title of the fix, when the rule offers one.
    public let fixTitle: String?
    /// A fix for tutorial rules (code rules carry theirs per occurrence).
    public let documentEdits: [TextEdit]

    public init(
        rule: String, subject: String, severity: Severity, message: String, range: SourceRange, file: String?,
        step: StepID?, resolvedAt: StepID?, isBuildOrder: Bool = false, occurrences: [FindingOccurrence] = [],
        fixTitle: String? = nil, documentEdits: [TextEdit] = []
    ) {
        self.rule = rule
        self.subject = subject
        self.severity = severity
        self.message = message
        self.range = range
        self.file = file
        self.step = step
        self.resolvedAt = resolvedAt
        self.isBuildOrder = isBuildOrder
        self.occurrences = occurrences
        self.fixTitle = fixTitle
        self.documentEdits = documentEdits
    }

    /// The resource-file edits fixing this step and every later step that repeats the problem (DocC).
    public var fixResourceEdits: [ResourceEdit] { occurrences.flatMap(\.resourceEdits) }

    /// The edits fixing this step and every later step that repeats the problem, in one change.
    public var fixEdits: [TextEdit] {
        let edits = documentEdits + occurrences.flatMap(\.edits)
        return edits.sorted { $0.range.start < $1.range.start }
    }
}
