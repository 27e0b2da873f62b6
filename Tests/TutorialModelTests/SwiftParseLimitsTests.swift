import TutorialModel
import XCTest

final class SwiftParseLimitsTests: XCTestCase {
    func testUnclosedBracketsBeyondTheDepthAreNotParsed() {
        let allowed = "struct A {\n    init() {\n" + String(repeating: "[", count: 16) + "\n    }\n}\n"
        XCTAssertNil(SwiftParseLimits.unparseableReason(allowed))
        let tooDeep = "struct A {\n    init() {\n" + String(repeating: "[", count: 17) + "\n    }\n}\n"
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason(tooDeep),
            "this Swift snippet nests `[` 17 deep; the Swift parser takes exponential time on such code, so the code rules skip it")
    }

    func testClosedBracketsDoNotAddUp() {
        let many = String(repeating: "let a = [[1], [2]]\n", count: 500)
        XCTAssertNil(SwiftParseLimits.unparseableReason(many))
    }

    func testSnippetsOverTheSizeLimitAreNotParsed() {
        let large = String(repeating: "let a = 1\n", count: SwiftParseLimits.maximumSnippetBytes / 10 + 1)
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason(large)?.hasPrefix("this Swift snippet is 1.0 MiB; snippets over 1 MiB"), true)
        XCTAssertNil(SwiftParseLimits.unparseableReason(String(large.dropLast(20))))
    }
}
