#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialCompare
import TutorialModel

/// `tutorial-check compare` as text: per pair of tutorials, the alignment's summary and the steps worth a
/// look (merged, split, on one side only, uncertain), then one line per drift at the copy's position
/// (`path:line:column`) with the original's position after it.
public func renderCompareText(_ run: ComparisonRun) -> String {
    var out = ""
    for comparison in run.comparisons {
        let original = comparison.original
        let copy = comparison.copy
        out += "\(original.document.path) ↔ \(copy.document.path)\n"
        out += "  \(alignmentSummary(comparison))\n"
        for entry in comparison.alignment where entry.kind != .match || entry.isUncertain {
            out += "  \(entry.kind.rawValue): \(stepList(entry.original)) ↔ \(stepList(entry.copy))"
            if let confidence = entry.confidence { out += " (confidence \(formatConfidence(confidence)))" }
            out += entry.isUncertain ? " uncertain\n" : "\n"
        }
        for drift in comparison.drifts {
            let here = drift.copy ?? drift.original!
            out += "\(here.path):\(here.start.line):\(here.start.column): \(drift.kind.rawValue): \(drift.message)"
            if let other = drift.copy == nil ? nil : drift.original {
                out += " [original \(other.path):\(other.start.line):\(other.start.column), step \(other.step)]"
            }
            out += " (step \(here.step))\n"
        }
        out += "  drifts: \(driftSummary(comparison.driftCounts))\n"
    }
    for path in run.unpairedOriginal { out += "\(path): no copy of this tutorial found\n" }
    for path in run.unpairedCopy { out += "\(path): no original of this tutorial found\n" }
    return out
}

func alignmentSummary(_ comparison: Comparison) -> String {
    let aligned = comparison.alignedStepCount
    let count = { (kind: AlignmentKind) in comparison.alignment.filter { $0.kind == kind }.count }
    return "steps: \(comparison.original.steps.count) in the original, \(comparison.copy.steps.count) in the copy; "
        + "\(aligned.original) aligned with \(aligned.copy) (\(count(.merge)) merged, \(count(.split)) split), "
        + "\(count(.onlyInOriginal)) only in the original, \(count(.onlyInCopy)) only in the copy; "
        + "\(comparison.uncertain.count) uncertain"
}

func driftSummary(_ counts: [DriftKind: Int]) -> String {
    let total = counts.values.reduce(0, +)
    guard total > 0 else { return "none" }
    let kinds = DriftKind.allCases.compactMap { kind in counts[kind].map { "\(kind.rawValue) \($0)" } }
    return "\(total) (\(kinds.joined(separator: ", ")))"
}

func stepList(_ steps: [StepID]) -> String { steps.isEmpty ? "—" : steps.map(\.description).joined(separator: "+") }

func formatConfidence(_ value: Double) -> String { FoundationFormat.fixed(value, fractionDigits: 2) }

// MARK: JSON

/// `tutorial-check compare --format json` (docs/json-output.md, docs/schemas/compare.schema.json).
public struct CompareJSON: Encodable {
    struct Document: Encodable {
        let path: String
        let format: String
        @ExplicitNull var title: String?
    }

    struct Alignment: Encodable {
        let kind: String
        let original: [String]
        let copy: [String]
        @ExplicitNull var confidence: Double?
        let uncertain: Bool
    }

    struct Place: Codable, Equatable, Sendable {
        let step: String
        @ExplicitNull var file: String?
        let path: String
        let range: PlaceRange
        let text: String
    }

    struct PlaceRange: Codable, Equatable, Sendable {
        let start: LineColumn
        let end: LineColumn
    }

    struct Drift: Encodable {
        let kind: String
        let message: String
        @ExplicitNull var original: Place?
        @ExplicitNull var copy: Place?
        @ExplicitNull var replacement: String?
    }

    struct Summary: Encodable {
        struct Steps: Encodable {
            let original: Int
            let copy: Int
        }

        let steps: Steps
        let aligned: Steps
        let merged: Int
        let split: Int
        let onlyInOriginal: Int
        let onlyInCopy: Int
        let uncertain: Int
        let drifts: [String: Int]
    }

    struct ComparisonJSON: Encodable {
        let original: Document
        let copy: Document
        let alignment: [Alignment]
        let drifts: [Drift]
        let summary: Summary
    }

    struct Unpaired: Encodable {
        let original: [String]
        let copy: [String]
    }

    struct Totals: Encodable {
        let comparisons: Int
        let drifts: Int
        let uncertain: Int
    }

    let comparisons: [ComparisonJSON]
    let unpaired: Unpaired
    let summary: Totals

    public init(_ run: ComparisonRun) {
        comparisons = run.comparisons.map(Self.comparison)
        unpaired = Unpaired(original: run.unpairedOriginal, copy: run.unpairedCopy)
        summary = Totals(
            comparisons: run.comparisons.count, drifts: run.comparisons.reduce(0) { $0 + $1.drifts.count },
            uncertain: run.comparisons.reduce(0) { $0 + $1.uncertain.count })
    }

    private static func comparison(_ comparison: Comparison) -> ComparisonJSON {
        func document(_ tutorial: Tutorial) -> Document {
            Document(path: tutorial.document.path, format: tutorial.format.rawValue, title: tutorial.title)
        }
        func place(_ place: DriftPlace?) -> Place? {
            place.map {
                Place(
                    step: $0.step.description, file: $0.file, path: $0.path, range: PlaceRange(start: $0.start, end: $0.end),
                    text: $0.text)
            }
        }
        let counts = comparison.driftCounts
        let count = { (kind: AlignmentKind) in comparison.alignment.filter { $0.kind == kind }.count }
        let aligned = comparison.alignedStepCount
        return ComparisonJSON(
            original: document(comparison.original), copy: document(comparison.copy),
            alignment: comparison.alignment.map {
                Alignment(
                    kind: $0.kind.rawValue, original: $0.original.map(\.description), copy: $0.copy.map(\.description),
                    confidence: $0.confidence.map { ($0 * 100).rounded() / 100 }, uncertain: $0.isUncertain)
            },
            drifts: comparison.drifts.map {
                Drift(
                    kind: $0.kind.rawValue, message: $0.message, original: place($0.original), copy: place($0.copy),
                    replacement: $0.replacement)
            },
            summary: Summary(
                steps: .init(original: comparison.original.steps.count, copy: comparison.copy.steps.count),
                aligned: .init(original: aligned.original, copy: aligned.copy), merged: count(.merge),
                split: count(.split), onlyInOriginal: count(.onlyInOriginal), onlyInCopy: count(.onlyInCopy),
                uncertain: comparison.uncertain.count,
                drifts: Dictionary(uniqueKeysWithValues: DriftKind.allCases.map { ($0.rawValue, counts[$0] ?? 0) })))
    }
}
