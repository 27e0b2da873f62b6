import Foundation
import SwiftFacts
import TutorialModel
import TutorialReaders
import XCTest

@testable import TutorialAnalysis

/// The session's queries as the CLI and the server ask them, counted: the CLI's analysis leaves nothing
/// held; an editing session re-reads a new version around its edit, reuses the previous version's work
/// and finds what a fresh analysis finds; what no one asked for is not computed.
final class AnalysisQueriesTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("e2e/lsp/fixtures/delegate-missing.md")

    private func counts(_ session: AnalysisSession, _ name: String) -> QueryStatistics? {
        session.database.statistics(of: name)
    }

    func testTheCLIsAnalysisIsTheFindingsQueryAndLeavesNothingHeld() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let document = SourceDocument(path: "tutorial.md", text: text)
        let session = AnalysisSession()
        let analysis = session.analyze(document: document, configuration: .default)
        XCTAssertFalse(analysis.findings.isEmpty, "the fixture has a finding to compare")
        XCTAssertEqual(analysis.findings, analyze(document: document).findings)
        // Computed once each (the timelines asked for the read the findings had read: a hit), then dropped.
        for (name, hits) in [("read", 1), ("timelines", 0), ("findings", 0)] {
            XCTAssertEqual(counts(session, name), QueryStatistics(name: name, recomputes: 1, hits: hits, entries: 0), name)
        }
        XCTAssertEqual(counts(session, "changeSets")?.recomputes, 0, "lint needs no change sets")
        // The same document analysed again (after `lint --fix` changed it, say) is read again.
        _ = session.analyze(document: document, configuration: .default)
        XCTAssertEqual(counts(session, "read")?.recomputes, 2)
    }

    func testAnEditingSessionRereadsAroundTheEditAndFindsWhatAFreshAnalysisFinds() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let session = AnalysisSession(cache: FactsCache(bounds: .editing), reading: .aroundEdits, policy: .editing)
        func input(_ version: Int, _ text: String) -> DocumentInput {
            DocumentInput(
                revision: DocumentRevision(document: "file:///tutorial.md", version: version),
                document: SourceDocument(path: "/tutorial.md", text: text), format: .markdown)
        }
        let first = input(1, text)
        _ = session.findings(first, configuration: .default)
        // One keystroke's worth: `self.` typed before the first `parent.pages`.
        let site = try XCTUnwrap(text.range(of: "controllers = parent.pages.map"))
        var edited = text
        edited.replaceSubrange(site, with: "controllers = self.parent.pages.map")
        let second = input(2, edited)
        let analysis = session.findings(second, configuration: .default)
        let fresh = AnalysisSession().analyze(document: second.document, configuration: .default)
        XCTAssertEqual(analysis.findings, fresh.findings)
        XCTAssertFalse(analysis.findings.isEmpty)
        guard case .window = session.read(second).kept?.path else {
            return XCTFail("an edit inside a code block re-reads a window: \(String(describing: session.read(second).kept?.path))")
        }
        XCTAssertGreaterThan(analysis.stateResults.reusedCount, 0, "the first version's state results were handed on")
        XCTAssertEqual(counts(session, "read"), QueryStatistics(name: "read", recomputes: 2, hits: 3, entries: 1))
        // Asked again for the same revision (a hover, a code action): nothing is computed again.
        _ = session.timelines(second)
        _ = session.findings(second, configuration: .default)
        XCTAssertEqual(counts(session, "timelines")?.recomputes, 2)
        XCTAssertEqual(counts(session, "findings")?.recomputes, 2)
        // Change sets only when asked, once per revision.
        XCTAssertEqual(counts(session, "changeSets")?.recomputes, 0)
        let changes = session.changeSets(second)
        XCTAssertFalse(changes.isEmpty)
        _ = session.changeSets(second)
        XCTAssertEqual(counts(session, "changeSets"), QueryStatistics(name: "changeSets", recomputes: 1, hits: 1, entries: 1))
        // Closed: nothing of the document is held.
        session.database.close(document: "file:///tutorial.md")
        XCTAssertEqual(session.database.statistics.map(\.entries), [0, 0, 0, 0])
    }

    /// What the read depends on besides the text changed (a new generation): the new version is read whole.
    func testANewGenerationIsReadWhole() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let session = AnalysisSession(reading: .aroundEdits)
        let document = SourceDocument(path: "/tutorial.md", text: text + "\nMore prose.\n")
        _ = session.read(
            DocumentInput(
                revision: DocumentRevision(document: "t", version: 1), document: SourceDocument(path: "/tutorial.md", text: text)))
        let read = session.read(
            DocumentInput(revision: DocumentRevision(document: "t", version: 2, generation: 1), document: document))
        XCTAssertEqual(read.kept?.path, .whole)
    }
}
