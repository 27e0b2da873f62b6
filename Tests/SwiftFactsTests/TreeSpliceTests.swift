import Foundation
import SwiftFacts
import XCTest
import TestSupport

/// A spliced tree must be the tree a full parse of the new text gives, node for node and trivia for
/// trivia: checked over a file evolving as tutorials evolve one (members added, edited, removed), over
/// consecutive Swift snippets of the repository's tutorials and fixtures, and over line edits of them.
final class TreeSpliceTests: XCTestCase {
    private var spliced = 0
    private var compared = 0

    private func check(_ old: String, _ new: String, file: StaticString = #filePath, line: UInt = #line) {
        compared += 1
        let outcome = TreeSpliceCheck.outcome(old: old, new: new)
        if outcome != .notSpliced { spliced += 1 }
        XCTAssert(outcome == .notSpliced || outcome == .sameAsFullParse, "\(old)\n→\n\(new)\n\(outcome)", file: file, line: line)
    }

    /// A first member into an empty type or body, and the last one out: SwiftSyntax traps when asked to
    /// replace children of an empty list, so these go to the parser.
    func testEmptyListsAreLeftToTheParser() {
        let empty = "struct Widget {\n}\n"
        let one = "struct Widget {\n    var count = 0\n}\n"
        XCTAssertEqual(TreeSpliceCheck.outcome(old: empty, new: one), .notSpliced)
        XCTAssertEqual(TreeSpliceCheck.outcome(old: "func run() {\n}\n", new: "func run() {\n    print(1)\n}\n"), .notSpliced)
        check(one, empty)
        check(one, "struct Widget {\n    var count = 0\n    var title = \"\"\n}\n")
    }

    func testEvolvingFile() {
        var random = SeededGenerator(seed: 2026120341)
        let extras: [[String]] = [
            ["    @objc", "    func tapped() {", "        count += 1", "    }"],
            ["    var title: String {", "        \"Title\"", "    }"],
            ["    static let shared = Widget()"],
            ["    init(value: Int) {", "        self.value = value", "    }"],
            ["    func loop() {", "        repeat {", "            count -= 1", "        }", "        while count > 0", "    }"],
            ["    func pick() -> Int {", "        return", "            if count > 0 { 1 } else { 2 }", "    }"],
            ["    #if DEBUG", "    func debug() {}", "    #endif"],
            ["    private var cache: [String: Int] = [:]"],
            ["    func chain() -> Int {", "        let x = count", "            .advanced(by: 1)", "        return x", "    }"],
            ["    // A comment before a member", "    func commented() {}"],
            ["    let a = 1; let b = 2"],
            ["    enum Mode {", "        case on", "        case off", "    }"],
        ]
        for _ in 0..<30 {
            var members: [[String]] = [["    var value: Int"], ["    var count = 0"]]
            var previous: String?
            for step in 0..<30 {
                let index = Int.random(in: 0...members.count, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    var lines = ["    func helper\(step)(_ input: Int) -> Int {"]
                    for line in 0..<Int.random(in: 0...3, using: &random) { lines.append("        let step\(line) = input * \(line + 2)") }
                    lines.append("        return input")
                    lines.append("    }")
                    members.insert(lines, at: index)
                case 4:
                    members.insert(extras.randomElement(using: &random)!, at: index)
                case 5..<8:
                    let target = Int.random(in: 0..<members.count, using: &random)
                    if members[target].count > 2 {
                        let line = Int.random(in: 1..<(members[target].count - 1), using: &random)
                        members[target][line] = ["        let tuned\(step) = input * 3", "        count += \(step)", "        }", "        .padding()", "        else { return }", "        ;"].randomElement(using: &random)!
                    }
                default:
                    if members.count > 1 { members.remove(at: Int.random(in: 0..<members.count, using: &random)) }
                }
                let blank = Bool.random(using: &random) ? "\n" : ""
                let text = "import SwiftUI\n\nstruct Widget {\n" + members.map { $0.joined(separator: "\n") }.joined(separator: "\n" + blank) + "\n}\n"
                if let previous { check(previous, text) }
                previous = text
            }
        }
        XCTAssertGreaterThan(spliced, compared / 6, "splicing should apply to many member edits")
    }

    func testRepositorySnippetsAndTheirLineEdits() throws {
        let count = RepositorySnippets.forEachChange { old, new in check(old, new) }
        XCTAssertGreaterThan(count, 100)
        XCTAssertGreaterThan(spliced, 10)
    }

    /// Keystrokes at a line's end (the language server's most common edit): a text typed there changes
    /// the item holding the line's last token, which is spliced when it parses alone; every splice is the
    /// full parse, over eight random line ends of every repository snippet with random typed texts.
    func testTextTypedAtEveryLineEnd() {
        let function = "struct Widget {\n    var count = 0\n\n    func helper(_ input: Int) -> Int {\n        return input\n    }\n}\n"
        let typed = function.replacingOccurrences(of: "-> Int {\n", with: "-> Int { \n")
        XCTAssertEqual(TreeSpliceCheck.outcome(old: function, new: typed), .sameAsFullParse, "a space after a function's `{`")
        let attributed = "class Coordinator: NSObject {\n    var count = 0\n\n    init(_ count: Int) {\n        self.count = count\n    }\n\n"
            + "    @objc\n    func tapped(sender: UIControl) {\n        count += 1\n    }\n\n    @objc func reset() {}\n}\n"
        for line in ["    init(_ count: Int) {\n", "    func tapped(sender: UIControl) {\n"] {
            let typed = attributed.replacingOccurrences(of: line, with: line.dropLast() + " \n")
            XCTAssertEqual(TreeSpliceCheck.outcome(old: attributed, new: typed), .sameAsFullParse, "a member before or after `@objc`: \(line)")
        }
        let texts = [" ", "x", "1", ")", "{", "}", ";", " // note", "\n", " else", ".", "?"]
        var random = SeededGenerator(seed: 2026120342)
        for block in Set(RepositorySnippets.blocksByFile().joined()) {
            let bytes = Array(block.utf8)
            let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A && $0 > 0 && bytes[$0 - 1] != 0x0A }
            for index in lineEnds.shuffled(using: &random).prefix(8) {
                let text = texts.randomElement(using: &random)!
                check(block, String(decoding: bytes[..<index], as: UTF8.self) + text + String(decoding: bytes[index...], as: UTF8.self))
                check(block, String(decoding: bytes[..<(index - 1)] + bytes[index...], as: UTF8.self))
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
        XCTAssertGreaterThan(spliced, compared / 10, "typing at a line's end should mostly splice")
    }

    /// Whatever way a state's tree is made from the previous state's (spliced, parsed reusing it, or
    /// parsed afresh), it is the tree a full parse gives.
    func testEveryNextStateIsTheFullParse() throws {
        var differing: [String] = []
        let count = RepositorySnippets.forEachChange { old, new in
            if TreeSpliceCheck.nextStateOutcome(old: old, new: new) != .sameAsFullParse { differing.append("\(old)\n→\n\(new)") }
        }
        XCTAssertGreaterThan(count, 100)
        XCTAssertEqual(differing.count, 0, differing.prefix(3).joined(separator: "\n\n"))
    }

    /// SwiftParser's incremental parse, reusing nodes of a tree with errors, can read the next text
    /// otherwise than a full parse (here: the second `init` as a call with a trailing closure).
    func testATreeWithErrorsIsNotReused() {
        let old = "    init(_ parent: PageController) {\nclass Coordinator: NSObject, UIPageViewControllerDataSource {\n"
            + "    var parent: PageController\n\n    init(_ parent: PageController) {\n    init(_ parent: PageController) {\n}\n"
        let new = old.replacingOccurrences(of: "class Coordinator: NSObject, UIPageViewControllerDataSource {\n", with: "")
        XCTAssertEqual(TreeSpliceCheck.nextStateOutcome(old: old, new: new), .sameAsFullParse)
    }
}
