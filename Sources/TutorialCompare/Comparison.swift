// TutorialCompare owns `tutorial-check compare`: a copy of a tutorial (a translation, a retelling, a new
// revision) aligned with its original step by step by code, never by prose, and the code that drifted,
// with ranges in both documents.

import TutorialModel

/// What kind of difference a drift is.
public enum DriftKind: String, Sendable, Codable, CaseIterable {
    /// A name the original declares (a type, function, parameter, property), spelled differently in the copy.
    case nameSpelling = "name-spelling"
    /// A line of the original's code the copy leaves out.
    case lineMissing = "line-missing"
    /// A line of code the copy has and the original has not.
    case lineAdded = "line-added"
    /// A line both have, with code that differs beyond a name's spelling.
    case apiDiffers = "api-differs"
    /// A step of the original, with code, that the copy has no counterpart for.
    case stepOnlyInOriginal = "step-only-in-original"
    /// A step of the copy, with code, that the original has no counterpart for.
    case stepOnlyInCopy = "step-only-in-copy"
    /// A whole section of the original (with code) the copy has nothing of.
    case sectionOnlyInOriginal = "section-only-in-original"
    /// A whole section of the copy (with code) the original has nothing of.
    case sectionOnlyInCopy = "section-only-in-copy"
    /// The same code with its comments, string literals or spacing changed: translated legitimately, shown
    /// only when asked (`--include-translated`).
    case translated
}

/// Where one side of a drift is.
public struct DriftPlace: Sendable, Equatable {
    public let step: StepID
    /// The file the code belongs to, when known.
    public let file: String?
    /// The path the range is in: the document's, or for DocC code the resource file's.
    public let path: String
    /// Bytes of `path`'s text (empty where a missing line would go).
    public let range: SourceRange
    /// `range` as 1-based lines and UTF-16 columns.
    public let start: LineColumn
    public let end: LineColumn
    /// Where the range lands in the tutorial document itself (for DocC code, its `@Code` directive).
    public let documentRange: SourceRange
    /// The code at the range: a name, a line, or a step's or section's title.
    public let text: String
}

/// A difference between the copy's code and the original's, at the step where it first appears.
public struct Drift: Sendable, Equatable {
    public let kind: DriftKind
    public let message: String
    /// The original's side; nil for a step or section only in the copy.
    public let original: DriftPlace?
    /// The copy's side; nil for a step or section only in the original.
    public let copy: DriftPlace?
    /// What makes the copy's code the original's: the text replacing the copy's range (a name, a line, or a
    /// missing line with its line ending, inserted). Nil where nothing simple does.
    public let replacement: String?
}

/// A copy held against its original.
public struct Comparison: Sendable {
    public let original: Tutorial
    public let copy: Tutorial
    /// Every step of both, in document order, each aligned with its counterpart or on one side only.
    public let alignment: [AlignedSteps]
    /// The drifts, in the copy's order (a step only in the original where it would have stood).
    public let drifts: [Drift]

    /// Steps aligned with a counterpart (a merge or split counts each of its steps).
    public var alignedStepCount: (original: Int, copy: Int) {
        alignment.filter { !$0.original.isEmpty && !$0.copy.isEmpty }.reduce((0, 0)) {
            ($0.0 + $1.original.count, $0.1 + $1.copy.count)
        }
    }

    /// The alignments below `AlignedSteps.certainty`.
    public var uncertain: [AlignedSteps] { alignment.filter(\.isUncertain) }

    /// How many drifts of each kind, kinds without drifts left out.
    public var driftCounts: [DriftKind: Int] { drifts.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 } }
}

/// What a comparison reports beyond the drifts it always reports.
public struct CompareOptions: Sendable {
    /// Report code whose comments, strings or spacing changed (`DriftKind.translated`).
    public var includeTranslated: Bool

    public init(includeTranslated: Bool = false) { self.includeTranslated = includeTranslated }
}

/// Aligns `copy` with `original` step by step by code, and finds where the copy's code drifted.
public func compareTutorials(original: Tutorial, copy: Tutorial, options: CompareOptions = CompareOptions())
    -> Comparison
{
    var table = CodeTable()
    let originalCode = readTutorialCode(original, table: &table)
    let copyCode = readTutorialCode(copy, table: &table)
    let alignment = alignSections(originalCode.steps, copyCode.steps)
    var finder = DriftFinder(original: originalCode, copy: copyCode, options: options)
    let drifts = finder.drifts(alignment)
    return Comparison(original: original, copy: copy, alignment: alignment, drifts: drifts)
}
