import Foundation
import TutorialFixes
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

/// `lint --fix` and the server's quick fixes share this path: findings → fixes → one edit set per file.
final class FindingFixesTests: XCTestCase {
    static let fixture: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../e2e/lsp/fixtures/delegate-missing.md").standardized.path
        return String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }()

    func testTheDelegateFixCoversAllThreeStepsAndLeavesNoFinding() throws {
        let document = SourceDocument(path: "delegate-missing.md", text: Self.fixture)
        let analysis = analyze(document: document)
        let finding = try XCTUnwrap(analysis.findings.first { $0.rule == "coordinator-not-wired" })
        let fix = try XCTUnwrap(Fix(finding))
        XCTAssertEqual(fix.kind, .repair)
        XCTAssertEqual(fix.edits.count, 3)
        let outcome = fixDocument(analysis, write: false)
        XCTAssertEqual(outcome.applied.map(\.rule), ["coordinator-not-wired"])
        let fixed = try XCTUnwrap(outcome.newText)
        XCTAssertEqual(fixed.components(separatedBy: "pageViewController.delegate = context.coordinator\n").count - 1, 3)
        let again = analyze(document: SourceDocument(path: "delegate-missing.md", text: fixed))
        XCTAssertFalse(again.findings.contains { $0.rule == "coordinator-not-wired" })
        XCTAssertEqual(describeFixes(outcome), [
            "fixed delegate-missing.md: \(fix.title) [coordinator-not-wired], 3 edits"
        ])
    }

    func testAFindingWithoutEditsOffersNoRepair() {
        let finding = Finding(
            rule: "step-numbering", subject: "s", severity: .warning, message: "m", range: SourceRange(start: 0, end: 1),
            file: nil, step: nil, resolvedAt: nil)
        XCTAssertNil(Fix(finding))
    }
}
