@testable import StepDiff
import XCTest

/// `hasImport` finds `import ` with a byte search and checks for a line start before it; the answer must
/// be the line walk's (every line start, after an LF that is not part of a CRLF, checked for `import ` or
/// `@testable import `), for any code.
final class ImportScanTests: XCTestCase {
    func testTheByteSearchAgreesWithTheLineWalk() {
        let pieces = [
            "import ", "@testable ", "import", " ", "\n", "\r\n", "\r", "UIKit", "x", "@testable import ", "é", "// import ",
        ]
        // A seeded linear congruential generator: the same codes on every run.
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var found = 0
        for _ in 0..<20_000 {
            let code = (0..<Int(next() % 7)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            let expected = Self.lineWalk(code)
            XCTAssertEqual(hasImport(code), expected, code.debugDescription)
            if expected { found += 1 }
        }
        XCTAssertGreaterThan(found, 1_000, "the random code holds imports")
        XCTAssertTrue(hasImport("// A file\r\nx\nimport UIKit\n"))
        XCTAssertFalse(hasImport("x\r\nimport UIKit\n"))
    }

    /// The scan `hasImport` replaced: every line start, in order.
    private static func lineWalk(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        func starts(with prefix: String, at start: Int) -> Bool {
            let prefix = Array(prefix.utf8)
            return start + prefix.count <= bytes.count && bytes[start..<(start + prefix.count)].elementsEqual(prefix)
        }
        var start = 0
        while start < bytes.count {
            if starts(with: "import ", at: start) || starts(with: "@testable import ", at: start) { return true }
            var next = start
            while next < bytes.count, !(bytes[next] == 0x0A && (next == 0 || bytes[next - 1] != 0x0D)) { next += 1 }
            start = next + 1
        }
        return false
    }
}
