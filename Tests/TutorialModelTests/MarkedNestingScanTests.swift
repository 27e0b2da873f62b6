import TestSupport
import XCTest

@testable import TutorialModel

/// A rescan from the previous state's marks finds what a scan from nothing finds, after any edit, through
/// chains of edits (each rescan's marks serving the next), and reads again only around the edit.
final class MarkedNestingScanTests: XCTestCase {
    /// Lines that open, close or continue every kind of level the scan follows, strings and comments across
    /// lines among them.
    static let lines = [
        "struct A: View {", "}", "    func f(_ a: Int) -> Int {", "        return a.b.c(d)[0]!", "    }",
        "let s = \"text \\(f(x)) more\"", "let t = \"\\(g(", "/* a comment", "  still ( [ { */", "// ( [ {",
        "#if DEBUG", "#endif", "let m = \"\"\"", "  (((", "\"\"\"", "let r = #\"raw \\#(x)\"#", "var v: A<B<C>> = .init()",
        "try await f()", "    .map { $0 }", "x = y ?? z", "f(a < b, c > d)", "[1, 2, [3, [4]]]", "let k = \\A.b.c",
        "    let step0 = input * 52", "        control.currentPage = sender.currentPage", "", "   ", "{", ")", "]",
    ]

    func randomCode(_ generator: inout SeededGenerator, lines count: Int) -> [String] {
        (0..<count).map { _ in Self.lines.randomElement(using: &generator)! }
    }

    /// Replaces a run of lines, or a few bytes inside one, as a tutorial's steps and an editor's keystrokes do.
    func edited(_ lines: [String], _ generator: inout SeededGenerator) -> [String] {
        var lines = lines
        let start = Int.random(in: 0...lines.count, using: &generator)
        if Bool.random(using: &generator), start < lines.count {
            var bytes = Array(lines[start].utf8)
            let at = Int.random(in: 0...bytes.count, using: &generator)
            let inserted = Array(["(", ")", "{", "}", "\"", "\\(", "#", "/*", "*/", "<", ">", ".", "\n", " ", "a"]
                .randomElement(using: &generator)!.utf8)
            bytes.replaceSubrange(at..<min(bytes.count, at + Int.random(in: 0...2, using: &generator)), with: inserted)
            lines[start] = String(decoding: bytes, as: UTF8.self)
            return lines
        }
        let end = min(lines.count, start + Int.random(in: 0...4, using: &generator))
        lines.replaceSubrange(start..<end, with: randomCode(&generator, lines: Int.random(in: 0...5, using: &generator)))
        return lines
    }

    func testEveryRescanFindsWhatAScanFromNothingFinds() {
        var generator = SeededGenerator(seed: 23)
        for round in 0..<300 {
            var lines = randomCode(&generator, lines: Int.random(in: 0...120, using: &generator))
            var code = lines.joined(separator: "\n")
            var scan = MarkedNestingScan(code)
            XCTAssertEqual(scan.nesting, SwiftNesting.scan(code), "round \(round), from nothing")
            for edit in 0..<8 {
                lines = edited(lines, &generator)
                let next = lines.joined(separator: "\n")
                scan = scan.rescan(next, previous: code)
                code = next
                XCTAssertEqual(scan.nesting, SwiftNesting.scan(code), "round \(round), edit \(edit):\n\(code)")
                if scan.nesting != SwiftNesting.scan(code) { return }
            }
        }
    }

    /// A mark's state rests on the line break's look ahead at the next line's first byte (a leading `.` goes on
    /// with the chain): an edit of that byte is no edit after the mark, and the rescan starts before it.
    func testARescanStartsOnlyWhereTheLookAheadReadNothingChanged() {
        let old = "let v = a\n" + String(repeating: "    .b\n", count: 120)
        let scan = MarkedNestingScan(old)
        var bytes = Array(old.utf8)
        let dot = bytes[scan.marks[1].offset...].firstIndex(of: UInt8(ascii: "."))!
        bytes[dot] = UInt8(ascii: "x")
        let new = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(scan.rescan(new, previous: old).nesting, SwiftNesting.scan(new))
        XCTAssertLessThan(SwiftNesting.scan(new).deepest, SwiftNesting.scan(old).deepest, "the edit broke the chain")
    }

    func testAnEditReadsAgainOnlyAroundItself() {
        let method = "    func helper(_ input: Int) -> Int {\n        let step = input.value(of: [1, 2])\n        return step\n    }\n"
        let body = String(repeating: method, count: 60)
        let old = "struct Widget: View {\n" + body + "}\n"
        let new = "struct Widget: View {\n" + method + "    func added() {}\n" + body.dropFirst(method.utf8.count) + "}\n"
        let scan = MarkedNestingScan(old)
        let rescan = scan.rescan(new, previous: old)
        XCTAssertEqual(rescan.nesting, SwiftNesting.scan(new))
        // Past the edit, the marks are the previous scan's, moved by the bytes inserted.
        let delta = new.utf8.count - old.utf8.count
        let moved = scan.marks.suffix(scan.marks.count - 3).map { $0.offset + delta }
        XCTAssertGreaterThan(moved.count, 20)
        XCTAssertEqual(Array(rescan.marks.map(\.offset).suffix(moved.count)), moved)
    }
}
