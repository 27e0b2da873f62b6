import SwiftFacts
import XCTest

/// Lines that may stand for code left out, told by shape in any language (`SnippetFacts.elidedLines`): a
/// state holding one is not taken for the whole file. Comments of a whole file are not such lines.
final class ElidedShapeTests: XCTestCase {
    private func elided(_ code: String) -> [Int] { extractFacts(code: code)?.elidedLines ?? [] }

    func testShapesThatStandForCode() {
        // A column of dots, whatever dots.
        XCTAssertEqual(elided("struct A {\n    var a = 1\n    .\n    ⋮\n}\n"), [2, 3])
        // A comment with an ellipsis, in any script.
        XCTAssertEqual(elided("struct A {\n    // 이전과 같음 ……\n    var a = 1\n}\n"), [1])
        // Comments that are all a body that cannot be empty holds: a type, a computed property, a function
        // returning a value.
        XCTAssertEqual(elided("struct A: View {\n    // 前と同じ\n}\n"), [1])
        XCTAssertEqual(elided("struct A: View {\n    var body: some View {\n        // 同上\n    }\n}\n"), [2])
        XCTAssertEqual(elided("func make() -> UIView {\n    // same as before\n}\n"), [1])
        // Prose written among the code.
        XCTAssertEqual(elided("struct A {\n    在这里保留之前的方法\n}\n"), [1])
        // A trailing comment where an operand is due: after `=`, `return` or a binary operator, in any script.
        XCTAssertEqual(elided("func f() {\n    let contact: Contact = // the one picked before\n    show(contact)\n}\n"), [1])
        XCTAssertEqual(elided("func total() -> Int {\n    return // 앞의 합계\n}\n"), [1])
        XCTAssertEqual(elided("let sum = base +  // 残りの項\nlet ok = a && // 条件\nx += // 增量\n"), [0, 1, 2])
        // A block comment ending the line does the same; one between two operands stands for nothing.
        XCTAssertEqual(elided("state = /* what the gesture measured */\nlet area = width * /* meters */ height\n"), [0])
    }

    func testEllipsesWhereAnOperandIsDue() {
        // A value, an argument list, elements, a returned value left to dots; `…` outside a string.
        XCTAssertEqual(elided("func f() {\n    let list = ...\n    show(list)\n}\n"), [1])
        XCTAssertEqual(elided("let x: String? = ... \nlet y = x ?? \"z\"\n"), [0])
        XCTAssertEqual(elided("load(...)\nlet all = [...]\nfunc g() -> Int { return ... }\n"), [0, 1, 2])
        XCTAssertEqual(elided("let cell = table.dequeue(…)\n"), [0])
        // Pseudo-code: dots, then what goes there in words, in a closure and a case; a range continued on the next
        // line has one operand after its dots, and `...limit` none apart.
        let pseudoCode = """
            loader.fetch(page: 1)
                .subscribe(onNext: { rows in
                    ... store the rows
                    ... and reload the list
                }, onError: { _ in
                    .... show a retry button
                })
            let window = lower
                ... upper
            let head = rows[...limit]

            """
        XCTAssertEqual(elided(pseudoCode), [2, 3, 5])
        // Dots after a blank ending a line: and so on. A range from a value is glued to it.
        XCTAssertEqual(elided("var total = rows[0]\ntotal += rows[1]\nthen ...\nlet tail = rows[2...]\n"), [2])
        // A condition or a subject left to dots after the keyword that takes it.
        XCTAssertEqual(elided("if ... {\n    return\n}\nswitch ... {\ndefault: break\n}\nfor i in 0... {\n}\n"), [0, 3])
        // A call left open, its arguments said in a comment that trails off.
        XCTAssertEqual(elided("func bind() {\n    model.bind(to // table, collection ...\n}\n"), [1])
    }

    func testSentencesAmongTheCode() {
        // Pseudo-code from a slide: a sentence where a statement goes, in a snippet that does not parse.
        let code = """
            protocol ViewModifier {
                func body(content: Content) -> some View {
                    return some View that represents a modification of content
                }
            }

            """
        XCTAssertEqual(elided(code), [2])
    }

    func testRangesVariadicsAndStringsAreNotElision() {
        // Dots with an operand beside them, dots and sentences inside strings and comments, and a parse error
        // that is no sentence (a missing comma between two arguments).
        let code = """
            let digits = 0...9
            let head = items[...limit]
            let tail = items[2...]
            func sum(_ values: Int...) -> Int { values.reduce(0, +) }
            let note = "Loading... (...)"
            let text = "return some view that represents it"
            // return some view that represents it
            let answer = max(1 2)

            """
        XCTAssertEqual(elided(code), [])
    }

    func testTrailingCommentsAfterACompleteExpressionAreNotElision() {
        // An operand before the comment (a value, a call, a generic type, a postfix operator), and `//` in a
        // string: whole code.
        let code = """
            let limit = 10 // the most shown
            let url = "https://example.com/a = b" // the page
            let names: Array<String> = [] // none yet
            let view = host.view! // loaded by now
            if count > limit { return } // nothing to do

            """
        XCTAssertEqual(elided(code), [])
    }

    func testCommentsOfAWholeFileAreNotElision() {
        // An empty method that says so, a template's comment after a statement, a sentence ending in a full
        // stop, a comment inside a line, doc comments and markers for tools.
        let code = """
            /// A page.
            final class Page: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    // Do any additional setup after loading the view.
                }
                func update(_ view: UIView, context: Context) {
                    // nothing to do
                }
                // MARK: - Coordinator
                class Coordinator /* 协调器 */: NSObject {}
                let title = "标题"
            }

            """
        XCTAssertEqual(elided(code), [])
    }
}
