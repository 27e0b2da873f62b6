import TutorialModel
import TutorialRules

/// A finding as the lint cache stores it: every field of `Finding`, so a remembered result prints
/// exactly as a computed one in every format (fixes included).
struct CachedFinding: Codable, Equatable {
    struct Occurrence: Codable, Equatable {
        let step: StepID
        let range: SourceRange
        let edits: [TextEdit]
        let resourceEdits: [CachedResourceEdit]
    }

    struct CachedResourceEdit: Codable, Equatable {
        let path: String
        let resolvedPath: String?
        let expectedText: String
        let edit: TextEdit
    }

    /// An entry this build cannot use: an unknown severity, or a range outside the document.
    struct Unusable: Error {}

    let rule: String
    let subject: String
    let severity: String
    let message: String
    let range: SourceRange
    let file: String?
    let step: StepID?
    let resolvedAt: StepID?
    let isBuildOrder: Bool
    let occurrences: [Occurrence]
    let fixTitle: String?
    let documentEdits: [TextEdit]

    init(_ finding: Finding) {
        rule = finding.rule
        subject = finding.subject
        severity = finding.severity.rawValue
        message = finding.message
        range = finding.range
        file = finding.file
        step = finding.step
        resolvedAt = finding.resolvedAt
        isBuildOrder = finding.isBuildOrder
        occurrences = finding.occurrences.map { occurrence in
            Occurrence(
                step: occurrence.step, range: occurrence.range, edits: occurrence.edits,
                resourceEdits: occurrence.resourceEdits.map {
                    CachedResourceEdit(
                        path: $0.path, resolvedPath: $0.resolvedPath, expectedText: $0.expectedText, edit: $0.edit)
                })
        }
        fixTitle = finding.fixTitle
        documentEdits = finding.documentEdits
    }

    /// The finding back, for a document of `documentLength` bytes. Checked, not trusted: a severity this
    /// build does not know or a range that is not in the document makes the entry unusable.
    func finding(documentLength: Int) throws(Unusable) -> Finding {
        guard let severity = Severity(rawValue: severity) else { throw Unusable() }
        func valid(_ range: SourceRange) -> Bool { 0 <= range.start && range.start <= range.end && range.end <= documentLength }
        let ranges = [range] + documentEdits.map(\.range) + occurrences.flatMap { [$0.range] + $0.edits.map(\.range) }
        guard ranges.allSatisfy(valid) else { throw Unusable() }
        return Finding(
            rule: rule, subject: subject, severity: severity, message: message, range: range, file: file, step: step,
            resolvedAt: resolvedAt, isBuildOrder: isBuildOrder,
            occurrences: occurrences.map { occurrence in
                FindingOccurrence(
                    step: occurrence.step, range: occurrence.range, edits: occurrence.edits,
                    resourceEdits: occurrence.resourceEdits.map {
                        ResourceEdit(
                            path: $0.path, resolvedPath: $0.resolvedPath, expectedText: $0.expectedText, edit: $0.edit)
                    })
            },
            fixTitle: fixTitle, documentEdits: documentEdits)
    }
}
