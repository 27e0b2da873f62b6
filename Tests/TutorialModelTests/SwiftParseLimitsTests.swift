import TutorialModel
import XCTest

final class SwiftParseLimitsTests: XCTestCase {
    func testUnclosedBracketsBeyondTheDepthAreNotParsed() {
        // 16 deep is parsed when closed (left open, more than 8 brackets are refused as unclosed).
        let allowed = "struct A {\n    init() {\n" + String(repeating: "[", count: 16) + String(repeating: "]", count: 16) + "\n    }\n}\n"
        XCTAssertNil(SwiftParseLimits.unparseableReason(allowed))
        let tooDeep = "struct A {\n    init() {\n" + String(repeating: "[", count: 17) + "\n    }\n}\n"
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason(tooDeep),
            "this Swift snippet nests `[` 17 deep; the Swift parser takes exponential time on such code, so the code rules skip it")
    }

    /// The scan passes eight bytes at a time outside brackets; the depth it reports must be the one a
    /// byte-by-byte count gives, wherever the brackets fall relative to those eight-byte steps.
    func testDepthIsTheByteByByteDepth() {
        let pieces: [String] = ["[", "[[[[", "[[[[", "]", "a", "abcdefgh", "é", "\n", "]]"]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var reported = 0
        for _ in 0..<2_000 {
            var code = ""
            for _ in 0..<next(60) { code += pieces[next(pieces.count)] }
            var depth = 0
            var deepest = 0
            for byte in code.utf8 {
                if byte == UInt8(ascii: "[") {
                    depth += 1
                    deepest = max(deepest, depth)
                } else if byte == UInt8(ascii: "]"), depth > 0 {
                    depth -= 1
                }
            }
            let reason = SwiftParseLimits.unparseableReason(code)
            if deepest > SwiftParseLimits.maximumBracketDepth {
                reported += 1
                XCTAssertEqual(reason?.contains("nests `[` \(deepest) deep"), true, code)
            } else {
                // Not for its `[` depth (it may be refused for the brackets it leaves open).
                XCTAssertFalse(reason?.contains("nests `[`") ?? false, code)
            }
        }
        // Both answers must occur, or the test would prove little.
        XCTAssertGreaterThan(reported, 100)
        XCTAssertLessThan(reported, 1_900)
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

    /// A view cut short where the author elided the rest leaves many brackets open; it is small, so
    /// SwiftParser's recovery is quick and the code rules get to judge it (an `input-error` notice on
    /// such a fragment was the one false finding shown by default on the real-world tuning part).
    func testAFragmentCutShortLeavingManyBracketsOpenIsParsed() {
        let fragment = """
            ...
            var body: some View {
                GeometryReader { proxy in
                    Canvas { context, size in
                        let side = min(size.width, size.height)
                        context.stroke(
                            Path { path in
                                path.addLines([
                                    CGPoint(
                                        x: side * 0.5,
                                        ...
                                rings.forEach { ring in
                                    path.addEllipse(
                                        in: CGRect(
                                            x: side * ring.inset,
                                            ...
            """
        let nesting = SwiftNesting.scan(fragment)
        XCTAssertGreaterThan(nesting.unclosed, SwiftParseLimits.maximumUnclosedBrackets, "\(nesting)")
        XCTAssertEqual(nesting.unclosedInInterpolations, 0)
        XCTAssertNil(SwiftParseLimits.unparseableReason(fragment))
    }

    /// The same brackets left open ahead of much more code cost the parser's recovery a look ahead over
    /// all of it each: refused once their count times the snippet's size passes the limit.
    func testManyBracketsLeftOpenAheadOfMuchCodeAreNotParsed() {
        let head = String(repeating: "if a { ", count: 12) + "\n"
        let small = head + String(repeating: "let x = 1\n", count: 400)
        XCTAssertNil(SwiftParseLimits.unparseableReason(small))
        let large = head + String(repeating: "let x = 1\n", count: 700)
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason(large),
            "this Swift snippet of \(large.utf8.count) bytes leaves 12 brackets unclosed; the Swift parser's recovery takes time that grows with both, so the code rules skip it")
        let mismatched = String(repeating: "f( a }\n", count: 200)
        XCTAssertEqual(SwiftNesting.scan(mismatched).unclosed, 200)
        XCTAssertNotNil(SwiftParseLimits.unparseableReason(mismatched))
    }

    /// Inside a string interpolation a few open brackets already cost the cube of their count.
    func testBracketsLeftOpenInsideInterpolationsCountAtAnySize() {
        let open = "let a = \"" + String(repeating: "\\(f(", count: 5)
        XCTAssertEqual(SwiftNesting.scan(open).unclosedInInterpolations, 10)
        XCTAssertEqual(
            SwiftParseLimits.unparseableReason(open),
            "this Swift snippet leaves 10 brackets unclosed inside string interpolations; over 8 the Swift parser's recovery takes minutes, so the code rules skip it")
        let closedOnItsLine = "let a = \"\\(f(x))\"\n" + String(repeating: "if a { ", count: 10)
        XCTAssertEqual(SwiftNesting.scan(closedOnItsLine).unclosedInInterpolations, 0)
        XCTAssertNil(SwiftParseLimits.unparseableReason(closedOnItsLine))
    }
}
