import Foundation
import SwiftFacts
import XCTest

/// A rule is a function of its inputs: reuse belongs to the engine (`runTutorialRules` keeps what a
/// `CollectingTutorialRule` collects), so no file in Sources/TutorialRules/Rules/ holds a recorder, a memo,
/// a value of type `Any`, a lock-protected value or mutable state of its own (a `static var`, a `var` at file
/// scope). The files are read as Swift by SwiftParser: comments and the text of string literals (a rule's
/// examples hold SwiftUI code with `static var previews`) are not code.
final class PureRuleSourcesTests: XCTestCase {
    private static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TutorialRules/Rules")

    func testNoRuleFileHoldsStateOrReuseOfItsOwn() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.rulesFolder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(files.count, 10, "the rules folder was not found at \(Self.rulesFolder.path)")
        for file in files {
            let text = try String(contentsOf: Self.rulesFolder.appendingPathComponent(file), encoding: .utf8)
            let words = try XCTUnwrap(Self.codeWords(text), "\(file) does not parse")
            XCTAssertEqual(Self.impurities(in: words), [], file)
        }
    }

    /// The check itself, on code that has each impurity and on code that only mentions them.
    func testTheCheckFindsEachImpurityInCodeAlone() throws {
        let impure = """
            struct Rule {
                static var seen = 0
                let recorder: TutorialRuleRecorder
                let memo = MatchMemo()
                let values: [String: Any] = [:]
                let keys: Set<AnyHashable> = []
                let results = Protected(0)
            }
            var rememberedEverywhere = 0
            """
        XCTAssertEqual(
            Self.impurities(in: try XCTUnwrap(Self.codeWords(impure))),
            [
                "static var", "recorder", "TutorialRuleRecorder", "memo", "MatchMemo", "Any", "AnyHashable",
                "Protected", "var at file scope",
            ])
        let pure = """
            // A recorder, a Memo and Any value, Protected, static var: words of a comment.
            struct Rule {
                /// `static var previews` is in the example below.
                let example = "struct P: PreviewProvider { static var previews: some View { Text(\\"Any\\") } }"
                var count: Int { 1 }
                func check() -> Int { var total = 0; total += count; return total }
            }
            """
        XCTAssertEqual(Self.impurities(in: try XCTUnwrap(Self.codeWords(pure))), [])
    }

    /// The words of `text` that are code (string contents left out), in order; nil when it does not parse.
    private static func codeWords(_ text: String) -> [String]? {
        guard let tokens = swiftCodeTokens(text) else { return nil }
        let bytes = Array(text.utf8)
        return tokens.filter { $0.kind != .stringContent }.map {
            String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)
        }
    }

    /// What in `words` makes a rule hold state or reuse of its own.
    private static func impurities(in words: [String]) -> [String] {
        var found: [String] = []
        var depth = 0
        for (index, word) in words.enumerated() {
            switch word {
            case "{": depth += 1
            case "}": depth -= 1
            case "var" where index > 0 && words[index - 1] == "static": found.append("static var")
            case "var" where depth == 0: found.append("var at file scope")
            default:
                let anyType = word == "Any" || (word.hasPrefix("Any") && word.dropFirst(3).first?.isUppercase == true)
                if word.lowercased().contains("recorder") || word.contains("Memo") || word.hasPrefix("memo") || anyType
                    || word.contains("Protected")
                {
                    found.append(word)
                }
            }
        }
        return found
    }
}
