import StepDiff
import SwiftFacts
import TestSupport
import XCTest

/// A change made of runs apart (a step adds a property at the top of a type and edits a method at its
/// bottom) is spliced run by run: each spliced tree must be the full parse's, and most such changes must
/// splice, so that only the changed members are parsed.
final class TreeSpliceRunsTests: XCTestCase {
    /// The change set's runs as the parser's edits, as the facts pass makes them from a line diff.
    private func runs(_ old: String, _ new: String) -> [TextReplacement] {
        TextDiff(old: old, new: new, options: DiffOptions(context: 0)).byteEdits().map {
            TextReplacement(
                old: CodeRange(start: $0.old.start, end: $0.old.end), new: CodeRange(start: $0.new.start, end: $0.new.end))
        }
    }

    private func member(_ name: String, lines: Int) -> [String] {
        ["    func \(name)(_ input: Int) -> Int {"] + (0..<lines).map { "        let value\($0) = input * \($0 + 2)" }
            + ["        return input", "    }"]
    }

    func testTwoMembersApartChangedInOneStep() {
        var random = SeededGenerator(seed: 20_261_203)
        var members = (0..<12).map { member("helper\($0)", lines: $0 % 4) }
        var (compared, spliced, severalRuns) = (0, 0, 0)
        var previous = "import SwiftUI\n\nstruct Widget {\n" + members.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n}\n"
        for step in 0..<120 {
            // Two edits, one in the first half of the members and one in the second.
            let top = Int.random(in: 0..<(members.count / 2), using: &random)
            let bottom = Int.random(in: (members.count / 2 + 1)..<members.count, using: &random)
            switch step % 3 {
            case 0:
                members.insert(["    var count\(step) = \(step)"], at: top)
                members[bottom] = member("tuned\(step)", lines: step % 3)
            case 1:
                members[top] = member("renamed\(step)", lines: 1)
                members.remove(at: bottom)
                members.append(member("added\(step)", lines: 2))
            default:
                if members[top].count > 1 {
                    members[top][0] = "    func reworked\(step)(_ input: Int) -> Int {"
                } else {
                    members[top] = ["    let reworked\(step) = \(step)"]
                }
                members.insert(["    @objc", "    func tapped\(step)() {}"], at: bottom)
            }
            let text = "import SwiftUI\n\nstruct Widget {\n" + members.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n}\n"
            let changeRuns = runs(previous, text)
            if changeRuns.count > 1 { severalRuns += 1 }
            compared += 1
            let outcome = TreeSpliceCheck.outcome(old: previous, new: text, runs: changeRuns)
            XCTAssert(outcome == .notSpliced || outcome == .sameAsFullParse, "\(previous)\n→\n\(text)\n\(outcome)")
            if outcome == .sameAsFullParse { spliced += 1 }
            XCTAssertEqual(TreeSpliceCheck.nextStateOutcome(old: previous, new: text, runs: changeRuns), .sameAsFullParse)
            previous = text
        }
        XCTAssertGreaterThan(severalRuns, compared * 9 / 10, "the generated steps should change the file in runs apart")
        XCTAssertGreaterThan(spliced, compared * 8 / 10, "runs apart should splice one by one")
    }

    /// Two line edits apart in every repository snippet (a line removed, a line repeated elsewhere): every
    /// next state, spliced run by run or parsed, is the full parse.
    func testTwoLineEditsApartInRepositorySnippets() {
        var random = SeededGenerator(seed: 7)
        var (compared, differing) = (0, [String]())
        for block in Set(RepositorySnippets.blocksByFile().joined()) {
            var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count > 8 else { continue }
            let first = Int.random(in: 0..<(lines.count / 2 - 1), using: &random)
            let second = Int.random(in: (lines.count / 2 + 1)..<(lines.count - 1), using: &random)
            lines.insert(lines[second], at: second + 1)
            lines.remove(at: first)
            let new = lines.joined(separator: "\n")
            compared += 1
            if TreeSpliceCheck.nextStateOutcome(old: block, new: new, runs: runs(block, new)) != .sameAsFullParse {
                differing.append("\(block)\n→\n\(new)")
            }
        }
        XCTAssertGreaterThan(compared, 50)
        XCTAssertEqual(differing.count, 0, differing.prefix(2).joined(separator: "\n\n"))
    }
}
