import SnippetComposition
import XCTest

/// The parses that composition keeps: bounded by their text, and what is still used survives the bound.
final class SyntaxTreesTests: XCTestCase {
    func testAKeptTreeIsNotParsedAgain() {
        let trees = SyntaxTrees()
        let code = "struct PageView {}\n"
        XCTAssertEqual(topLevelTypeNames(in: code, trees: trees), ["PageView"])
        XCTAssertEqual(fragmentShape(code, trees: trees), .declarations)
        XCTAssertEqual(trees.statistics.parses, 1)
    }

    func testTheTextHeldIsBoundedWhileTheTreeInUseStays() {
        // Each new text is about 40 bytes: a 400-byte generation holds about ten of them, closed between
        // two "analyses" as the server does, each using two trees.
        let trees = SyntaxTrees(generationBytes: 400)
        let inUse = "struct PageView { var page = 0 }\n"
        for n in 0..<500 {
            trees.closeGenerationIfFull()
            XCTAssertEqual(topLevelTypeNames(in: "struct Page\(n) { var page = \(n) }\n", trees: trees), ["Page\(n)"])
            XCTAssertEqual(topLevelTypeNames(in: inUse, trees: trees), ["PageView"])
        }
        let statistics = trees.statistics
        XCTAssertLessThanOrEqual(statistics.held, 2 * 12, "two generations of at most 400 bytes and one analysis each")
        XCTAssertEqual(statistics.parses, 500 + 1, "the tree used at every step is parsed once")
    }

    func testACallerThatNeverClosesAGenerationIsBoundedAtTheCeiling() {
        let trees = SyntaxTrees(generationBytes: 400)
        for n in 0..<500 {
            XCTAssertEqual(topLevelTypeNames(in: "struct Page\(n) { var page = \(n) }\n", trees: trees), ["Page\(n)"])
        }
        XCTAssertLessThanOrEqual(trees.statistics.held, 2 * 3_200 / 36, "two generations of at most 8 × 400 bytes")
        XCTAssertGreaterThan(trees.statistics.held, 3_200 / 40, "not closed before the ceiling")
    }

    func testRemovingAllParsesAgain() {
        let trees = SyntaxTrees()
        _ = importsModule("import SwiftUI\n", trees: trees)
        trees.removeAll()
        XCTAssertEqual(trees.statistics.held, 0)
        _ = importsModule("import SwiftUI\n", trees: trees)
        XCTAssertEqual(trees.statistics.parses, 2)
    }
}

/// The parse-limit guard is in the parse itself (`SyntaxTrees.tree`), not at its callers: code over
/// `SwiftParseLimits` is never handed to SwiftParser, whichever composition function asks (issue 22).
final class SyntaxTreesParseGuardTests: XCTestCase {
    /// A type, then generics 500 deep: 1.5 KB that overflowed the parser's stack.
    private let deep = "struct PageView {}\nlet a: " + String(repeating: "A<", count: 500) + "Int" + String(repeating: ">", count: 500) + "\n"

    func testCodeOverTheLimitsIsNeverParsedByAnyCompositionFunction() {
        let trees = SyntaxTrees()
        let file = PlacementFile(name: "A.swift", code: deep)
        XCTAssertEqual(topLevelTypeNames(in: deep, trees: trees), [])
        XCTAssertFalse(declaresTypesOnly(deep, trees: trees))
        XCTAssertFalse(importsModule("import SwiftUI\n" + deep, trees: trees))
        XCTAssertEqual(fragmentShape(deep, trees: trees), .invalid)
        XCTAssertNil(fileRewrittenBy(shown: "struct PageView {\n    var a = 1\n    var b = 2\n}\n", files: [file], trees: trees))
        guard case .unplaced(let reason) = placeFragment(shown: deep, prose: "", files: [], recentFiles: [], trees: trees) else {
            return XCTFail("a fragment over the limits was placed")
        }
        XCTAssertEqual(reason, "too large or deep to parse")
        // A fragment placed among files of which one is over the limits: that one is passed over.
        guard
            case .unplaced(let passedOver) = placeFragment(
                shown: "func f() {}\n", prose: "", files: [file], recentFiles: ["A.swift"], trees: trees)
        else { return XCTFail("placed into a file over the limits") }
        XCTAssertEqual(passedOver, "no earlier state of a Swift file to place it in")
        XCTAssertEqual(trees.statistics.parses, 2, "only the two shown snippets under the limits were parsed")
    }
}
