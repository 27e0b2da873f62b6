import TestSupport
import TutorialModel
import TutorialReaders
import XCTest

/// Reads a `.tutorial` text at `path` with the given resources.
func readDocC(_ text: String, path: String = "Guide.docc/Guide.tutorial", resources: [String: String] = [:]) -> Tutorial
{
    DocCReader.read(SourceDocument(path: path, text: text), resources: MemoryResources(resources))
}

/// A `@Tutorial` with one section, one step and the given body inside the step.
func docCTutorial(step: String) -> String {
    """
    @Tutorial(time: 5) {
        @Intro(title: "T") {
            Intro.
        }
        @Section(title: "S") {
            @Steps {
                @Step {
    \(step)
                }
            }
        }
    }

    """
}

/// Asserts the tutorial has exactly one diagnostic, with this problem and severity, between 1️⃣ and 2️⃣.
@discardableResult
func assertSingleDiagnostic(
    _ tutorial: Tutorial, _ problem: ReadingProblem, _ severity: Severity, _ marked: MarkedText,
    file: StaticString = #filePath, line: UInt = #line
) throws -> ReaderDiagnostic {
    XCTAssertEqual(tutorial.diagnostics.count, 1, "\(tutorial.diagnostics)", file: file, line: line)
    let diagnostic = try XCTUnwrap(tutorial.diagnostics.first, file: file, line: line)
    XCTAssertEqual(diagnostic.problem, problem, file: file, line: line)
    XCTAssertEqual(diagnostic.severity, severity, file: file, line: line)
    XCTAssertEqual(diagnostic.range, SourceRange(start: marked["1️⃣"], end: marked["2️⃣"]), file: file, line: line)
    return diagnostic
}
