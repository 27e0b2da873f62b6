import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialAnalysis

/// The engine's storage of what collecting rules collect (`runTutorialRules`, `TutorialRuleMemory`): after
/// an edit, only the steps whose content changed are collected again, whatever the edit did to the other
/// steps' ranges and numbers, and the findings are those of a run with nothing to reuse.
final class TutorialRuleEngineTests: XCTestCase {
    /// A collecting rule that counts its `collect` calls and reports every step whose title holds `!`.
    private struct CountingRule: CollectingTutorialRule {
        let calls = Protected([String]())
        let description = RuleDescription(
            id: "counting", category: .tutorial, summary: "Counts.", explanation: "Counts.",
            defaultSeverity: .warning, triggering: [], nonTriggering: [])

        func collect(_ step: StepContent) -> Bool {
            calls.withLock { $0.append(step.title) }
            return step.title.contains("!")
        }

        func validate(_ collected: [Bool], context: TutorialContext) -> [DocumentFinding] {
            zip(context.tutorial.steps, collected).compactMap { step, marked in
                marked ? DocumentFinding(subject: step.title, message: "marked", range: step.range, step: step.id) : nil
            }
        }

        func takeCalls() -> [String] {
            calls.withLock { calls in
                defer { calls = [] }
                return calls
            }
        }
    }

    private static func document(_ titles: [String]) -> SourceDocument {
        var text = "# Counted\n"
        for (number, title) in titles.enumerated() {
            text += "\n## Step \(number + 1): \(title)\n\nSome prose.\n\n```swift file=A.swift\nlet a = 1\n```\n"
        }
        return SourceDocument(path: "counted.md", text: text)
    }

    private static func context(_ tutorial: Tutorial) -> TutorialContext {
        TutorialContext(
            tutorial: tutorial, timelines: buildTimelines(tutorial),
            changes: StepChanges(touchedIdentifiers: [:], stepsWithCode: []), changeSets: nil)
    }

    /// Steps that say the same share one value; a step edited to say what another says takes its value; an edit
    /// that moves more steps than are looked up one by one (`StepSlots`) finds their values all the same.
    func testEqualStepsShareOneValue() {
        let rule = CountingRule()
        var titles = ["Same", "Other", "Same"] + (0..<12).map { "Part \($0)" }
        var read = readTutorialForEditing(Self.document(titles), format: .markdown)
        var run = runTutorialRules([rule], context: Self.context(read.tutorial))
        XCTAssertEqual(rule.takeCalls().count, 14)
        XCTAssertEqual(run.memory.count, 14)

        titles[1] = "Same"
        read = rereadTutorial(read, as: Self.document(titles), format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), [])
        XCTAssertEqual(run.memory.count, 13)
        XCTAssertEqual(run.memory.reusedCount, 13)

        titles.insert("New!", at: 0)
        let document = Self.document(titles)
        read = rereadTutorial(read, as: document, format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), ["New!"])
        XCTAssertEqual(run.memory.reusedCount, 13)
        XCTAssertEqual(run.findings[0].findings, rule.check(Self.context(readTutorial(document, format: .markdown))))
    }

    /// With steps alike (sharing a slot), an edit of another step updates the previous values by step there
    /// and nowhere else, and the findings are a fresh run's.
    func testAnEditBesideStepsAlikeUpdatesTheValuesByStep() {
        let rule = CountingRule()
        var titles = ["Same", "Other", "Same", "Last"]
        var read = readTutorialForEditing(Self.document(titles), format: .markdown)
        var run = runTutorialRules([rule], context: Self.context(read.tutorial))
        XCTAssertEqual(rule.takeCalls(), ["Same", "Other", "Last"])

        titles[3] = "Last!"
        let document = Self.document(titles)
        read = rereadTutorial(read, as: document, format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), ["Last!"])
        XCTAssertEqual(run.memory.rulesKeepingValues, 1)
        XCTAssertEqual(run.memory.rulesUpdatingSteps, 1)
        XCTAssertEqual(run.findings[0].findings, rule.check(Self.context(readTutorial(document, format: .markdown))))
        XCTAssertEqual(run.findings[0].findings.map(\.subject), ["Last!"])
    }

    func testAnEditOfOneStepCollectsOnlyThatStep() {
        let rule = CountingRule()
        var titles = ["Add a view", "Add a model!", "Wire it", "Add a test", "Run it!", "Ship it"]
        var read = readTutorialForEditing(Self.document(titles), format: .markdown)
        var run = runTutorialRules([rule], context: Self.context(read.tutorial))
        XCTAssertEqual(rule.takeCalls(), titles)
        XCTAssertEqual(run.memory.collectedCount, 6)
        XCTAssertEqual(run.memory.reusedCount, 0)

        // One step's title edited: that step alone is collected, the others' values are reused.
        titles[3] = "Add a test!"
        read = rereadTutorial(read, as: Self.document(titles), format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), ["Add a test!"])
        XCTAssertEqual(run.memory.collectedCount, 1)
        XCTAssertEqual(run.memory.reusedCount, 5)
        // The other steps kept their slots: the previous values taken as they were, the new one's in place.
        XCTAssertEqual(run.memory.rulesKeepingValues, 1)
        XCTAssertEqual(run.findings[0].findings, rule.check(Self.context(read.tutorial)))
        XCTAssertEqual(run.findings[0].findings.map(\.subject), ["Add a model!", "Add a test!", "Run it!"])
        _ = rule.takeCalls()

        // A step inserted first moves and renumbers every other step: only the new one is collected, and
        // the findings carry the new ranges and numbers.
        titles.insert("Open the project!", at: 0)
        let document = Self.document(titles)
        read = rereadTutorial(read, as: document, format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), ["Open the project!"])
        XCTAssertEqual(run.memory.rulesKeepingValues, 0)
        let fresh = rule.check(Self.context(readTutorial(document, format: .markdown)))
        XCTAssertEqual(run.findings[0].findings, fresh)
        XCTAssertEqual(fresh.map(\.step?.step), [1, 3, 5, 6])
        _ = rule.takeCalls()

        // The memory holds the document's steps only: a step removed leaves it.
        titles.remove(at: 2)
        read = rereadTutorial(read, as: Self.document(titles), format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), [])
        XCTAssertEqual(run.memory.count, titles.count)
    }

    /// A step whose content equals an earlier one's, byte for byte, is collected once; a canonically
    /// equivalent spelling (`é` as one scalar or two), which a rule may read differently, is not the same.
    func testEqualStepsAreCollectedOnceAndEquivalentSpellingsAreNot() {
        let rule = CountingRule()
        func step(_ number: Int, _ title: String) -> String {
            "\n## Step \(number): \(title)\n\n```swift file=A.swift\nlet a = 1\n```\n"
        }
        let document = SourceDocument(
            path: "same.md",
            text: "# Same\n" + step(1, "Same") + step(2, "Same") + step(3, "Sam\u{E9}") + step(4, "Same\u{301}"))
        let run = runTutorialRules([rule], context: Self.context(readTutorial(document, format: .markdown)))
        XCTAssertEqual(
            rule.takeCalls().map { Array($0.unicodeScalars) },
            ["Same", "Sam\u{E9}", "Same\u{301}"].map { Array($0.unicodeScalars) })
        XCTAssertEqual(run.memory.count, 3)
        XCTAssertEqual(run.memory.collectedCount, 3)
    }

    /// Long contents are hashed by their ends, yet two that differ only in the middle (a keystroke inside a
    /// long instruction) are two contents: each is collected, and the edited one's value is its own.
    func testContentsDifferingOnlyInTheMiddleAreNotTheSame() {
        let rule = CountingRule()
        let padding = (1...20).map { "long instruction \($0)" }.joined(separator: " ")
        let before = padding + " with a plain middle " + padding
        let after = padding + " with a !marked midd " + padding
        XCTAssertEqual(before.utf8.count, after.utf8.count)
        var read = readTutorialForEditing(Self.document([before, "Wire it"]), format: .markdown)
        var run = runTutorialRules([rule], context: Self.context(read.tutorial))
        XCTAssertEqual(run.findings[0].findings.count, 0)
        _ = rule.takeCalls()
        read = rereadTutorial(read, as: Self.document([after, "Wire it"]), format: .markdown)
        run = runTutorialRules([rule], context: Self.context(read.tutorial), previous: run.memory)
        XCTAssertEqual(rule.takeCalls(), [after])
        XCTAssertEqual(run.findings[0].findings.map(\.subject), [after])
    }

    /// Through the pipeline with every rule on: after an edit of one step's instruction, each collecting
    /// rule collects that step alone.
    func testThePipelineCollectsOnlyTheEditedStep() {
        let everyRule = Configuration.only(RuleRegistry.ids)
        let collecting = RuleRegistry.all.filter {
            if case .tutorial(let rule) = $0 { return rule is any CollectingTutorialRule }
            return false
        }.count
        XCTAssertGreaterThanOrEqual(collecting, 3)
        var titles = (1...8).map { "Add property number \($0) in Model.swift" }
        let cache = FactsCache()
        var read = readTutorialForEditing(Self.document(titles), format: .markdown)
        let first = analyze(tutorial: read.tutorial, configuration: everyRule, cache: cache)
        XCTAssertEqual(first.stateResults.tutorialRules.collectedCount, collecting * 8)
        titles[4] = "Add a makeCoordinator() method"
        let document = Self.document(titles)
        read = rereadTutorial(read, as: document, format: .markdown)
        let again = analyze(
            tutorial: read.tutorial, configuration: everyRule, cache: cache, previous: first.stateResults)
        XCTAssertEqual(again.stateResults.tutorialRules.collectedCount, collecting)
        XCTAssertEqual(again.stateResults.tutorialRules.reusedCount, collecting * 7)
        XCTAssertEqual(again.findings, analyze(document: document, configuration: everyRule).findings)
    }
}
