import Foundation
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialAnalysis
import TestSupport

final class LintResultCacheTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-cache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    private var cachePath: String { directory.appendingPathComponent("lint-cache").path }

    private let finding = Finding(
        rule: "missing-make-coordinator", subject: "Page", severity: .error, message: "Page has no makeCoordinator()",
        range: SourceRange(start: 3, end: 7), file: "Page.swift", step: StepID(section: 1, step: 2),
        resolvedAt: StepID(section: 1, step: 3), isBuildOrder: true,
        occurrences: [
            FindingOccurrence(
                step: StepID(section: 1, step: 2), range: SourceRange(start: 3, end: 7),
                edits: [TextEdit(range: SourceRange(start: 8, end: 8), newText: "func makeCoordinator() {}\n")],
                resourceEdits: [
                    ResourceEdit(
                        path: "R/a.swift", resolvedPath: "/t/R/a.swift", expectedText: "abc",
                        edit: TextEdit(range: SourceRange(start: 0, end: 1), newText: "x"))
                ])
        ], fixTitle: "Add makeCoordinator()",
        documentEdits: [TextEdit(range: SourceRange(start: 1, end: 2), newText: "y")])

    /// Looks `document` up, counting how often the analysis really ran.
    private func lookUp(
        _ cache: LintResultCache, _ document: SourceDocument, configuration: Configuration = .default,
        resources: any ResourceProvider = NoResources(), readsResource: String? = nil, analyses: inout Int
    ) -> [Finding] {
        var ran = 0
        let findings = cache.findings(for: document, configuration: configuration, resources: resources) { recording in
            ran += 1
            if let readsResource { _ = recording.item(atResolved: readsResource, byteLimit: 1 << 20) }
            return [finding]
        }
        analyses += ran
        return findings
    }

    func testSecondLookupIsAnsweredFromTheCacheWithEveryFieldKept() throws {
        let document = SourceDocument(path: "/t/a.md", text: "# A tutorial with enough text\n")
        var analyses = 0
        let cache = LintResultCache(path: cachePath, toolVersion: "1")
        XCTAssertEqual(lookUp(cache, document, analyses: &analyses), [finding])
        try cache.save()
        let reopened = LintResultCache(path: cachePath, toolVersion: "1")
        XCTAssertNil(reopened.problem)
        XCTAssertEqual(lookUp(reopened, document, analyses: &analyses), [finding])
        XCTAssertEqual(analyses, 1, "the second lookup must not analyse")
        XCTAssertEqual(reopened.statistics.hits, 1)
    }

    func testChangedBytesConfigurationOrVersionMiss() throws {
        let document = SourceDocument(path: "/t/a.md", text: "# A tutorial with enough text\n")
        var analyses = 0
        let cache = LintResultCache(path: cachePath, toolVersion: "1")
        _ = lookUp(cache, document, analyses: &analyses)
        try cache.save()
        let edited = SourceDocument(path: "/t/a.md", text: "# A tutorial with enough text!\n")
        _ = lookUp(LintResultCache(path: cachePath, toolVersion: "1"), edited, analyses: &analyses)
        XCTAssertEqual(analyses, 2, "changed bytes")
        var configuration = Configuration()
        configuration.rules["missing-make-coordinator"] = .init(enabled: false)
        _ = lookUp(LintResultCache(path: cachePath, toolVersion: "1"), document, configuration: configuration, analyses: &analyses)
        XCTAssertEqual(analyses, 3, "a rule turned off")
        configuration.rules["missing-make-coordinator"] = .init(severity: .hint)
        _ = lookUp(LintResultCache(path: cachePath, toolVersion: "1"), document, configuration: configuration, analyses: &analyses)
        XCTAssertEqual(analyses, 4, "a severity changed")
        configuration.includeBuildOrder = true
        _ = lookUp(LintResultCache(path: cachePath, toolVersion: "1"), document, configuration: configuration, analyses: &analyses)
        XCTAssertEqual(analyses, 5, "build order shown")
        _ = lookUp(LintResultCache(path: cachePath, toolVersion: "2"), document, analyses: &analyses)
        XCTAssertEqual(analyses, 6, "another version of the tool")
        _ = lookUp(LintResultCache(path: cachePath, toolVersion: "1"), document, analyses: &analyses)
        XCTAssertEqual(analyses, 6, "the original inputs still hit")
    }

    func testAResourceTheReaderReadInvalidatesWhenItChanges() throws {
        let document = SourceDocument(path: "/t/a.tutorial", text: "@Tutorial {}\n")
        let resources = MemoryResources(["/t/R/a.swift": "let a = 1\n"])
        var analyses = 0
        let cache = LintResultCache(path: cachePath, toolVersion: "1")
        _ = lookUp(cache, document, resources: resources, readsResource: "/t/R/a.swift", analyses: &analyses)
        _ = lookUp(cache, document, resources: resources, readsResource: "/t/R/a.swift", analyses: &analyses)
        XCTAssertEqual(analyses, 1)
        let changed = MemoryResources(["/t/R/a.swift": "let a = 2\n"])
        _ = lookUp(cache, document, resources: changed, readsResource: "/t/R/a.swift", analyses: &analyses)
        XCTAssertEqual(analyses, 2, "the resource's bytes changed")
        let gone = MemoryResources(["/t/R/b.swift": "let a = 2\n"])
        _ = lookUp(cache, document, resources: gone, readsResource: "/t/R/a.swift", analyses: &analyses)
        XCTAssertEqual(analyses, 3, "the resource is gone")
    }

    func testADamagedFileIsReportedAndNotTrusted() throws {
        let document = SourceDocument(path: "/t/a.md", text: "# A tutorial with enough text\n")
        var analyses = 0
        let cache = LintResultCache(path: cachePath, toolVersion: "1")
        _ = lookUp(cache, document, analyses: &analyses)
        try cache.save()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        let index = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: "P")))
        bytes[index] = UInt8(ascii: "Q")  // "Page" in a remembered message becomes "Qage"
        try bytes.write(to: URL(fileURLWithPath: cachePath))
        let damaged = LintResultCache(path: cachePath, toolVersion: "1")
        XCTAssertTrue(damaged.problem?.contains("damaged") ?? false, damaged.problem ?? "no problem reported")
        XCTAssertEqual(lookUp(damaged, document, analyses: &analyses), [finding])
        XCTAssertEqual(analyses, 2)
        try damaged.save()
        XCTAssertNil(LintResultCache(path: cachePath, toolVersion: "1").problem, "a damaged cache is replaced")
    }

    func testAForeignFileIsReportedAndLeftAlone() throws {
        try Data("{\"some\": \"other tool\"}\n[]".utf8).write(to: URL(fileURLWithPath: cachePath))
        let cache = LintResultCache(path: cachePath, toolVersion: "1")
        XCTAssertTrue(cache.problem?.contains("not a tutorial-check lint cache") ?? false, cache.problem ?? "none")
        var analyses = 0
        _ = lookUp(cache, SourceDocument(path: "/t/a.md", text: "# A\n"), analyses: &analyses)
        try cache.save()
        XCTAssertEqual(try String(contentsOfFile: cachePath, encoding: .utf8), "{\"some\": \"other tool\"}\n[]")
    }

    func testDefaultPathFollowsXDGThenHome() {
        XCTAssertEqual(
            LintResultCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]),
            "/x/cache/tutorial-check/lint-cache")
        XCTAssertEqual(LintResultCache.defaultPath(environment: ["HOME": "/h"]), "/h/.cache/tutorial-check/lint-cache")
        XCTAssertEqual(
            LintResultCache.defaultPath(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]),
            "/h/.cache/tutorial-check/lint-cache", "the XDG spec ignores relative paths")
    }
}

final class SHA256Tests: XCTestCase {
    private func digest(_ bytes: [UInt8], splitAt splits: [Int] = []) -> String {
        var hash = SHA256()
        var start = 0
        for split in splits + [bytes.count] {
            bytes[start..<split].withUnsafeBufferPointer { hash.update($0) }
            start = split
        }
        return hash.finalizeHex()
    }

    /// The test vectors of FIPS 180-2, appendix B.
    func testStandardVectors() {
        XCTAssertEqual(digest(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(digest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), splitAt: [1, 63, 64, 65, 500_000]),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// However the bytes arrive, the digest is the same (block boundaries, padding lengths 55/56/64).
    func testSplitsNeverChangeTheDigest() {
        var generator = SeededGenerator(seed: 2026120351)
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let whole = digest(bytes)
            for _ in 0..<5 {
                let splits = (0..<3).map { _ in Int.random(in: 0...length, using: &generator) }.sorted()
                XCTAssertEqual(digest(bytes, splitAt: splits), whole, "length \(length), splits \(splits)")
            }
        }
    }
}
