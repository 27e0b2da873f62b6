import Foundation
import SwiftFacts
import XCTest
import TestSupport

/// Facts whose unchanged members are taken from the previous state must be the facts of a walk of the
/// whole tree, fact for fact: checked over a file evolving as tutorials evolve one (as the bench's
/// worst case does, and with nested types, initializers, selectors, observers and hosting
/// configurations), over consecutive Swift snippets of the repository's tutorials and fixtures, and over
/// line edits of them.
final class MemberFactsTests: XCTestCase {
    private var compared = 0
    private var reused = 0

    private func check(_ old: String, _ new: String, file: StaticString = #filePath, line: UInt = #line) {
        compared += 1
        let outcome = MemberFactsCheck.outcome(old: old, new: new)
        reused += outcome.reusedMembers
        XCTAssert(
            outcome.differences.isEmpty, "\(old)\n→\n\(new)\n\(outcome.differences.joined(separator: "\n"))",
            file: file, line: line)
    }

    func testMembersMovedByAnEditKeepTheirFactsShifted() {
        let old = """
            import UIKit

            struct Widget: UIViewRepresentable {
                @Binding var page: Int

                func makeUIView(context: Context) -> UIPageControl {
                    let control = UIPageControl()
                    control.addTarget(context.coordinator, action: #selector(Coordinator.changed(sender:)), for: .valueChanged)
                    return control
                }

                class Coordinator: NSObject {
                    var parent: Widget
                    init(_ parent: Widget) { self.parent = parent }
                    @objc func changed(sender: UIPageControl) { parent.page = sender.currentPage }
                }
            }

            """
        let new = old.replacingOccurrences(
            of: "    @Binding var page: Int\n",
            with: "    @Binding var page: Int\n    var count = 0\n\n    func helper() -> Int {\n        count + 1\n    }\n")
        let outcome = MemberFactsCheck.outcome(old: old, new: new)
        XCTAssertEqual(outcome.differences, [])
        // `page`, `makeUIView` and `Coordinator` are taken, moved down past the new members.
        XCTAssertEqual(outcome.reusedMembers, 3)
    }

    func testEvolvingFile() {
        var random = SeededGenerator(seed: 2026120321)
        let extras: [[String]] = [
            ["    @objc", "    func tapped() {", "        count += 1", "    }"],
            ["    var title: String {", "        \"Title\"", "    }"],
            ["    var observed = 0 {", "        didSet { print(observed) }", "    }"],
            ["    static let shared = Widget()"],
            ["    init(value: Int) {", "        self.value = value", "    }"],
            ["    #if DEBUG", "    func debug() { print(value) }", "    #endif"],
            ["    private var cache: [String: Int] = [:]"],
            ["    let configuration = UIHostingConfiguration {", "        Text(title)", "    }"],
            ["    lazy var label = UILabel(frame: .zero)"],
            ["    enum Mode {", "        case on", "        case off", "        func flipped() -> Mode { self == .on ? .off : .on }", "    }"],
            [
                "    class Coordinator: NSObject {", "        var parent: Widget", "        init(_ parent: Widget) {",
                "            self.parent = parent", "        }", "        @objc func changed(sender: UIPageControl) {",
                "            parent.value = sender.currentPage", "        }", "    }",
            ],
            ["    func wire(_ control: UIPageControl) {", "        control.addTarget(self, action: #selector(tapped), for: .valueChanged)", "    }"],
        ]
        for _ in 0..<30 {
            var members: [[String]] = [["    var value: Int"], ["    @Binding var currentPage: Int"]]
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
                case 4, 5:
                    members.insert(extras.randomElement(using: &random)!, at: index)
                case 6, 7:
                    let target = Int.random(in: 0..<members.count, using: &random)
                    if members[target].count > 2 {
                        let line = Int.random(in: 1..<(members[target].count - 1), using: &random)
                        members[target][line] = ["        let tuned\(step) = input * 3", "        value += \(step)", "        }", "        Coordinator(self)"].randomElement(using: &random)!
                    }
                default:
                    if members.count > 1 { members.remove(at: Int.random(in: 0..<members.count, using: &random)) }
                }
                let blank = Bool.random(using: &random) ? "\n" : ""
                let text = "import SwiftUI\n\nstruct Widget: UIViewRepresentable {\n"
                    + members.map { $0.joined(separator: "\n") }.joined(separator: "\n" + blank) + "\n}\n"
                if let previous { check(previous, text) }
                previous = text
            }
        }
        XCTAssertGreaterThan(reused, compared, "most unchanged members should be taken from the previous state")
    }

    func testRepositorySnippetsAndTheirLineEdits() throws {
        let count = RepositorySnippets.forEachChange { old, new in check(old, new) }
        XCTAssertGreaterThan(count, 100)
        XCTAssertGreaterThan(reused, 100)
    }
}
