import Dispatch
import TutorialModel
import XCTest

@testable import TutorialAnalysis

/// The database's promises, counted: a query computes once per key, an edit recomputes only the queries
/// whose inputs changed, and the retention policy drops what a closed document or an old generation held.
final class AnalysisDatabaseTests: XCTestCase {
    /// A document's text at a version, as an editor would send it.
    private struct Revision: Hashable, Sendable {
        let version: Int
        let text: String
    }

    func testAskingTheSameQueryTwiceComputesOnce() {
        let database = AnalysisDatabase()
        let lines = database.documentQuery("lines", key: Revision.self, value: [String].self)
        let revision = Revision(version: 1, text: "a\nb")
        let computed = Protected(0)
        for _ in 0..<2 {
            let value = lines.value(document: "t.md", key: revision) { _ in
                computed.withLock { $0 += 1 }
                return revision.text.components(separatedBy: "\n")
            }
            XCTAssertEqual(value, ["a", "b"])
        }
        XCTAssertEqual(computed.withLock { $0 }, 1)
        XCTAssertEqual(database.statistics(of: "lines"), QueryStatistics(name: "lines", recomputes: 1, hits: 1, entries: 1))
    }

    func testThreadsAskingAtOnceComputeOnceAndGetTheSameValue() {
        let database = AnalysisDatabase()
        let query = database.documentQuery("length", key: Int.self, value: Int.self)
        let answers = Protected([Int]())
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let value = query.value(document: "t.md", key: 1) { _ in 42 }
            answers.withLock { $0.append(value) }
        }
        XCTAssertEqual(answers.withLock { $0 }, Array(repeating: 42, count: 16))
        XCTAssertEqual(database.statistics(of: "length")?.recomputes, 1)
        XCTAssertEqual(database.statistics(of: "length")?.hits, 15)
    }

    /// After an edit of one paragraph the document's read is computed again (from the value it replaces),
    /// while the content-addressed query over the paragraph the edit did not touch is a hit.
    func testAnEditRecomputesTheReadButNotWhatItsInputsLeftUnchanged() {
        let database = AnalysisDatabase()
        let read = database.documentQuery("read", key: Revision.self, value: [String].self)
        let words = database.contentQuery("words", cost: { (key: String, _: Int) in key.utf8.count })
        let replacedVersions = Protected([Int?]())
        func analyse(_ revision: Revision) -> [Int] {
            let paragraphs = read.value(document: "t.md", key: revision) { replaced in
                replacedVersions.withLock { $0.append(replaced?.key.version) }
                return revision.text.components(separatedBy: "\n\n")
            }
            return paragraphs.map { paragraph in words.value(paragraph) { paragraph.split(separator: " ").count } }
        }
        XCTAssertEqual(analyse(Revision(version: 1, text: "one two\n\nthree")), [2, 1])
        XCTAssertEqual(analyse(Revision(version: 2, text: "one two\n\nthree four")), [2, 2])
        XCTAssertEqual(replacedVersions.withLock { $0 }, [nil, 1], "the second read is handed the first")
        XCTAssertEqual(database.statistics(of: "read"), QueryStatistics(name: "read", recomputes: 2, hits: 0, entries: 1))
        // "one two" was counted once; "three" and "three four" each once.
        XCTAssertEqual(database.statistics(of: "words"), QueryStatistics(name: "words", recomputes: 3, hits: 1, entries: 3))
        // The same version asked again (a hover after the diagnostics) is a hit all the way down.
        XCTAssertEqual(analyse(Revision(version: 2, text: "one two\n\nthree four")), [2, 2])
        XCTAssertEqual(database.statistics(of: "read")?.recomputes, 2)
        XCTAssertEqual(database.statistics(of: "words")?.recomputes, 3)
    }

    func testClosingADocumentDropsItsValuesAndNoOtherDocuments() {
        let database = AnalysisDatabase()
        let query = database.documentQuery("read", key: Int.self, value: String.self)
        _ = query.value(document: "a.md", key: 1) { _ in "a" }
        _ = query.value(document: "b.md", key: 1) { _ in "b" }
        database.close(document: "a.md")
        XCTAssertNil(query.ready(document: "a.md", key: 1))
        XCTAssertEqual(query.ready(document: "b.md", key: 1), "b")
        XCTAssertEqual(database.statistics(of: "read")?.entries, 1)
        var computedAgain = false
        var handedKey: Int? = -1
        _ = query.value(document: "a.md", key: 2) { replaced in
            computedAgain = true
            handedKey = replaced?.key
            return "a2"
        }
        XCTAssertTrue(computedAgain)
        XCTAssertNil(handedKey, "a closed document's next value is not handed the dropped one")
        database.closeAllDocuments()
        XCTAssertEqual(database.statistics(of: "read")?.entries, 0)
    }

    /// A document keeps only its latest revision: the one before it is dropped once the latest is made.
    func testADocumentKeepsOnlyItsLatestRevision() {
        let database = AnalysisDatabase()
        let query = database.documentQuery("read", key: Int.self, value: String.self)
        _ = query.value(document: "a.md", key: 1) { _ in "one" }
        _ = query.value(document: "a.md", key: 2) { _ in "two" }
        XCTAssertNil(query.ready(document: "a.md", key: 1))
        XCTAssertEqual(query.ready(document: "a.md", key: 2), "two")
        _ = query.value(document: "a.md", key: 1) { _ in "one" }
        XCTAssertEqual(database.statistics(of: "read")?.recomputes, 3, "going back to version 1 computes it again")
    }

    /// Content-addressed values live in two generations bounded by cost: a generation closed between two
    /// analyses once it holds more than the policy's bytes; what the newer generation uses survives, the
    /// rest is dropped at the next close.
    func testContentValuesAreBoundedByBytesInGenerations() {
        let database = AnalysisDatabase(policy: RetentionPolicy(generationBytes: 10, ceilingFactor: 8))
        let query = database.contentQuery("length", cost: { (_: String, _: Int) in 4 })
        func ask(_ keys: [String]) { for key in keys { _ = query.value(key) { key.count } } }
        ask(["a", "b", "c"])  // 12 bytes: over the generation's 10
        database.closeGeneration()  // a, b, c become the older generation
        ask(["d", "a"])  // a moves back to the newer generation
        XCTAssertEqual(database.statistics(of: "length"), QueryStatistics(name: "length", recomputes: 4, hits: 1, entries: 4))
        database.closeGeneration()  // 8 bytes: not full, nothing closed
        ask(["e"])  // 12 bytes
        database.closeGeneration()  // d, a, e older; b and c dropped
        XCTAssertEqual(query.heldCost, 12)
        ask(["a", "b"])
        XCTAssertEqual(database.statistics(of: "length")?.recomputes, 6, "b was dropped and computed again")
        XCTAssertEqual(database.statistics(of: "length")?.hits, 2, "a was kept")
        XCTAssertLessThanOrEqual(query.heldCost, 2 * 10 + 4, "at most two generations")
    }

    /// A run that never closes a generation between analyses (a lint) is bounded by the ceiling.
    func testContentValuesStayUnderTheCeilingWithoutPauses() {
        let database = AnalysisDatabase(policy: RetentionPolicy(generationBytes: 10, ceilingFactor: 2))
        let query = database.contentQuery("length", cost: { (key: String, _: Int) in key.utf8.count })
        for index in 0..<100 { _ = query.value("key \(index)") { index } }
        XCTAssertLessThanOrEqual(query.heldCost, 2 * 20)
        XCTAssertEqual(database.statistics(of: "length")?.recomputes, 100)
    }

    func testClosingADocumentKeepsContentValues() {
        let database = AnalysisDatabase()
        let query = database.contentQuery("length", cost: { (key: String, _: Int) in key.utf8.count })
        _ = query.value("shared") { 6 }
        database.close(document: "a.md")
        _ = query.value("shared") { 0 }
        XCTAssertEqual(database.statistics(of: "length"), QueryStatistics(name: "length", recomputes: 1, hits: 1, entries: 1))
    }
}
