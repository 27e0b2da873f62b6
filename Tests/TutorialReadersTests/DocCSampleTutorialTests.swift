import Foundation
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import XCTest

/// The project's own sample tutorial, read from the repository through the file system.
final class DocCSampleTutorialTests: XCTestCase {
    private func readSample() throws -> Tutorial {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Tutorials/docc/InterfacingWithUIKit.docc/InterfacingWithUIKit.tutorial")
            .path
        let document = try DocumentLoader.load(path)
        return readTutorial(document, resources: FileSystemResources())
    }

    func testFourSectionsOfSixStepsEachShowingOneWholeFile() throws {
        let tutorial = try readSample()
        XCTAssertEqual(tutorial.format, .docc)
        XCTAssertEqual(tutorial.title, "Interfacing with UIKit")
        XCTAssertEqual(tutorial.diagnostics, [])
        XCTAssertEqual(tutorial.sections.map(\.steps.count), [6, 6, 6, 6])
        XCTAssertTrue(tutorial.steps.allSatisfy { $0.snippets.count == 1 && $0.snippets[0].kind == .file })
        XCTAssertEqual(
            Set(tutorial.steps.flatMap(\.snippets).compactMap(\.fileName)),
            ["PageViewController.swift", "PageView.swift", "PageControl.swift"])
    }

    /// Every step changes its file, and every `previousFile:` names the state the file really had.
    func testEveryStepChangesItsFileAndPreviousFilesAgree() throws {
        let tutorial = try readSample()
        var latest: [String: String] = [:]
        var previousFiles = 0
        for step in tutorial.steps {
            let snippet = try XCTUnwrap(step.snippets.first)
            let name = try XCTUnwrap(snippet.fileName)
            XCTAssertNotEqual(latest[name], snippet.code, "step \(step.id) shows \(name) unchanged")
            if let previous = snippet.docc?.previousCode {
                previousFiles += 1
                XCTAssertEqual(
                    previous, latest[name], "previousFile of step \(step.id) is not the last state of \(name)")
            }
            if snippet.docc?.reset == true {
                XCTAssertNil(latest[name], "step \(step.id) resets \(name), which it does not create")
            }
            latest[name] = snippet.code
        }
        XCTAssertEqual(previousFiles, 5)
    }
}
