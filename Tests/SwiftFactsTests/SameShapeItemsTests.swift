import Foundation
import SwiftFacts
import TestSupport
import XCTest

/// Items copied from items of the same shape (names and whole numbers changed, nothing else) must be the
/// items a parse gives, and only such changes may be copied: a keyword, a string's or a comment's words, a
/// float, an attribute's name or any other byte changed goes to the parser.
final class SameShapeItemsTests: XCTestCase {
    private let member =
        "\n    func helper2(_ input: Int) -> Int {\n        let step0 = input * 52\n        return input + 2\n    }"

    func testNamesAndWholeNumbersChangedAreCopied() {
        let renamed = member.replacingOccurrences(of: "helper2", with: "helper17").replacingOccurrences(
            of: "step0", with: "tuned3"
        )
        .replacingOccurrences(of: "52", with: "4700").replacingOccurrences(of: "input", with: "x")
        XCTAssertEqual(TreeSpliceCheck.sameShapeOutcome(old: member, new: renamed), .sameAsFullParse)
        XCTAssertEqual(TreeSpliceCheck.sameShapeOutcome(old: member, new: member), .sameAsFullParse)
        let two = member + "\n\n    var count = 0"
        XCTAssertEqual(
            TreeSpliceCheck.sameShapeOutcome(old: two, new: renamed + "\n\n    var total = 10"), .sameAsFullParse)
    }

    func testOtherChangesAreLeftToTheParser() {
        let cases: [(String, String)] = [
            ("\n    let a = 1", "\n    var a = 1"),  // a keyword
            ("\n    let a = b", "\n    let a = async"),  // a contextual keyword
            ("\n    let a = b", "\n    let a = _"),  // the wildcard
            ("\n    let a = \"x\"", "\n    let a = \"y\""),  // a string's word
            ("\n    let a = 1.5", "\n    let a = 2.5"),  // a float
            ("\n    let a = 0x1F", "\n    let a = 0x2F"),  // not a decimal run
            ("\n    let a = 1", "\n    let a = b"),  // a number for a name
            ("\n    @objc func a() {}", "\n    @objx func a() {}"),  // an attribute's name
            ("\n    let a = #b", "\n    let a = #c"),  // a macro's name
            ("\n    let a = $0", "\n    let a = $1"),  // a dollar identifier
            ("\n    // one\n    let a = 1", "\n    // two\n    let a = 1"),  // a comment's word
            ("\n    let a = 1", "\n    let a = 1 "),  // a byte outside words
            ("\n    let a = b", "\n    let a = bé"),  // a name running into non-ASCII bytes
        ]
        for (old, new) in cases {
            XCTAssertEqual(TreeSpliceCheck.sameShapeOutcome(old: old, new: new), .notSpliced, "\(old) → \(new)")
        }
    }

    /// A state whose items were copied is the template of the next: every state is the full parse's, and
    /// copying again leaves the tree it was copied from as it was.
    func testCopiesOfCopiesLeaveEarlierTreesAlone() {
        var states: [String] = []
        for step in 0..<12 {
            let helpers = (0...(step / 3)).map { index in
                "    func helper\(index)_\(step)(_ input: Int) -> Int {\n        let step\(step) = input * \(step + index)\n"
                    + "        return input + \(index)\n    }"
            }
            states.append(
                "import SwiftUI\n\nstruct Widget {\n    var value = \(step)\n\n" + helpers.joined(separator: "\n\n")
                    + "\n}\n")
        }
        let outcomes = TreeSpliceCheck.chainOutcomes(states)
        XCTAssertEqual(outcomes.count, states.count - 1)
        for (index, outcome) in outcomes.enumerated() {
            XCTAssertEqual(outcome, .sameAsFullParse, "state \(index + 1)")
        }
    }

    /// Every name and whole number of the repository's snippets renamed, one at a time and all at once:
    /// every tree made from the snippet's is the full parse's.
    func testRenamesInRepositorySnippets() {
        var random = SeededGenerator(seed: 2_026_120_451)
        let word = try! NSRegularExpression(pattern: "(?<![#@$\\\\`.\\w])([A-Za-z_][A-Za-z0-9_]*|[0-9]+)(?![\\w.])")
        var (compared, copied) = (0, 0)
        for block in Set(RepositorySnippets.blocksByFile().joined()) {
            let text = block as NSString
            let matches = word.matches(in: block, range: NSRange(location: 0, length: text.length))
            guard !matches.isEmpty else { continue }
            for match in matches.shuffled(using: &random).prefix(4) {
                let original = text.substring(with: match.range)
                let replacement =
                    original.first!.isNumber ? "\(Int.random(in: 0...999, using: &random))" : original + "X"
                let renamed = text.replacingCharacters(in: match.range, with: replacement)
                let outcomes = TreeSpliceCheck.chainOutcomes([block, renamed, block])
                compared += 1
                if TreeSpliceCheck.outcome(old: block, new: renamed) == .sameAsFullParse { copied += 1 }
                // `.notSpliced`: a snippet the parser must not be given (SwiftParseLimits).
                for case .differs(let made, let full) in outcomes {
                    XCTFail("\(original) → \(replacement) in\n\(block)\n\(made)\n\(full)")
                }
            }
        }
        XCTAssertGreaterThan(compared, 200)
        XCTAssertGreaterThan(copied, compared / 10)
    }
}
