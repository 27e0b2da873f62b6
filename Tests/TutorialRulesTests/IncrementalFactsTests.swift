import Foundation
import StepDiff
import SwiftFacts
import TutorialModel
import TutorialReaders
import XCTest

/// Facts from a state parsed incrementally (the change set's runs as edits) equal those of a full parse.
final class IncrementalFactsTests: XCTestCase {
    func testEveryStateOfTheBundledTutorialsMatchesAFullParse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var compared = 0
        for name in ["markdown/interfacing-with-uikit.md", "text/interfacing-with-uikit-zh.txt"] {
            let path = root.appendingPathComponent("Tutorials/" + name).path
            let document = SourceDocument(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
            let tutorial = readTutorial(document)
            let cache = FactsCache()
            for timeline in buildTimelines(tutorial) {
                var previous: ParsedState?
                for state in timeline.states {
                    let before = previous
                    let (facts, parsed) = try XCTUnwrap(cache.facts(for: state.code, previous: before) {
                        guard let before else { return nil }
                        return TextDiff(old: before.code, new: state.code, options: DiffOptions(context: 0)).byteEdits()
                            .map {
                                TextReplacement(
                                    old: CodeRange(start: $0.old.start, end: $0.old.end),
                                    new: CodeRange(start: $0.new.start, end: $0.new.end))
                            }
                    })
                    let full = try XCTUnwrap(extractFacts(code: state.code))
                    XCTAssertEqual(facts.types, full.types, "\(name) \(state.step)")
                    XCTAssertEqual(facts.functions, full.functions, "\(name) \(state.step)")
                    XCTAssertEqual(facts.calls, full.calls, "\(name) \(state.step)")
                    XCTAssertEqual(facts.assignments, full.assignments, "\(name) \(state.step)")
                    XCTAssertEqual(facts.syntaxErrors, full.syntaxErrors, "\(name) \(state.step)")
                    previous = parsed ?? previous
                    compared += 1
                }
            }
            XCTAssertGreaterThan(cache.statistics.incremental, 10, name)
        }
        XCTAssertGreaterThan(compared, 30)
    }

    func testTwoHunksAreTwoEdits() throws {
        let first = "struct A {\n    var x: Int\n}\n\nstruct B {\n    var y: Int\n}\n"
        let second = "struct A {\n    var x: Int\n    var z = 1\n}\n\nstruct B {\n    var y: String\n}\n"
        let cache = FactsCache()
        let (_, parsed) = try XCTUnwrap(cache.facts(for: first))
        let edits = TextDiff(old: first, new: second, options: DiffOptions(context: 0)).byteEdits()
        XCTAssertEqual(edits.count, 2)
        let (incremental, _) = try XCTUnwrap(cache.facts(for: second, previous: parsed) {
            edits.map {
                TextReplacement(
                    old: CodeRange(start: $0.old.start, end: $0.old.end),
                    new: CodeRange(start: $0.new.start, end: $0.new.end))
            }
        })
        XCTAssertEqual(incremental.types, try XCTUnwrap(extractFacts(code: second)).types)
        XCTAssertEqual(cache.statistics.incremental, 1)
    }
}
