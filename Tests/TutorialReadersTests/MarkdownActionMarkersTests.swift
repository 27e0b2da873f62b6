import TutorialModel
import XCTest

@testable import TutorialReaders

/// The action markers of scenario platforms after a closing fence (```` ```{{exec}} ````) are blanked, and
/// nothing else is.
final class MarkdownActionMarkersTests: XCTestCase {
    private func marker(_ line: String) -> String? {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            MarkdownActionMarkers.marker(in: buffer[...]).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    func testTheMarkerAfterAFenceRunIsFound() {
        XCTAssertEqual(marker("```{{exec}}"), "{{exec}}")
        XCTAssertEqual(marker("   ```{{execute T2}}  "), "{{execute T2}}")
        XCTAssertEqual(marker("~~~~{{copy}}"), "{{copy}}")
    }

    func testOtherFenceLinesAndTextAreLeftAlone() {
        XCTAssertNil(marker("```swift"))
        XCTAssertNil(marker("```"))
        XCTAssertNil(marker("``{{exec}}"), "two backticks are no fence")
        XCTAssertNil(marker("```{{exec}} then words"), "text after the marker")
        XCTAssertNil(marker("```{{a}}b}}"), "a marker holds no closing braces")
        XCTAssertNil(marker("Run `ls`{{exec}} in the terminal."), "an inline marker is prose")
        XCTAssertNil(marker("{{exec}}"))
    }

    func testAFenceClosedByAMarkerEndsThere() {
        let tutorial = MarkdownReader.read(
            SourceDocument(
                path: "scenario.md",
                text: "# Run it\n\n```bash\ndocker ps\n```{{exec}}\n\nThen:\n\n"
                    + "```bash\ndocker logs web\n```{{exec}}\n"))
        XCTAssertEqual(tutorial.steps.flatMap(\.snippets).map(\.code), ["docker ps\n", "docker logs web\n"])
        XCTAssertTrue(tutorial.diagnostics.isEmpty)
    }
}
