import Foundation
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialAnalysis

/// The property that makes reusing a previous analysis's per-state results safe: after any edit, the
/// findings of an analysis given the previous version's `StateResults` (as the server analyses after a
/// keystroke: the model re-read around the edit, one facts cache for the session) are exactly those of
/// a fresh analysis of the edited text (read whole, a cache of its own), for each of the four readers,
/// over the project's fixture documents.
///
/// Edits are random but seeded: mostly inside a snippet's code (what a keystroke in a tutorial usually
/// changes), some anywhere in a step or the document; inserted text is often code that changes what the
/// rules see (a brace, a member, a call, an elision marker, a line break). Edits run in chains of eight,
/// each analysed from the previous analysis, so reuse of reused results is checked too. A good share of
/// the per-state results must be reused: a test that never reused would prove nothing.
final class IncrementalAnalysisTests: XCTestCase {
    static let fixturesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func testMarkdownAnalysisAfterEditsEqualsFreshAnalysis() throws {
        try checkAnalyses(["md"], .markdown, seed: 11)
    }

    func testHTMLAnalysisAfterEditsEqualsFreshAnalysis() throws {
        try checkAnalyses(["html"], .html, seed: 12)
    }

    func testTextAnalysisAfterEditsEqualsFreshAnalysis() throws {
        try checkAnalyses(["txt"], .text, seed: 13)
    }

    func testDocCAnalysisAfterEditsEqualsFreshAnalysis() throws {
        try checkAnalyses(["tutorial"], .docc, seed: 14)
    }

    /// A suppression comment typed into a document whose previous analysis found none: the next analysis
    /// searches only the edited bytes for one (`DocumentSuppressions.mentionsMarker(_:unmarked:)`), finds it
    /// and suppresses as a fresh analysis does; typed away again, the finding is back.
    func testASuppressionCommentTypedAfterAnAnalysisWithoutOneSuppresses() {
        let text = "# T\n\n## Step 1\n\nAdd `s`.\n\n```swift file=A.swift\nlet s = \u{201C}x\u{201D}\n```\n"
        let rule = "curly-quotes-in-code"
        let cache = FactsCache()
        let configuration = Self.everyRule
        let first = analyze(
            tutorial: readTutorial(SourceDocument(path: "t.md", text: text)), configuration: configuration, cache: cache)
        XCTAssertTrue(first.findings.contains { $0.rule == rule })
        var previous = first.stateResults
        let comment = "<!-- tutorial-check-disable \(rule) -->\n"
        for version in [text.replacingOccurrences(of: "## Step 1", with: comment + "## Step 1"), text] {
            let tutorial = readTutorial(SourceDocument(path: "t.md", text: version))
            let again = analyze(tutorial: tutorial, cache: cache, previous: previous)
            XCTAssertEqual(again.findings, analyze(tutorial: tutorial, cache: FactsCache()).findings)
            XCTAssertEqual(again.findings.contains { $0.rule == rule }, version == text)
            previous = again.stateResults
        }
    }

    /// A keystroke in one state of a long tutorial: every other state's results are reused.
    func testKeystrokeReusesEveryOtherState() {
        var text = "# Title\n"
        for step in 1...6 {
            text += "\n## Step \(step)\n\nChange `value\(step)`.\n\n```swift file=A.swift\nstruct A {\n"
            for member in 1...step { text += "    var value\(member) = \(member)\n" }
            text += "}\n```\n"
        }
        let cache = FactsCache()
        let configuration = Self.everyRule
        let first = analyze(
            tutorial: readTutorial(SourceDocument(path: "t.md", text: text)), configuration: configuration, cache: cache)
        XCTAssertEqual(first.stateResults.reusedCount, 0)
        let edited = text.replacingOccurrences(of: "var value3 = 3\n}", with: "var value3 = 33\n}")
        let tutorial = readTutorial(SourceDocument(path: "t.md", text: edited))
        let again = analyze(tutorial: tutorial, configuration: configuration, cache: cache, previous: first.stateResults)
        XCTAssertEqual(again.findings, analyze(tutorial: tutorial, configuration: configuration, cache: FactsCache()).findings)
        // Six states: five keep their facts, four their changed identifiers (step 3's and step 4's
        // comparisons involve the edited state); the checks of steps 1 and 2 are the same as before.
        XCTAssertEqual(again.stateResults.facts["A.swift"]?.count, 6)
        XCTAssertGreaterThanOrEqual(again.stateResults.reusedCount, 5 + 4 + 2)
    }

    /// The identifiers each state's changed lines hold are found only for a rule that reads them
    /// (prose-code-mismatch, off by default): by default an analysis keeps none.
    func testChangedIdentifiersAreFoundOnlyForARuleThatReadsThem() {
        let text = "# Title\n\n## Step 1\n\nAdd `value`.\n\n```swift file=A.swift\nstruct A {\n    var value = 1\n}\n```\n"
        let tutorial = readTutorial(SourceDocument(path: "t.md", text: text))
        XCTAssertEqual(analyze(tutorial: tutorial).stateResults.changedIdentifiers.count, 0)
        let reading = analyze(tutorial: tutorial, configuration: .only(["prose-code-mismatch"]))
        XCTAssertEqual(reading.stateResults.changedIdentifiers["A.swift"]?.count, 1)
    }

    // MARK: - The property

    /// Every rule on, those off by default too: what an edit reuses must give each rule's findings, and some
    /// reuse (the identifiers each step changes) is computed only for a rule that is off by default.
    static let everyRule = Configuration.only(RuleRegistry.ids)

    private func checkAnalyses(_ extensions: Set<String>, _ format: DocumentFormat, seed: UInt64) throws {
        let root = Self.fixturesRoot.path
        let paths = FileSystemResources.regularFiles(under: root).filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let ext = name.split(separator: ".").last.map(String.init) ?? ""
            return extensions.contains(ext) && !path.contains("/fuzz-")
        }.sorted()
        XCTAssertGreaterThan(paths.count, 0, "no fixtures for \(extensions)")
        var random = SplitMix(seed: seed)
        let resources = FileSystemResources()
        var edits = 0
        var reused = 0
        var reusable = 0
        var resumed = 0
        var walksResumed = 0
        var restsTaken = 0
        var timelineRestsTaken = 0
        var startsTaken = 0
        var movedTaken = 0
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            let cache = FactsCache()
            let original = readTutorialForEditing(SourceDocument(path: path, text: text), format: format, resources: resources)
            // Checkpoints every two steps: the fixtures are short, and resuming is what is checked.
            let originalTimelines = buildTimelineSet(original.tutorial, trees: cache.trees, checkpoints: 2)
            let originalAnalysis = analyze(
                tutorial: original.tutorial, timelines: originalTimelines, configuration: Self.everyRule, cache: cache)
            var read = original
            var previous = originalAnalysis.stateResults
            var previousTimelines = originalTimelines
            for number in 0..<16 {
                // Chains of a few edits from the fixture as written: a long chain turns any page into rubble.
                if number % 8 == 0 {
                    read = original
                    previous = originalAnalysis.stateResults
                    previousTimelines = originalTimelines
                }
                let edit = Self.randomEdit(of: read.tutorial, number: number, using: &random)
                let previousSteps = read.tutorial.steps
                var bytes = read.tutorial.document.bytes
                bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
                // As the server makes it (its text made from its bytes only when asked), and as read from disk.
                let document = read.tutorial.document.replacing(edit.range, with: edit.newText)
                let whole = SourceDocument(path: path, text: String(decoding: bytes, as: UTF8.self))
                XCTAssertEqual(document.lineIndex.lineStarts, whole.lineIndex.lineStarts)
                read = rereadTutorial(read, as: document, format: format, resources: resources)
                let timelines = buildTimelineSet(
                    read.tutorial, trees: cache.trees, previous: previousTimelines, checkpoints: 2)
                if timelines.resumedAt > 0 { resumed += 1 }
                // The steps the timelines found moved (which the tutorial rules take as the previous ones) hold
                // the previous steps' bytes.
                if let moved = timelines.movedSteps, moved.previous === previousTimelines.build {
                    for position in moved.first..<read.tutorial.steps.count {
                        let (now, was) = (read.tutorial.steps[position], previousSteps[position])
                        XCTAssertTrue(
                            now.prose.hasSameBytes(as: was.prose) && now.title.hasSameBytes(as: was.title)
                                && zip(now.snippets, was.snippets).allSatisfy { $0.code.hasSameBytes(as: $1.code) },
                            "\(path), edit \(number): step \(position) is not the previous one moved")
                        movedTaken += 1
                    }
                }
                if timelines.restTakenAt != nil { timelineRestsTaken += 1 }
                if timelines.startTaken { startsTaken += 1 }
                let analysis = analyze(
                    tutorial: read.tutorial, timelines: timelines, configuration: Self.everyRule, cache: cache,
                    previous: previous)
                if analysis.stateResults.walk.resumedAt > 0 { walksResumed += 1 }
                if analysis.stateResults.walk.restTakenAt != nil { restsTaken += 1 }
                XCTAssertEqual(document.text, whole.text)
                XCTAssertEqual(document.bytes, whole.bytes)
                let freshTutorial = readTutorial(whole, format: format, resources: resources)
                let freshTimelines = buildTimelineSet(freshTutorial)
                let fresh = analyze(tutorial: freshTutorial, timelines: freshTimelines, configuration: Self.everyRule)
                XCTAssertEqual(
                    Self.outline(timelines), Self.outline(freshTimelines),
                    "\(path), seed \(seed), edit \(number): the timelines differ from a fresh build's")
                edits += 1
                reused += analysis.stateResults.reusedCount
                reusable += previous.facts.values.map(\.count).reduce(0, +)
                    + previous.changedIdentifiers.values.map(\.count).reduce(0, +) + previous.evaluations.count
                    + previous.tutorialRules.count
                if analysis.findings != fresh.findings {
                    XCTFail(
                        "\(path), seed \(seed), edit \(number) \(edit.range) → \(edit.newText.debugDescription): "
                            + "the findings differ from a fresh analysis's\n"
                            + Self.firstDifference(analysis.findings, fresh.findings))
                    return
                }
                previous = analysis.stateResults
                previousTimelines = timelines
            }
        }
        XCTAssertGreaterThan(edits, 0, "no \(format) edits were tried")
        // Printed so a run shows how much was reused.
        print(
            "\(format): \(edits) edits reused \(reused) of \(reusable) per-state results; \(resumed) timeline builds "
                + "and \(walksResumed) code-rule walks resumed; \(timelineRestsTaken) builds and \(restsTaken) walks "
                + "took the previous one's rest; \(startsTaken) builds took the previous one's start")
        XCTAssertGreaterThan(resumed, 0, "\(format): no timeline build resumed from a checkpoint")
        XCTAssertGreaterThan(walksResumed, 0, "\(format): no code-rule walk resumed from a checkpoint")
        XCTAssertGreaterThan(restsTaken, 0, "\(format): no code-rule walk took the rest of the previous one")
        XCTAssertGreaterThan(timelineRestsTaken, 0, "\(format): no timeline build took the rest of the previous one")
        XCTAssertGreaterThan(startsTaken, 0, "\(format): no timeline build took the start of the previous one")
        XCTAssertGreaterThan(movedTaken, 0, "\(format): no timeline build found a step moved")
        XCTAssertGreaterThan(reused * 2, reusable, "\(format): less than half of the per-state results were reused")
    }

    /// Code that changes what the rules see, and text that changes structure.
    static let insertions = [
        " ", "x", "\n", "}", "{", "\n}\n", "(", ")", ":", "let y = 2\n", "    var page = 0\n",
        "    func makeCoordinator() -> Coordinator { Coordinator(self) }\n", "// ...\n", "import UIKit\n",
        "context.coordinator", "@objc ", "class Coordinator: NSObject {}\n", "`", "```", "\n## Step 9: New\n", "<", "&amp;",
        "@", "中文", "é",
    ]

    /// Two edits of three inside a snippet's code, the others inside a step or anywhere.
    static func randomEdit(of tutorial: Tutorial, number: Int, using random: inout SplitMix) -> TextEdit {
        let bytes = tutorial.document.bytes
        let snippets = tutorial.steps.flatMap(\.snippets).filter { $0.docc == nil && $0.range.length > 0 }
        let steps = tutorial.steps
        let within: SourceRange
        if number % 3 != 2, !snippets.isEmpty {
            within = snippets[Int(random.next() % UInt64(snippets.count))].range
        } else if number % 2 == 0, !steps.isEmpty {
            within = steps[Int(random.next() % UInt64(steps.count))].range
        } else {
            within = SourceRange(start: 0, end: bytes.count)
        }
        func boundary(_ offset: Int) -> Int {
            var offset = min(max(offset, 0), bytes.count)
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        }
        let start = boundary(within.start + Int(random.next() % UInt64(within.length + 1)))
        let kind = random.next() % 3
        let length = kind == 0 ? 0 : Int(random.next() % 4) + 1
        let end = boundary(start + length)
        let inserted = kind == 1 ? "" : insertions[Int(random.next() % UInt64(insertions.count))]
        return TextEdit(range: SourceRange(start: start, end: end), newText: inserted)
    }

    /// What the timelines say, state by state and snippet by snippet, for comparing two builds.
    static func outline(_ timelines: Timelines) -> [String] {
        timelines.files.flatMap { file in
            file.states.map { state in
                "\(file.fileName) \(state.step)#\(state.snippetIndex) \(state.nameSource) "
                    + "\(state.composition.map { "\($0.kind) \($0.summary)" } ?? "whole") \(state.snippet)"
            }
        } + timelines.unplaced.map {
            "unplaced \($0.step)#\($0.snippetIndex) \($0.fileName ?? "-") \($0.reason) \($0.snippet)"
        }
    }

    /// The first finding that differs, both sides.
    static func firstDifference(_ actual: [Finding], _ expected: [Finding]) -> String {
        for index in 0..<max(actual.count, expected.count) {
            let a = index < actual.count ? "\(actual[index])" : "<none>"
            let e = index < expected.count ? "\(expected[index])" : "<none>"
            if a != e { return "finding \(index):\nreused: \(a)\nfresh:  \(e)" }
        }
        return "the findings differ"
    }
}

/// A small seeded generator (SplitMix64): the same edits on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
