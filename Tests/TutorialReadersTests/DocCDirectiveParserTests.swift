import TestSupport
import TutorialModel
import TutorialReaders
import XCTest

final class DocCDirectiveParserTests: XCTestCase {
    private func parse(_ text: String) -> (DocCDirectiveParser.Result, SourceDocument) {
        let document = SourceDocument(path: "t.tutorial", text: text)
        return (DocCDirectiveParser.parse(document), document)
    }

    private func directives(_ nodes: [DocCNode]) -> [DocCDirective] {
        nodes.compactMap { if case .directive(let directive) = $0 { return directive } else { return nil } }
    }

    func testArgumentsLabelsValuesAndRanges() throws {
        let marked = MarkedText(#"@Code(1️⃣name: "2️⃣A.swift3️⃣"4️⃣, file: 5️⃣a.swift6️⃣ , 7️⃣bare8️⃣)"#)
        let (result, _) = parse(marked.text)
        let code = try XCTUnwrap(directives(result.nodes).first)
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(code.name, "Code")
        XCTAssertEqual(code.arguments.map(\.label), ["name", "file", nil])
        XCTAssertEqual(code.arguments.map(\.value), ["A.swift", "a.swift", "bare"])
        XCTAssertEqual(code.arguments[0].range, SourceRange(start: marked["1️⃣"], end: marked["4️⃣"]))
        XCTAssertEqual(code.arguments[0].valueRange, SourceRange(start: marked["2️⃣"], end: marked["3️⃣"]))
        XCTAssertEqual(code.arguments[1].valueRange, SourceRange(start: marked["5️⃣"], end: marked["6️⃣"]))
        XCTAssertEqual(code.arguments[2].valueRange, SourceRange(start: marked["7️⃣"], end: marked["8️⃣"]))
        XCTAssertEqual(code.headRange, SourceRange(start: 0, end: marked.text.utf8.count))
        XCTAssertEqual(code.range, code.headRange)
        XCTAssertTrue(code.children.isEmpty)
    }

    func testFencedCodeInTextIsNeverADirectiveOrABrace() throws {
        let text = """
            @Step {
                Write this:

                ```swift
                @Step {
                }
                ```
                Done.
            }

            """
        let (result, document) = parse(text)
        XCTAssertEqual(result.problems, [])
        let step = try XCTUnwrap(directives(result.nodes).first)
        XCTAssertEqual(directives(result.nodes).count, 1)
        XCTAssertTrue(directives(step.children).isEmpty)
        let lines = step.children.compactMap { node -> String? in
            if case .text(let range) = node { return document.text(in: range) } else { return nil }
        }
        XCTAssertEqual(lines, ["Write this:", "", "```swift", "@Step {", "}", "```", "Done."])
    }

    func testBodiesOnOneLine() throws {
        let (result, document) = parse(
            "@Choice(isCorrect: true) {\n    @Justification(reaction: \"Yes\") { Right. }\n    @Comment {}\n}\n")
        XCTAssertEqual(result.problems, [])
        let choice = try XCTUnwrap(directives(result.nodes).first)
        let children = directives(choice.children)
        XCTAssertEqual(children.map(\.name), ["Justification", "Comment"])
        guard case .text(let range) = children[0].children.first else { return XCTFail("no text in the body") }
        XCTAssertEqual(document.text(in: range), "Right.")
        XCTAssertTrue(children[1].children.isEmpty)
    }

    func testUnclosedArgumentsAndStrings() throws {
        let marked = MarkedText(
            "@Step {\n    @Code(name: \"A.swift\", file: 1️⃣\"a.swift)\n}\n@Image2️⃣(source: x.png\n@Video(source: \"v.mp4\")\n"
        )
        let (result, _) = parse(marked.text)
        XCTAssertEqual(directives(result.nodes).map(\.name), ["Step", "Image", "Video"])
        XCTAssertEqual(
            result.problems.map(\.range),
            [
                SourceRange(start: marked["1️⃣"], end: marked["1️⃣"] + 1),
                SourceRange(start: marked["2️⃣"], end: marked["2️⃣"] + 1),
            ])
        XCTAssertEqual(directives(result.nodes)[1].argument("source")?.value, "x.png")
        XCTAssertEqual(directives(result.nodes)[2].argument("source")?.value, "v.mp4")
    }

    /// A `@Step` kept inside `@Comment` in `@Steps` is nested in the comment, not a misplaced step: the
    /// comment is not closed early, and the steps after it stay in `@Steps`.
    func testDirectivesInsideACommentNestFreely() throws {
        let text = """
            @Steps {
                @Comment {
                    @Step {
                        An old step.
                    }
                }
                @Step {
                    A real step.
                }
            }

            """
        let (result, _) = parse(text)
        XCTAssertEqual(result.problems, [])
        let steps = try XCTUnwrap(directives(result.nodes).first)
        XCTAssertEqual(directives(steps.children).map(\.name), ["Comment", "Step"])
        XCTAssertEqual(directives(directives(steps.children)[0].children).map(\.name), ["Step"])
    }

    /// Outside a comment a `@Step` opened in a `@Step` still closes the unclosed one (one problem).
    func testAMisplacedStepOutsideACommentStillClosesTheOpenOne() throws {
        let (result, _) = parse("@Steps {\n    @Step {\n        Unclosed.\n    @Step {\n        Next.\n    }\n}\n")
        XCTAssertEqual(result.problems.map(\.message), ["@Step is not closed before @Step: a '}' is missing"])
        let steps = try XCTUnwrap(directives(result.nodes).first)
        XCTAssertEqual(directives(steps.children).map(\.name), ["Step", "Step"])
    }

    /// The lines of an HTML comment opened at a line's start are text up to the line holding `-->`, braces
    /// and directives included; a directive among them is warned about once (DocC still shows it). A
    /// comment closed on its own line changes nothing.
    func testLinesOfAnHTMLCommentAreText() throws {
        let marked = MarkedText(
            """
            @Steps {
                <!-- one line: @Step { -->
                <!--
                1️⃣@Step {
                    Hidden.
                    @Code(name: "A.swift", file: "a.swift")
                }
                -->
                @Step {
                    Shown.
                }
            }

            """)
        let (result, _) = parse(marked.text)
        XCTAssertEqual(result.problems.map(\.severity), [.warning])
        XCTAssertEqual(result.problems.map(\.range), [SourceRange(start: marked["1️⃣"], end: marked["1️⃣"] + 5)])
        let steps = try XCTUnwrap(directives(result.nodes).first)
        XCTAssertEqual(directives(steps.children).map(\.name), ["Step"])
    }

    /// Inside a fence `<!--` is code: it opens no comment.
    func testAnHTMLCommentMarkInAFenceIsCode() throws {
        let (result, _) = parse(
            "@Step {\n    ```html\n    <!--\n    ```\n    @Code(name: \"A.swift\", file: \"a.swift\")\n}\n")
        XCTAssertEqual(result.problems, [])
        let step = try XCTUnwrap(directives(result.nodes).first)
        XCTAssertEqual(directives(step.children).map(\.name), ["Code"])
    }
}
