import TestSupport
import TutorialModel
import XCTest

@testable import TutorialReaders

/// The DocC reader on directives it does not know or that are broken, on unusual text, and on files that
/// are not tutorials: it reads what it can and says where it had to guess.
final class DocCReaderRobustnessTests: XCTestCase {
    func testMediaAssessmentsAndUnknownDirectives() throws {
        let marked = MarkedText(
            """
            @Tutorial(time: 5) {
                @XcodeRequirement(title: "Xcode 15", destination: "https://example.com")
                @Intro(title: "T") {
                    @Video(source: "intro.mp4", poster: "poster.png")
                }
                @Section(title: "S") {
                    @ContentAndMedia {
                        @Image(source: "s.png", alt: "S")
                    }
                    @Steps {
                        @Step {
                            Do it.
                            1️⃣@Sparkle2️⃣(amount: 3) {
                                @Code(name: "Hidden.swift", file: "hidden.swift")
                            }
                            @Image(source: "step.png", alt: "A step without code")
                        }
                    }
                }
                @Assessments {
                    @MultipleChoice {
                        Which one?
                        @Choice(isCorrect: true) {
                            `makeCoordinator()`
                            @Justification(reaction: "Yes") { Right. }
                        }
                    }
                }
            }

            """)
        let tutorial = readDocC(marked.text)
        XCTAssertEqual(tutorial.sections.count, 1)
        let step = try XCTUnwrap(tutorial.steps.first)
        XCTAssertEqual(tutorial.steps.count, 1)
        XCTAssertEqual(step.prose, "Do it.")
        XCTAssertEqual(step.snippets.count, 0)
        let diagnostic = try assertSingleDiagnostic(tutorial, .unreadableInput, .warning, marked)
        XCTAssertEqual(diagnostic.step, StepID(section: 1, step: 1))
        XCTAssertTrue(diagnostic.message.hasPrefix("unknown directive @Sparkle"), diagnostic.message)
    }

    func testMissingClosingBraceCostsOneDiagnosticNotTheRest() throws {
        let marked = MarkedText(
            """
            @Tutorial(time: 5) {
                @Intro(title: "T") {}
                @Section(title: "S") {
                    @Steps {
                        1️⃣@Step2️⃣ {
                            First.
                            @Code(name: "A.swift", file: "a.swift")

                        @Step {
                            Second.
                            @Code(name: "A.swift", file: "a.swift")
                        }
                    }
                }
                @Section(title: "T") {
                    @Steps {
                        @Step {
                            Third.
                        }
                    }
                }
            }

            """)
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/a.swift": "let a = 1\n"])
        XCTAssertEqual(tutorial.sections.map(\.title), ["S", "T"])
        XCTAssertEqual(tutorial.steps.map(\.prose), ["First.", "Second.", "Third."])
        let diagnostic = try assertSingleDiagnostic(tutorial, .unreadableInput, .error, marked)
        XCTAssertEqual(diagnostic.message, "@Step is not closed before @Step: a '}' is missing")
        // The unclosed step ends with its last content, not at the next step.
        XCTAssertEqual(tutorial.steps[0].snippets.count, 1)
        XCTAssertLessThan(tutorial.steps[0].range.end, tutorial.steps[1].range.start)
    }

    func testExtraAndMissingClosingBracesAtTheEnds() throws {
        let marked = MarkedText(
            """
            1️⃣@Tutorial(time: 5) {
                @Section(title: "S") {
                    @Steps {
                        @Step {
                            Only.
                        }
                    }
                }
            2️⃣}
            3️⃣}4️⃣

            """)
        let extra = readDocC(marked.text)
        XCTAssertEqual(extra.steps.count, 1)
        XCTAssertEqual(extra.diagnostics.map(\.range), [SourceRange(start: marked["3️⃣"], end: marked["4️⃣"])])
        XCTAssertEqual(extra.diagnostics.first?.message, "this '}' closes no directive")

        let unclosed = MarkedText(
            "1️⃣@Tutorial2️⃣ {\n    @Section(title: \"S\") {\n        @Steps {\n            @Step {\n                Only.3️⃣\n"
        )
        let tutorial = readDocC(unclosed.text)
        XCTAssertEqual(tutorial.steps.map(\.prose), ["Only."])
        XCTAssertEqual(tutorial.steps.first?.range.end, unclosed["3️⃣"])
        XCTAssertEqual(tutorial.diagnostics.count, 4)
        XCTAssertEqual(tutorial.diagnostics.first?.range, SourceRange(start: unclosed["1️⃣"], end: unclosed["2️⃣"]))
        XCTAssertEqual(tutorial.diagnostics.first?.message, "@Tutorial is not closed: a '}' is missing")
    }

    func testCRLFTabsCJKAndEmoji() throws {
        let marked = MarkedText(
            "@Tutorial(time: 5) {\r\n\t@Intro(title: \"与 UIKit 交互 🧩\") {\r\n\t}\r\n"
                + "\t@Section(title: \"第一节 📄 页面\") {\r\n\t\t@Steps {\r\n\t\t\t@Step {\r\n"
                + "\t\t\t\t创建 `PageView`。然后继续。\r\n\t\t\t\t😀 Emoji prose.\r\n\r\n"
                + "\t\t\t\t1️⃣@Code(name: \"页面.swift\", file: \"2️⃣📄-1.swift3️⃣\")4️⃣\r\n"
                + "\t\t\t}\r\n\t\t}\r\n\t}\r\n}\r\n")
        let code = "struct 页面 {\r\n\tlet 😀 = 1\r\n}"
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/Resources/📄-1.swift": code])
        XCTAssertEqual(tutorial.diagnostics, [])
        XCTAssertEqual(tutorial.title, "与 UIKit 交互 🧩")
        XCTAssertEqual(tutorial.sections.first?.title, "第一节 📄 页面")
        let step = try XCTUnwrap(tutorial.steps.first)
        XCTAssertEqual(step.title, "创建 `PageView`。")
        XCTAssertEqual(step.prose, "创建 `PageView`。然后继续。 😀 Emoji prose.")
        let snippet = try XCTUnwrap(step.snippets.first)
        XCTAssertEqual(snippet.fileName, "页面.swift")
        XCTAssertEqual(snippet.code, "struct 页面 {\n\tlet 😀 = 1\n}\n")
        XCTAssertEqual(snippet.range, SourceRange(start: marked["1️⃣"], end: marked["4️⃣"]))
        // Columns in UTF-16 units: four tabs, then `@`; the emoji before `-1.swift` counts two.
        let index = tutorial.document.lineIndex
        XCTAssertEqual(index.lineColumn(of: snippet.range.start), LineColumn(line: 10, column: 5))
        XCTAssertEqual(index.lineColumn(of: marked["2️⃣"]), LineColumn(line: 10, column: 36))
        XCTAssertEqual(index.lineColumn(of: marked["3️⃣"]), LineColumn(line: 10, column: 46))
        XCTAssertEqual(index.lineColumn(of: snippet.range.end), LineColumn(line: 10, column: 48))
    }

    func testArgumentsSpanningLinesWithEscapes() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            1️⃣@Code(
                                name: "A \\"quoted\\".swift",
                                file: "a.swift"
                            )2️⃣
                    """))
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/a.swift": "let a = 1\n"])
        XCTAssertEqual(tutorial.diagnostics, [])
        let snippet = try XCTUnwrap(tutorial.steps.first?.snippets.first)
        XCTAssertEqual(snippet.fileName, "A \"quoted\".swift")
        XCTAssertEqual(snippet.range, SourceRange(start: marked["1️⃣"], end: marked["2️⃣"]))
    }

    func testDocumentWithoutTutorialDirective() {
        let tutorial = readDocC("Just some text.\n")
        XCTAssertEqual(tutorial.sections.count, 0)
        XCTAssertEqual(tutorial.diagnostics.map(\.problem), [.unreadableInput])
        XCTAssertEqual(tutorial.diagnostics.first?.severity, .warning)
        XCTAssertEqual(readDocC("").diagnostics.count, 1)
    }

    /// A catalog's table of contents is a `.tutorial` file too: it has chapters, not steps, and no noise.
    func testTableOfContentsFileHasNoSectionsAndNoDiagnostics() {
        let tutorial = readDocC(
            """
            @Tutorials(name: "SwiftUI Pages") {
                @Intro(title: "Build pages") {
                    Pages and page controls.
                    @Image(source: "toc.png", alt: "Pages")
                }
                @Chapter(name: "Interfacing") {
                    Wrap UIKit.
                    @Image(source: "chapter.png", alt: "UIKit")
                    @TutorialReference(tutorial: "doc:InterfacingWithUIKit")
                }
                @Resources {
                    @Documentation(destination: "https://example.com") {
                        Reference.
                    }
                }
            }

            """)
        XCTAssertEqual(tutorial.title, "Build pages")
        XCTAssertEqual(tutorial.sections.count, 0)
        XCTAssertEqual(tutorial.diagnostics, [])
    }

    func testReadTutorialPicksTheDocCReader() {
        let document = SourceDocument(path: "x.tutorial", text: docCTutorial(step: "Hi."))
        XCTAssertEqual(readTutorial(document).steps.map(\.prose), ["Hi."])
    }
}
