import TutorialModel
import XCTest

/// Steps and snippets hold what the reader read of them but their place by reference, so that an edit moving
/// them shares it: a moved step or snippet must still be the value a reader makes at the new place, and two
/// values must compare, and dump, by their fields whether or not they share that content.
final class SharedContentTests: XCTestCase {
    private func snippet(code: String = "struct A {}\n", start: Int = 10, fileName: String? = "A.swift") -> Snippet {
        let range = SourceRange(start: start, end: start + code.utf8.count)
        return Snippet(
            fileName: fileName, language: "swift", code: code, kind: .file, range: range,
            sourceMap: .verbatim(range))
    }

    private func step(prose: String = "Do it.", title: String = "Add A", start: Int = 0, code: String = "struct A {}\n")
        -> Step
    {
        Step(
            id: StepID(section: 1, step: 2), label: "Step 2", labelNumber: 2, title: title, prose: prose,
            range: SourceRange(start: start, end: start + 60), snippets: [snippet(code: code, start: start + 10)])
    }

    func testStepsMadeApartAreEqualByTheirFields() {
        XCTAssertEqual(step(), step())
        XCTAssertNotEqual(step(), step(prose: "Do it again."))
        XCTAssertNotEqual(step(), step(title: "Add B"))
        XCTAssertNotEqual(step(), step(start: 1))
        XCTAssertNotEqual(step(), step(code: "struct B {}\n"))
        let unlabelled = Step(
            id: StepID(section: 1, step: 2), label: nil, labelNumber: 2, title: "Add A", prose: "Do it.",
            range: SourceRange(start: 0, end: 60), snippets: step().snippets)
        XCTAssertNotEqual(step(), unlabelled)
    }

    func testAMovedStepIsTheStepReadAtItsNewPlace() {
        let original = step()
        let moved = original.moved(
            range: SourceRange(start: 5, end: 65), snippets: original.snippets.map { $0.shifted(by: 5) })
        XCTAssertEqual(moved, step(start: 5))
        XCTAssertEqual(moved.label, "Step 2")
        XCTAssertEqual(moved.labelNumber, 2)
        XCTAssertEqual(moved.title, "Add A")
        XCTAssertEqual(moved.prose, "Do it.")
        XCTAssertNotEqual(moved, original)
    }

    func testSnippetsMadeApartAreEqualByTheirFields() {
        XCTAssertEqual(snippet(), snippet())
        XCTAssertNotEqual(snippet(), snippet(code: "struct B {}\n"))
        XCTAssertNotEqual(snippet(), snippet(fileName: "B.swift"))
        XCTAssertNotEqual(snippet(), snippet(start: 11))
        let shifted = snippet().shifted(by: 7)
        XCTAssertEqual(shifted, snippet(start: 17))
        XCTAssertEqual(shifted.code, "struct A {}\n")
        XCTAssertEqual(shifted.fileName, "A.swift")
        XCTAssertEqual(shifted.sourceMap.segments.first?.documentOffset, 17)
    }

    func testDumpsAndDescriptionsShowTheFieldsNotTheSharedContent() {
        var moved = ""
        var read = ""
        let original = step()
        let movedStep = original.moved(
            range: SourceRange(start: 5, end: 65), snippets: original.snippets.map { $0.shifted(by: 5) })
        dump(movedStep, to: &moved)
        dump(step(start: 5), to: &read)
        XCTAssertEqual(moved, read)
        // Described by its fields, as the plain structures were (failure messages print them).
        let description = String(describing: movedStep)
        XCTAssertTrue(description.contains("prose: \"Do it.\""), description)
        XCTAssertTrue(description.contains("code: \"struct A {}\\n\""), description)
        var other = ""
        dump(step(prose: "Do it again.", start: 5), to: &other)
        XCTAssertNotEqual(other, read)
    }

    func testAStepMovedShowsItsDisplacementWhetherOrNotItSharesItsContent() {
        let original = step()
        let moved = original.moved(
            range: SourceRange(start: 5, end: 65), snippets: original.snippets.map { $0.shifted(by: 5) })
        XCTAssertEqual(moved.displacement(from: original), 5)
        XCTAssertEqual(step(start: 5).displacement(from: original), 5, "read apart, the same bytes")
        XCTAssertEqual(original.displacement(from: original), 0)
        XCTAssertNil(step(prose: "Do it again.", start: 5).displacement(from: original))
        XCTAssertNil(step(start: 5, code: "struct B {}\n").displacement(from: original))
        // Canonically equivalent prose (`==` calls it equal) is not the same bytes.
        let precomposed = step(prose: "Caf\u{E9}.")
        XCTAssertEqual(precomposed, step(prose: "Cafe\u{301}."))
        XCTAssertNil(step(prose: "Cafe\u{301}.").displacement(from: precomposed))
        // A snippet moved by another distance than its step is no move of the step.
        let unevenly = original.moved(
            range: SourceRange(start: 5, end: 65), snippets: original.snippets.map { $0.shifted(by: 4) })
        XCTAssertNil(unevenly.displacement(from: original))
    }

    func testASnippetSaysWhetherItIsDocCCodeAndWhetherItsResourceWasRead() {
        func made(resourcePath: String??) -> Snippet {
            let range = SourceRange(start: 0, end: 9)
            let options = resourcePath.map {
                DocCCodeOptions(
                    resource: "A.swift", resourcePath: $0, previousResource: nil, previousCode: nil, reset: false)
            }
            return Snippet(
                fileName: "A.swift", language: "swift", code: "let a = 1", kind: .file, range: range,
                sourceMap: .verbatim(range), docc: options)
        }
        let plain = made(resourcePath: .none)
        XCTAssertFalse(plain.isDocCCode)
        XCTAssertFalse(plain.isDocCCodeWithoutResource)
        let read = made(resourcePath: .some("Resources/A.swift"))
        XCTAssertTrue(read.isDocCCode)
        XCTAssertFalse(read.isDocCCodeWithoutResource)
        let missing = made(resourcePath: .some(nil))
        XCTAssertTrue(missing.isDocCCode)
        XCTAssertTrue(missing.isDocCCodeWithoutResource)
        XCTAssertTrue(missing.shifted(by: 4).isDocCCodeWithoutResource, "a moved snippet answers alike")
    }
}
