import Reports
import TutorialAnalysis
import TutorialCompare
import TutorialModel
import XCTest

/// The compare fixture of our own (Fixtures/compare): a Chinese copy of an English tutorial with a renamed
/// parameter (`contetxt`), a misspelled type (`Coordinater`) and a wiring line left out; every other
/// difference is prose, a heading, a translated comment or string, which must not be reported by default.
final class CompareFixtureTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func read(_ path: String) throws -> Tutorial {
        try XCTUnwrap(readTutorials([root.appendingPathComponent(path).path]).values.first)
    }

    func testTheThreeDefectsAreReportedAtTheirStepsAndNothingElse() throws {
        let comparison = compareTutorials(
            original: try read("Fixtures/compare/original.md"), copy: try read("Fixtures/compare/copy-zh.md"))
        XCTAssertEqual(comparison.alignment.map(\.kind), Array(repeating: .match, count: 5))
        XCTAssertEqual(comparison.alignment.map(\.copy), comparison.alignment.map(\.original))
        let drifts = comparison.drifts.map { "\($0.kind.rawValue) \($0.copy!.step) \($0.copy!.start) \($0.copy!.text)" }
        XCTAssertEqual(
            drifts,
            [
                "name-spelling 1.3 56:43 contetxt",
                "name-spelling 2.1 75:31 Coordinater",
                "name-spelling 2.1 76:9 Coordinater",
                "name-spelling 2.1 90:11 Coordinater",
                "line-missing 2.2 124:1 ",
            ])
        let missing = try XCTUnwrap(comparison.drifts.last)
        XCTAssertEqual(missing.original?.start, LineColumn(line: 124, column: 9))
        XCTAssertTrue(missing.original?.text.hasPrefix("slider.addTarget(context.coordinator") ?? false)
        XCTAssertEqual(
            missing.replacement,
            "        slider.addTarget(context.coordinator, action: #selector(Coordinator.valueChanged(sender:)), for: .valueChanged)\n")
        XCTAssertEqual(comparison.drifts[0].replacement, "context")
        XCTAssertEqual(comparison.drifts[0].original?.start, LineColumn(line: 56, column: 43))
    }

    func testTranslatedCommentsAreShownOnlyWhenAskedFor() throws {
        let original = try read("Fixtures/compare/original.md")
        let copy = try read("Fixtures/compare/copy-zh.md")
        XCTAssertFalse(compareTutorials(original: original, copy: copy).drifts.contains { $0.kind == .translated })
        let shown = compareTutorials(original: original, copy: copy, options: CompareOptions(includeTranslated: true))
        let translated = shown.drifts.filter { $0.kind == .translated }
        XCTAssertEqual(translated.map { "\($0.copy!.step) \($0.copy!.start) \($0.copy!.text)" }, ["1.2 32:1 slider.accessibilityLabel = \"音量\""])
        XCTAssertEqual(translated.first?.original?.text, "slider.accessibilityLabel = \"Volume\"")
        XCTAssertEqual(shown.drifts.count, 6)
    }

    func testTheBundledTutorialsAgreeInEveryForm() throws {
        let markdown = try read("Tutorials/markdown/interfacing-with-uikit.md")
        for path in [
            "Tutorials/text/interfacing-with-uikit-zh.txt", "Tutorials/html/interfacing-with-uikit.html",
            "Tutorials/docc/InterfacingWithUIKit.docc/InterfacingWithUIKit.tutorial",
        ] {
            let comparison = compareTutorials(original: markdown, copy: try read(path))
            XCTAssertEqual(comparison.alignment.count, 24, path)
            XCTAssertTrue(comparison.alignment.allSatisfy { $0.kind == .match && $0.original == $0.copy }, path)
            XCTAssertEqual(comparison.drifts, [], path)
        }
    }
}
