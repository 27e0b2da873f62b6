import Foundation
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

@testable import TutorialAnalysis

/// `lint --fix` reports on what each document's analysis before the fixes found, and analyses again only
/// the documents whose text or resources a fix changed.
final class LintAfterFixesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-after-fixes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // swift-syntax-error is off by default; the documents' folder turns it on, as a team would.
        try #"{"rules": {"swift-syntax-error": "on"}}"#.write(
            to: directory.appendingPathComponent(".tutorial-check.json"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Step 1.2 leaves an expression out: a swift-syntax-error finding.
    private let tutorial = """
        # Counting taps

        ## Section 1: Show a counter

        ### Step 1

        Create Counter.swift with a type that holds a number.

        ```swift file=Counter.swift
        struct Counter {
            var count = 0
        }
        ```

        ### Step 2

        Add a method that counts a tap.

        ```swift file=Counter.swift
        struct Counter {
            var count = 0

            mutating func tap() {
                count =
            }
        }
        ```

        """

    /// A finding no analysis makes: seen in a result only when it was taken from before the fixes.
    private let remembered = Finding(
        rule: "remembered", subject: "", severity: .hint, message: "taken from before the fixes",
        range: SourceRange(start: 0, end: 1), file: nil, step: nil, resolvedAt: nil)

    private func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testOnlyADocumentAFixChangedIsAnalysedAgain() throws {
        let unchanged = try write("unchanged.md", tutorial)
        let fixed = try write("fixed.md", tutorial)
        let session = AnalysisSession()
        let jobs = try session.jobs([unchanged, fixed])
        var before: [String: AnalysisBeforeFixes] = [:]
        for job in jobs {
            let (analysis, kept) = session.analyzeBeforeFixes(
                document: try DocumentLoader.load(job.path), configuration: job.configuration)
            XCTAssertEqual(analysis.findings.map(\.rule), ["swift-syntax-error"])
            XCTAssertEqual(kept.findings, analysis.findings)
            before[job.path] = AnalysisBeforeFixes(text: kept.text, findings: [remembered], probes: kept.probes)
        }
        _ = try write("fixed.md", tutorial.replacingOccurrences(of: "count =\n", with: "count += 1\n"))
        let results = session.lint(jobs, before: before).values
        XCTAssertEqual(results.map(\.document.path), [unchanged, fixed])
        XCTAssertEqual(results[0].findings, [remembered], "nothing changed: the findings from before the fixes")
        XCTAssertEqual(results[1].findings, [], "the fixed text, analysed again")
    }

    func testAChangedResourceTheReaderReadMeansAnalysingAgain() throws {
        let path = try write("unchanged.md", tutorial)
        let session = AnalysisSession()
        let jobs = try session.jobs([path])
        let resource = "/catalog/Resources/counter-01.swift"
        let probe = ResourceProbe(
            question: .item(resource, byteLimit: 1 << 20), answer: ResourceProbe.digest(.file(Array("let a = 1\n".utf8))))
        let before = [path: AnalysisBeforeFixes(text: tutorial, findings: [remembered], probes: [probe])]
        let same = session.lint(jobs, before: before, resources: MemoryResources([resource: "let a = 1\n"])).values
        XCTAssertEqual(same[0].findings, [remembered])
        let changed = session.lint(jobs, before: before, resources: MemoryResources([resource: "let a = 2\n"])).values
        XCTAssertEqual(changed[0].findings.map(\.rule), ["swift-syntax-error"])
    }
}
