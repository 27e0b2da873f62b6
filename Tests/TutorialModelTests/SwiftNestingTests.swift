import Foundation
import TutorialModel
import XCTest

/// The nesting scan SwiftParseLimits refuses snippets by: every kind of nesting counted at least once
/// per level, the shapes of issue 22 refused, real code far under the limits.
final class SwiftNestingTests: XCTestCase {
    /// One level of each construct SwiftParser recurses on, as opener and closer around a middle.
    static let constructs: [(name: String, open: String, middle: String, close: String)] = [
        ("generic", "A<", "Int", ">"), ("paren", "(", "1", ")"), ("square", "[", "1", "]"), ("brace", "{ ", "x", " }"),
        ("try", "try ", "f()", ""), ("await", "await ", "f()", ""), ("any", "any ", "P", ""), ("some", "some ", "P", ""),
        ("prefix", "!", "b", ""), ("spaced prefix", "- ", "b", ""), ("interpolation", "\"\\(", "x", ")\""),
        ("#if", "\n#if A\n", "let b = 1", "\n#endif\n"), ("less-than arguments", "f(a < b, ", "c", ")"),
        ("function type", "() -> ", "Int", ""), ("optional", "", "Int", "?"), ("member", "", "b", ".c"),
        ("call", "", "f", "()"), ("subscript", "", "a", "[0]"), ("dictionary type", "[A: ", "B", "]"),
        ("trailing closure", "f { ", "x", " }"), ("key path", "", "\\A", ".b"), ("ternary", "a ? b : ", "c", ""),
    ]

    func testEveryConstructCountsAtLeastOneLevelEach() {
        for construct in Self.constructs {
            for depth in [1, 10, 200] {
                let code = "let a = " + String(repeating: construct.open, count: depth) + construct.middle
                    + String(repeating: construct.close, count: depth)
                let nesting = SwiftNesting.scan(code)
                if construct.name == "ternary" || construct.name == "spaced prefix" {
                    // Flat in SwiftParser (a sequence of operators): counted only while under the limit's reach.
                    continue
                }
                XCTAssertGreaterThanOrEqual(nesting.deepest, depth, "\(construct.name) × \(depth): \(nesting)")
            }
        }
    }

    func testTheShapesOfIssue22AreRefused() {
        let shapes = [
            "let a: " + String(repeating: "A<", count: 500) + "Int" + String(repeating: ">", count: 500),
            "let a = " + String(repeating: "try ", count: 5000) + "f()",
            String(repeating: "#if A\n", count: 3000) + "let b = 1\n" + String(repeating: "#endif\n", count: 3000),
            "f(" + String(repeating: "a < b, ", count: 2000) + "c)",
            "let a = \"" + String(repeating: "\\(f(", count: 200),
            "let a = \"" + String(repeating: "\\(\"", count: 8000) + "x" + String(repeating: "\")", count: 8000) + "\"",
            "let a: " + String(repeating: "any ", count: 20000) + "P",
        ]
        for code in shapes {
            XCTAssertNotNil(SwiftParseLimits.unparseableReason(code), String(code.prefix(40)))
        }
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason("let a = \"" + String(repeating: "\\(f(", count: 20)),
            "this Swift snippet leaves 40 brackets unclosed inside string interpolations; over 8 the Swift parser's recovery takes minutes, so the code rules skip it")
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason("let a = " + String(repeating: "try ", count: 5000) + "f()")?.hasPrefix(
                "this Swift snippet nests code about 500"), true)
    }

    func testCommentsStringsAndStatementsDoNotAddUp() {
        let ruler = "// " + String(repeating: "-=<(", count: 2000) + "\n/* " + String(repeating: "[{(<", count: 2000) + " */\n"
        let strings = "let s = \"" + String(repeating: "((((<<<<", count: 500) + "\"\nlet r = #\"\\(" + String(repeating: "(", count: 300) + "\"#\n"
        let statements = String(repeating: "let ok = a < b\nx = y.z.w!\nif a < b { f(a < b) }\nfor i in 0..<n { print(i) }\n", count: 500)
        for code in [ruler, strings, statements] {
            let nesting = SwiftNesting.scan(code)
            XCTAssertLessThan(nesting.deepest, 10, String(code.prefix(60)))
            XCTAssertEqual(nesting.unclosed, 0, String(code.prefix(60)))
        }
    }

    func testCodeInTheProjectsTutorialsIsFarUnderTheLimits() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var deepest = SwiftNesting()
        var scanned = 0
        for folder in ["Tutorials", "Fixtures"] {
            let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = walker?.nextObject() as? String {
                guard relative.hasSuffix(".swift") || relative.hasSuffix(".md"), !relative.contains("fuzz"), !relative.contains("bad-inputs")
                else { continue }
                // Fixtures hold a few documents that are not UTF-8 on purpose.
                guard let text = try? String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(relative), encoding: .utf8)
                else { continue }
                // In Markdown, the Swift fences' code; a `.swift` file whole.
                let snippets = relative.hasSuffix(".swift") ? [Substring(text)] : text.components(separatedBy: "```").enumerated()
                    .filter { $0.offset % 2 == 1 && $0.element.hasPrefix("swift") }.map { Substring($0.element) }
                for snippet in snippets {
                    let nesting = SwiftNesting.scan(String(snippet))
                    deepest.deepest = max(deepest.deepest, nesting.deepest)
                    deepest.unclosed = max(deepest.unclosed, nesting.unclosed)
                    deepest.deepestAngle = max(deepest.deepestAngle, nesting.deepestAngle)
                    scanned += 1
                }
            }
        }
        print("deepest of \(scanned) real snippets: \(deepest)")
        XCTAssertGreaterThan(scanned, 100)
        XCTAssertLessThan(deepest.deepest, SwiftParseLimits.maximumNestingDepth / 3, "deepest real snippet: \(deepest)")
        XCTAssertLessThan(deepest.unclosed, SwiftParseLimits.maximumUnclosedBrackets / 2, "most unclosed in a real snippet: \(deepest)")
        XCTAssertLessThan(deepest.deepestAngle, SwiftParseLimits.maximumGenericDepth / 2, "deepest generics in a real snippet: \(deepest)")
    }
}
