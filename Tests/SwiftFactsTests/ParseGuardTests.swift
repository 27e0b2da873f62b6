import SwiftFacts
import TutorialModel
import XCTest

/// The parse-limit guard is in the parse functions themselves (`extractFacts`, `FactsCache.facts`,
/// `swiftCodeTokens`, the splice and member-facts checks): code over `SwiftParseLimits` has no facts and is
/// never handed to SwiftParser, whoever asks (issue 22; before, each caller had to ask first).
final class ParseGuardTests: XCTestCase {
    /// Shapes of issue 22 that overflowed the parser's stack or took minutes, and a snippet over 1 MiB.
    private let overTheLimits = [
        "let a: " + String(repeating: "A<", count: 500) + "Int" + String(repeating: ">", count: 500) + "\n",
        "let a = " + String(repeating: "try ", count: 5000) + "f()\n",
        "let a = \"" + String(repeating: "\\(f(", count: 200) + "\n",
        String(repeating: "let value = 1\n", count: 80_000),
    ]

    func testCodeOverTheLimitsHasNoFactsAndIsNeverParsed() {
        let cache = FactsCache()
        for code in overTheLimits {
            XCTAssertNotNil(SwiftParseLimits.unparseableReason(code))
            XCTAssertNil(extractFacts(code: code))
            XCTAssertNil(cache.facts(for: code))
            XCTAssertNil(swiftCodeTokens(code))
            XCTAssertEqual(TreeSpliceCheck.outcome(old: "let b = 1\n", new: "let b = 1\n" + code), .notSpliced)
            XCTAssertEqual(TreeSpliceCheck.nextStateOutcome(old: "let b = 1\n", new: "let b = 1\n" + code), .notSpliced)
            XCTAssertEqual(MemberFactsCheck.outcome(old: "let b = 1\n", new: "let b = 1\n" + code).differences, [])
        }
        XCTAssertEqual(cache.statistics.misses, 0, "nothing parsed, nothing held")
        XCTAssertEqual(cache.count, 0)
    }

    func testTheStateAfterOneOverTheLimitsParsesFromScratch() throws {
        let cache = FactsCache()
        let (_, first) = try XCTUnwrap(cache.facts(for: "struct A {}\n"))
        XCTAssertNil(cache.facts(for: "struct A {}\n" + overTheLimits[0], previous: first))
        let (facts, _) = try XCTUnwrap(cache.facts(for: "struct A {}\nstruct B {}\n", previous: first))
        XCTAssertEqual(facts.types.map(\.name), ["A", "B"])
    }
}
