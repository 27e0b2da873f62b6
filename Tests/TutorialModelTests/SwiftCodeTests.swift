import XCTest

@testable import TutorialModel

/// The one answer to "is this Swift", asked by the readers, the timeline, the facts, the rules, the
/// comparison and the reports alike.
final class SwiftCodeTests: XCTestCase {
    func testALanguageWordDecidesUnlessItSaysNothing() {
        XCTAssertTrue(SwiftCode.isSwift(language: "swift", fileName: nil, unlabelled: false))
        XCTAssertTrue(SwiftCode.isSwift(language: "swift", fileName: "notes.txt", unlabelled: false))
        XCTAssertFalse(SwiftCode.isSwift(language: "kotlin", fileName: "Main.swift", unlabelled: true))
        XCTAssertFalse(SwiftCode.isSwift(language: "shell", fileName: nil, unlabelled: true))
        // A block marked `text` shows whatever its file is.
        XCTAssertTrue(SwiftCode.isSwift(language: "text", fileName: "CircleImage.swift", unlabelled: false))
        XCTAssertFalse(SwiftCode.isSwift(language: "plaintext", fileName: "README", unlabelled: true))
        XCTAssertFalse(SwiftCode.isSwift(language: "txt", fileName: nil, unlabelled: true))
    }

    func testWithoutALanguageTheFileNameDecidesThenTheCaller() {
        XCTAssertTrue(SwiftCode.isSwift(language: nil, fileName: "Sources/App/ContentView.SWIFT", unlabelled: false))
        XCTAssertFalse(SwiftCode.isSwift(language: nil, fileName: "Package.resolved", unlabelled: true))
        XCTAssertTrue(SwiftCode.isSwift(language: nil, fileName: nil, unlabelled: true))
        XCTAssertFalse(SwiftCode.isSwift(language: nil, fileName: nil, unlabelled: false))
    }

    func testASnippetAsksWithItsOwnNameBeforeTheTimelines() {
        let named = snippet(fileName: "Model.json", language: nil)
        XCTAssertFalse(named.isSwift(inFile: "Model.swift"))
        let unnamed = snippet(fileName: nil, language: "text")
        XCTAssertTrue(unnamed.isSwift(inFile: "Model.swift"))
        XCTAssertFalse(unnamed.isSwift())
    }

    private func snippet(fileName: String?, language: String?) -> Snippet {
        let range = SourceRange(start: 0, end: 9)
        return Snippet(
            fileName: fileName, language: language, code: "let a = 1", kind: .fragment, range: range,
            sourceMap: .verbatim(range))
    }
}
