import Foundation
import Reports
import StepDiff
import TutorialModel
import TutorialRules
import XCTest

/// The review page and site: a finding placed on the diff line of the step that introduced it, the
/// resolving step's note, pages that link to each other; JUnit text a strict XML reader accepts.
final class ReviewReportTests: XCTestCase {
    let tutorial = sampleDiffTutorial()

    /// A finding on step 1.2's `@State var currentPage = 0` line (a modified line of that step's diff),
    /// resolved at step 1.3.
    func stateFinding() throws -> Finding {
        let snippet = try XCTUnwrap(tutorial.step(StepID(section: 1, step: 2))?.snippets.first)
        let marker = try XCTUnwrap(snippet.code.range(of: "@State"))
        let codeOffset = snippet.code.utf8.distance(from: snippet.code.startIndex, to: marker.lowerBound)
        let start = snippet.sourceMap.documentOffset(forCodeOffset: codeOffset)
        return Finding(
            rule: "wiring-in-update", subject: "state", severity: .information, message: "a <state> problem",
            range: SourceRange(start: start, end: start + 6), file: "PageView.swift",
            step: StepID(section: 1, step: 2), resolvedAt: StepID(section: 1, step: 3))
    }

    func testFindingSitsUnderTheLineThatIntroducedItWithItsResolvingStep() throws {
        let report = makeDiffReport([tutorial], options: DiffOptions())
        let html = renderReviewPage([ReviewedDocument(diff: report[0], findings: [try stateFinding()])])
        let unified = try XCTUnwrap(html.range(of: "<table class=\"diff unified\">"))
        let row = try XCTUnwrap(html.range(of: "<tr class=\"finding-row\">", range: unified.upperBound..<html.endIndex))
        let lineStart = try XCTUnwrap(
            html.range(of: "<tr", options: .backwards, range: unified.upperBound..<row.lowerBound))
        let line = html[lineStart.lowerBound..<row.lowerBound].replacingOccurrences(
            of: "<[^>]+>", with: "", options: .regularExpression)
        XCTAssertTrue(line.contains("@State var currentPage = 0"), line)
        XCTAssertTrue(
            html[row.upperBound...].hasPrefix(
                "<td colspan=\"4\"><div class=\"finding-box sev-information\" id=\"d1-finding-1\">"))
        XCTAssertTrue(html.contains("a &lt;state&gt; problem"))
        XCTAssertTrue(html.contains("resolved in step <a href=\"#d1-step-1-3\">1.3</a>"))
        // Step 1.3 says what it fixed and links back to the finding.
        let step3 = try XCTUnwrap(html.range(of: "<article class=\"step\" id=\"d1-step-1-3\">"))
        let note = try XCTUnwrap(html.range(of: "<p class=\"resolved-note\">", range: step3.upperBound..<html.endIndex))
        XCTAssertNil(html.range(of: "</article>", range: step3.upperBound..<note.lowerBound))
        XCTAssertTrue(html[note.upperBound...].contains("<a href=\"#d1-finding-1\">"))
    }

    func testSitePagesHaveDistinctNamesAndLinkBackToTheIndex() throws {
        let report = makeDiffReport([tutorial, tutorial], options: DiffOptions())
        let pages = renderReviewSite([
            ReviewedDocument(diff: report[0], findings: [try stateFinding()]), ReviewedDocument(diff: report[1], findings: []),
        ])
        XCTAssertEqual(pages.map(\.path), ["index.html", "tutorials/sample-md.html", "tutorials/sample-md-2.html"])
        for page in pages.dropFirst() {
            XCTAssertTrue(pages[0].html.contains("<a href=\"\(page.path)\">"), page.path)
            XCTAssertTrue(page.html.contains("<a class=\"home\" href=\"../index.html\">"))
        }
        // The index counts the first tutorial's information finding and none for the second.
        XCTAssertTrue(pages[0].html.contains("<span class=\"badge sev-information\">1</span>"))
    }

    func testJUnitEscapesMarkupAndDropsCharactersXMLCannotCarry() throws {
        let finding = Finding(
            rule: "swift-syntax-error", subject: "x", severity: .error, message: "bad \u{1} <token> & \"more\"",
            range: SourceRange(start: 0, end: 1), file: nil, step: StepID(section: 1, step: 1), resolvedAt: nil)
        let document = LintedDocument(path: "a&b.md", lineIndex: LineIndex("x\n"), findings: [finding])
        let xml = renderLintJUnit([document], timestamp: Date(timeIntervalSince1970: 0), hostname: "")
        XCTAssertFalse(xml.unicodeScalars.contains("\u{1}"))
        XCTAssertTrue(xml.contains("message=\"error: bad \u{FFFD} &lt;token&gt; &amp; &quot;more&quot;\""))
        XCTAssertTrue(xml.contains("name=\"a&amp;b.md\" timestamp=\"1970-01-01T00:00:00\" hostname=\"localhost\""))
        XCTAssertTrue(xml.contains("tests=\"1\" failures=\"1\" errors=\"0\""))
    }
}
