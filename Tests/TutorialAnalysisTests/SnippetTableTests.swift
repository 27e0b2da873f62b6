import TestSupport
import TutorialModel
import XCTest

@testable import TutorialAnalysis

/// The analysis keeps each state's facts, file and composition by snippet address in a `SnippetTable` (one
/// array in the tutorial's snippet order) rather than a dictionary: every address of the tutorial must have a
/// slot of its own, and an address of no snippet none.
final class SnippetTableTests: XCTestCase {
    /// Three sections, with steps of zero, one and three snippets, and a section without steps.
    private func tutorial() -> Tutorial {
        var builder = TutorialBuilder(path: "t.md")
        builder.section("One")
        builder.step(label: "Step 1", snippets: [.init(file: "A.swift", code: "let a = 1\n")])
        builder.step(label: "Step 2", prose: "Read.", snippets: [])
        builder.step(
            label: "Step 3",
            snippets: [
                .init(file: "A.swift", code: "let a = 2\n"), .init(file: "B.swift", code: "let b = 1\n"),
                .init(file: nil, code: "print(a)\n"),
            ])
        builder.section("Empty")
        builder.section("Three")
        builder.step(label: "Step 1", snippets: [.init(file: "B.swift", code: "let b = 2\n")])
        return builder.build()
    }

    func testEveryAddressHasItsOwnSlotAndKeepsItsValue() {
        let tutorial = tutorial()
        var table = SnippetTable<String>(SnippetSlots(tutorial))
        var expected: [SnippetAddress: String] = [:]
        for step in tutorial.steps {
            for index in step.snippets.indices {
                let address = SnippetAddress(step: step.id, index: index)
                table[address] = "\(step.id) #\(index)"
                expected[address] = "\(step.id) #\(index)"
            }
        }
        XCTAssertEqual(expected.count, 5)
        XCTAssertEqual(SnippetSlots(tutorial).count, 5)
        for (address, value) in expected { XCTAssertEqual(table[address], value, "\(address)") }
        table[SnippetAddress(step: StepID(section: 1, step: 3), index: 1)] = nil
        XCTAssertNil(table[SnippetAddress(step: StepID(section: 1, step: 3), index: 1)])
        XCTAssertEqual(table[SnippetAddress(step: StepID(section: 1, step: 3), index: 2)], "1.3 #2")
    }

    func testAnAddressOfNoSnippetHasNoSlot() {
        let slots = SnippetSlots(tutorial())
        let nowhere = [
            StepID(section: 1, step: 2), StepID(section: 2, step: 1), StepID(section: 4, step: 1),
            StepID(section: 0, step: 1), StepID(section: 1, step: 0), StepID(section: 3, step: 2),
        ]
        for step in nowhere { XCTAssertNil(slots.slot(of: SnippetAddress(step: step, index: 0)), "\(step)") }
        XCTAssertNil(slots.slot(of: SnippetAddress(step: StepID(section: 1, step: 1), index: 1)))
        XCTAssertNil(slots.slot(of: SnippetAddress(step: StepID(section: 1, step: 3), index: -1)))
        XCTAssertNil(slots.slot(of: SnippetAddress(step: StepID(section: 1, step: 3), index: 3)))
        XCTAssertEqual(slots.slot(of: SnippetAddress(step: StepID(section: 3, step: 1), index: 0)), 4)
    }
}
