import Foundation
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialAnalysis

/// The property that makes reusing what the collecting rules collected (`TutorialRuleMemory`) safe: after
/// edits of what those rules read (a step's instruction, its file labels, its code), and after steps are
/// added or removed (which moves every later step), the findings of an analysis given the previous
/// version's results are exactly those of a fresh analysis.
///
/// The fixtures' random edits fall mostly in code; here every edit changes what a judging rule reads, in
/// generated tutorials whose instructions name APIs in code form (`prose-code-mismatch`), name a file
/// (`file-name-mismatch`), or remove something, and whose code is sometimes too deeply nested to parse
/// (`input-error`). Each of those rules must report something over the run, and judgements must be
/// reused: a run without either would prove nothing.
final class IncrementalRuleJudgementTests: XCTestCase {
    /// One step of a generated tutorial.
    private struct GeneratedStep {
        var instruction: String
        var file: String
        var code: String
    }

    private static let instructions = [
        "Add a makeCoordinator() method.", "Open PageView.swift and add a property.", "Edit Badge.swift.",
        "Remove the animation(_:) modifier.", "Call update(_:context:) in the view.", "Run the app.",
        "添加makeCoordinator（）方法。", "Use ``Page/update(_:context:)`` to refresh.", "Create Page.swift",
        "Add a makeCoordinator() method. Then call update(_:context:).", "Update the body property.",
        "Add the focuseValue(_:) modifier to the list.",
    ]

    private static let files = ["PageView.swift", "Page.swift", "Badge.swift"]

    private static let codes = [
        "struct PageView {\n    var page = 0\n}\n",
        "struct PageView {\n    func makeCoordinator() -> Int { 1 }\n}\n",
        "struct Page {\n    func update(_ a: Int, context: Int) {}\n}\n",
        "let list = List()\n    .focusedValue(\\.item, item)\n",
        "let deep = " + String(repeating: "[", count: 20) + String(repeating: "]", count: 20) + "\n",
        "let badge = Badge()\n    .animation(.spring())\n",
    ]

    /// Pieces typed into an instruction or the code.
    private static let insertions = ["(", ")", "x", " ", "makeCoordinator()", ".swift", "Remove ", "[", "é", "（"]

    /// Every rule, those off by default included: the judging rules must be exercised.
    private let everyRule = Configuration.only(RuleRegistry.ids)

    func testJudgementsAfterEditsOfWhatTheRulesReadEqualFreshAnalysis() {
        var random = SplitMix(seed: 21)
        var found: [String: Int] = [:]
        var reused = 0
        var edits = 0
        for _ in 0..<12 {
            var steps = (0..<10).map { _ in Self.randomStep(using: &random) }
            let cache = FactsCache()
            var read = readTutorialForEditing(Self.document(steps), format: .markdown)
            var previous = analyze(tutorial: read.tutorial, configuration: everyRule, cache: cache).stateResults
            for number in 0..<10 {
                Self.edit(&steps, using: &random)
                let document = Self.document(steps)
                read = rereadTutorial(read, as: document, format: .markdown)
                let analysis = analyze(
                    tutorial: read.tutorial, configuration: everyRule, cache: cache, previous: previous)
                let fresh = analyze(document: document, configuration: everyRule)
                edits += 1
                reused += analysis.stateResults.tutorialRules.reusedCount
                for finding in fresh.findings { found[finding.rule, default: 0] += 1 }
                if analysis.findings != fresh.findings {
                    XCTFail(
                        "edit \(number): the findings differ from a fresh analysis's\n\(document.text)\n"
                            + IncrementalAnalysisTests.firstDifference(analysis.findings, fresh.findings))
                    return
                }
                previous = analysis.stateResults
            }
        }
        for rule in ["prose-code-mismatch", "file-name-mismatch", "input-error"] {
            XCTAssertGreaterThan(found[rule, default: 0], 0, "\(rule) never reported: the edits test nothing of it")
        }
        XCTAssertGreaterThan(reused, edits * 10, "the rules' judgements were hardly reused")
    }

    private static func randomStep(using random: inout SplitMix) -> GeneratedStep {
        GeneratedStep(
            instruction: pick(instructions, &random), file: pick(files, &random), code: pick(codes, &random))
    }

    private static func pick(_ list: [String], _ random: inout SplitMix) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }

    /// Text typed into `text` at a random character boundary.
    private static func typed(into text: String, using random: inout SplitMix) -> String {
        var characters = Array(text)
        let at = Int(random.next() % UInt64(characters.count + 1))
        characters.insert(contentsOf: pick(insertions, &random), at: at)
        return String(characters)
    }

    /// One edit: an instruction, a label or the code of a step replaced or typed into, a step added or
    /// removed.
    private static func edit(_ steps: inout [GeneratedStep], using random: inout SplitMix) {
        let index = Int(random.next() % UInt64(steps.count))
        switch random.next() % 7 {
        case 0: steps[index].instruction = pick(instructions, &random)
        case 1: steps[index].instruction = typed(into: steps[index].instruction, using: &random)
        case 2: steps[index].file = pick(files, &random)
        case 3: steps[index].code = pick(codes, &random)
        case 4: steps[index].code = typed(into: steps[index].code, using: &random)
        case 5: steps.insert(randomStep(using: &random), at: index)
        default: if steps.count > 2 { steps.remove(at: index) }
        }
    }

    private static func document(_ steps: [GeneratedStep]) -> SourceDocument {
        var text = "# Judged\n"
        for (number, step) in steps.enumerated() {
            text += "\n## Step \(number + 1)\n\n\(step.instruction)\n\n```swift file=\(step.file)\n\(step.code)```\n"
        }
        return SourceDocument(path: "judged.md", text: text)
    }
}
