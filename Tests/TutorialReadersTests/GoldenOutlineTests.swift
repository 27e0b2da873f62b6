import Foundation
import Reports
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import XCTest

/// Compares every golden pair under `Fixtures/outline/`: an input `<reader>/<case>.<ext>` and the
/// `tutorial-check outline --format json` output expected for it in `<reader>/<case>.<ext>.outline.json`.
///
/// The document path in an expected file is the input's path relative to `Fixtures/outline/`, as the
/// tool writes it when run from there (`cd Fixtures/outline && tutorial-check outline --format json
/// markdown/crlf.md > markdown/crlf.md.outline.json`). Expected files are produced once that way and
/// then reviewed line by line; this test never writes them.
final class GoldenOutlineTests: XCTestCase {
    static let outlineRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/outline")

    /// Every `*.outline.json` with its input, as paths relative to the outline root.
    static func goldenPairs() -> [(input: String, expected: String)] {
        let root = outlineRoot.path
        return FileSystemResources.regularFiles(under: root).compactMap { path in
            guard path.hasSuffix(".outline.json") else { return nil }
            let relative = String(path.dropFirst(root.count + 1))
            return (String(relative.dropLast(".outline.json".count)), relative)
        }
    }

    func testEveryGoldenOutlineMatches() throws {
        let pairs = Self.goldenPairs()
        XCTAssertGreaterThan(pairs.count, 0, "no golden outline fixtures under \(Self.outlineRoot.path)")
        let resources = FixtureResources(root: Self.outlineRoot.path)
        for pair in pairs {
            let inputURL = Self.outlineRoot.appendingPathComponent(pair.input)
            let expectedURL = Self.outlineRoot.appendingPathComponent(pair.expected)
            guard let data = FileManager.default.contents(atPath: inputURL.path) else {
                XCTFail("\(pair.expected) has no input \(pair.input)")
                continue
            }
            let document = try DocumentLoader.decode(data, path: pair.input)
            let actual = OutlineJSON([readTutorial(document, resources: resources)])
            let expectedData = try Data(contentsOf: expectedURL)
            let expected: OutlineJSON
            do { expected = try JSONDecoder().decode(OutlineJSON.self, from: expectedData) } catch {
                XCTFail("\(pair.expected) is not an outline: \(error)")
                continue
            }
            if actual != expected {
                XCTFail(
                    "\(pair.input): outline differs from \(pair.expected)\n"
                        + Self.lineDiff(
                            expected: encodeJSON(expected), actual: encodeJSON(actual)))
            }
        }
    }

    /// Every tutorial input directly in a reader's folder has its expected outline (a fixture without
    /// one would silently test nothing).
    func testEveryFixtureInputHasAnExpectedOutline() {
        let root = Self.outlineRoot.path
        let expected = Set(Self.goldenPairs().map(\.input))
        for reader in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            let folder = root + "/" + reader
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where DocumentLoader.isTutorialFile(name) {
                XCTAssertTrue(expected.contains(reader + "/" + name), "\(reader)/\(name) has no .outline.json")
            }
        }
    }

    /// The first differing lines of two JSON texts, enough to see what changed.
    static func lineDiff(expected: String, actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var report: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) where report.count < 12 {
            let old = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
            let new = index < actualLines.count ? String(actualLines[index]) : "<none>"
            if old != new { report.append("line \(index + 1):\n  expected \(old)\n  actual   \(new)") }
        }
        return report.joined(separator: "\n")
    }
}

/// File-system resources with relative paths taken from the outline root, so inputs keep the relative
/// paths the expected files show while DocC fixtures still find their code files.
struct FixtureResources: ResourceProvider {
    let root: String
    private let files = FileSystemResources()

    func resolvedPath(_ path: String) -> String? { files.resolvedPath(path.hasPrefix("/") ? path : root + "/" + path) }
    func item(atResolved path: String, byteLimit: Int) -> ResourceItem { files.item(atResolved: path, byteLimit: byteLimit) }
    func files(under directory: String, limit: Int) -> FileTreeWalk.Listing { files.files(under: directory, limit: limit) }
}
