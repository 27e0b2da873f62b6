import DiffSyntax
import StepDiff
import XCTest

final class DiffSyntaxTests: XCTestCase {
    /// Parsing a file's next state incrementally from the previous tree, with the diff's byte edits,
    /// colours it exactly as a parse from scratch does.
    func testIncrementalColouringEqualsFullParse() {
        var state =
            "import SwiftUI\n\nstruct PageView: View {\n    var body: some View {\n        Text(\"a\")\n    }\n}\n"
        let colorer = DiffSyntaxColorer()
        _ = colorer.spans(for: state)
        let edits: [(String, String)] = [
            ("Text(\"a\")", "VStack {\n            Text(\"a\")\n            Text(\"b\")\n        }"),
            ("struct PageView: View {\n", "struct PageView: View {\n    @State var page = 0 // current\n"),
            ("import SwiftUI\n", ""),
            ("}\n", "}\n\n#Preview { PageView() }\n"),
        ]
        for (old, new) in edits {
            guard let range = state.range(of: old) else { return XCTFail("fixture edit \(old) not found") }
            let next = state.replacingCharacters(in: range, with: new)
            let diff = TextDiff(old: state, new: next)
            let edits = diff.byteEdits().map { (old: $0.old.start..<$0.old.end, new: $0.new.start..<$0.new.end) }
            XCTAssertEqual(colorer.spans(for: next, previous: state, edits: edits), swiftSyntaxSpans(next), next)
            state = next
        }
        XCTAssertEqual([colorer.fullParses, colorer.incrementalParses], [1, 4])
        XCTAssertTrue(swiftSyntaxSpans("struct A {}\n").contains(DiffSyntaxSpan(start: 0, end: 6, cssClass: "kw")))
    }
}
