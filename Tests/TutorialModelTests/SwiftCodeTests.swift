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

    /// A snippet judges its own words when it is made; its answer must stay `SwiftCode.isSwift`'s for every
    /// language word, own name, timeline name and default.
    func testASnippetAnswersAsSwiftCodeForEveryCombination() {
        let languages: [String?] = [nil, "swift", "text", "plaintext", "kotlin", "Swift"]
        let names: [String?] = [nil, "A.swift", "B.SWIFT", "notes.txt", "swift"]
        for language in languages {
            for own in names {
                let made = snippet(fileName: own, language: language)
                for timeline in names {
                    for unlabelled in [false, true] {
                        XCTAssertEqual(
                            made.isSwift(inFile: timeline, unlabelledIsSwift: unlabelled),
                            SwiftCode.isSwift(language: language, fileName: own ?? timeline, unlabelled: unlabelled),
                            "\([language, own, timeline])")
                    }
                }
                XCTAssertEqual(made.shifted(by: 3).isSwift(), made.isSwift(), "a moved snippet answers alike")
            }
        }
    }

    private func snippet(fileName: String?, language: String?) -> Snippet {
        let range = SourceRange(start: 0, end: 9)
        return Snippet(
            fileName: fileName, language: language, code: "let a = 1", kind: .fragment, range: range,
            sourceMap: .verbatim(range))
    }
}
