import TutorialModel
import XCTest

/// `Step.leadingEqualCount`, which the timeline build and the code-rule walk use to find where a new version of a
/// tutorial starts to differ from the previous one: the steps it counts are equal ones, from the first, and it
/// stops at the limit, at the first pair that differs and at the first the caller's own test rejects.
final class LeadingStepsTests: XCTestCase {
    private func step(_ number: Int, prose: String = "Do it.", start: Int? = nil) -> Step {
        let start = start ?? number * 100
        return Step(
            id: StepID(section: 1, step: number), label: "Step \(number)", labelNumber: number, title: "",
            prose: prose, range: SourceRange(start: start, end: start + 50),
            snippets: [
                Snippet(
                    fileName: "A.swift", language: "swift", code: "struct A\(number) {}", kind: .file,
                    range: SourceRange(start: start + 10, end: start + 30),
                    sourceMap: .verbatim(SourceRange(start: start + 10, end: start + 30)))
            ])
    }

    func testCountsTheEqualStepsBeforeTheFirstThatDiffers() {
        let old = (1...6).map { step($0) }
        var new = old
        new[3] = step(4, prose: "Do it again.")
        XCTAssertEqual(Step.leadingEqualCount(old, new, limit: 6), 3)
        XCTAssertEqual(Step.leadingEqualCount(old, old, limit: 6), 6)
        new[3] = step(4, start: 401)
        XCTAssertEqual(Step.leadingEqualCount(old, new, limit: 6), 3, "a step moved is not the same step")
    }

    func testStopsAtTheLimitAndAtTheShorterList() {
        let old = (1...6).map { step($0) }
        XCTAssertEqual(Step.leadingEqualCount(old, old, limit: 4), 4)
        XCTAssertEqual(Step.leadingEqualCount(old, Array(old.prefix(2)), limit: 6), 2)
        XCTAssertEqual(Step.leadingEqualCount(old, [], limit: -1), 0)
    }

    func testStopsWhereTheCallersTestRejectsAStep() {
        let old = (1...6).map { step($0) }
        var asked: [Int] = []
        let count = Step.leadingEqualCount(old, old, limit: 6) { step, position in
            asked.append(position)
            XCTAssertEqual(step.id, old[position].id, "the new step at that position")
            return position < 2
        }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(asked, [0, 1, 2])
    }
}
