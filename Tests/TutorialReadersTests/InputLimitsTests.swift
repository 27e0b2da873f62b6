import TutorialModel
import TutorialReaders
import XCTest

/// The limits of InputLimits give a diagnostic, not a crash, a hang or a partial model that pretends
/// to be whole.
final class InputLimitsTests: XCTestCase {
    func testADocumentOverTheSizeLimitIsNotReadAndSaysWhy() {
        let line = "## Step 1\n\n```swift\nlet a = 1\n```\n"
        let text = String(repeating: line, count: InputLimits.maximumDocumentBytes / line.utf8.count + 1)
        for format in DocumentFormat.allCases {
            let tutorial = readTutorial(SourceDocument(path: "big", text: text), format: format)
            XCTAssertTrue(tutorial.sections.isEmpty, "\(format)")
            XCTAssertEqual(tutorial.diagnostics.map(\.problem), [.unreadableInput], "\(format)")
            XCTAssertTrue(tutorial.diagnostics[0].message.contains("over the limit of 16 MiB"), tutorial.diagnostics[0].message)
        }
    }

    func testADocumentJustUnderTheLimitIsRead() {
        let head = "# T\n\n## Step 1\n\n```swift\nlet a = 1\n```\n\n"
        let text = head + String(repeating: "x", count: 1000)
        XCTAssertEqual(readTutorial(SourceDocument(path: "a.md", text: text)).steps.count, 1)
    }

    func testDirectivesNestedPastTheDepthLimitAreReadAsTextWithOneError() {
        let depth = InputLimits.maximumNestingDepth + 50
        let text = "@Tutorial(time: 1) {\n" + String(repeating: "@Box {\n", count: depth) + String(repeating: "}\n", count: depth + 1)
        let tutorial = readTutorial(SourceDocument(path: "deep.tutorial", text: text), format: .docc)
        let depthErrors = tutorial.diagnostics.filter { $0.message.contains("nested deeper than \(InputLimits.maximumNestingDepth)") }
        XCTAssertEqual(depthErrors.count, 1)
        // The braces of the bodies read as text close those bodies, not the directives above them.
        XCTAssertFalse(tutorial.diagnostics.contains { $0.message.contains("closes no directive") }, "\(tutorial.diagnostics)")
    }
}
