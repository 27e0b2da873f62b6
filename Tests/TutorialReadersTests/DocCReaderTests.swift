import TestSupport
import TutorialModel
import XCTest

@testable import TutorialReaders

final class DocCReaderTests: XCTestCase {
    private let pageView = "import SwiftUI\n\nstruct PageView: View {\n    var body: some View { Text(\"a\") }\n}\n"

    func testSectionsStepsAndCodeWithExactRanges() throws {
        let marked = MarkedText(
            """
            @Tutorial(time: 10) {
                @Intro(title: "Pages") {
                    Swipe through pages.

                    @Image(source: "intro.png", alt: "Pages")
                }

                1️⃣@Section(title: "Make the view") {
                    @ContentAndMedia {
                        Why the section exists.
                    }

                    @Steps {
                        2️⃣@Step {
                            Create `PageView`. It shows
                            one page.

                            3️⃣@Code(name: "PageView.swift", file: "01-PageView.swift")4️⃣

                            > Tip: Previews update as you type.
                        }5️⃣
                    }
                }6️⃣
            }

            """)
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/Resources/01-PageView.swift": pageView])
        XCTAssertEqual(tutorial.format, .docc)
        XCTAssertEqual(tutorial.title, "Pages")
        XCTAssertEqual(tutorial.diagnostics, [])
        let section = try XCTUnwrap(tutorial.sections.first)
        XCTAssertEqual(tutorial.sections.count, 1)
        XCTAssertEqual(section.title, "Make the view")
        XCTAssertEqual(section.range, SourceRange(start: marked["1️⃣"], end: marked["6️⃣"]))
        let step = try XCTUnwrap(section.steps.first)
        XCTAssertEqual(step.id, StepID(section: 1, step: 1))
        XCTAssertNil(step.label)
        XCTAssertNil(step.labelNumber)
        XCTAssertEqual(step.title, "Create `PageView`.")
        XCTAssertEqual(step.prose, "Create `PageView`. It shows one page.\nTip: Previews update as you type.")
        XCTAssertEqual(step.range, SourceRange(start: marked["2️⃣"], end: marked["5️⃣"]))
        let snippet = try XCTUnwrap(step.snippets.first)
        XCTAssertEqual(step.snippets.count, 1)
        XCTAssertEqual(snippet.fileName, "PageView.swift")
        XCTAssertEqual(snippet.language, "swift")
        XCTAssertEqual(snippet.code, pageView)
        XCTAssertEqual(snippet.kind, .file)
        let directive = SourceRange(start: marked["3️⃣"], end: marked["4️⃣"])
        XCTAssertEqual(snippet.range, directive)
        XCTAssertEqual(snippet.sourceMap.fallback, directive)
        // Code lives in another file: every code offset lands on the directive.
        XCTAssertEqual(snippet.sourceMap.documentOffset(forCodeOffset: 20), marked["3️⃣"])
        XCTAssertEqual(snippet.sourceMap.documentRange(forCodeRange: SourceRange(start: 3, end: 9)), directive)
        XCTAssertEqual(
            snippet.docc,
            DocCCodeOptions(
                resource: "01-PageView.swift", resourcePath: "Guide.docc/Resources/01-PageView.swift",
                resolvedResourcePath: "Guide.docc/Resources/01-PageView.swift", previousResource: nil,
                previousCode: nil, reset: false))
    }

    func testResourcesAreFoundNextToTheTutorialOrAnywhereInTheCatalog() throws {
        let text = docCTutorial(
            step: """
                        Two files.

                        @Code(name: "A.swift", file: "a.swift")
                        @Code(name: "B.swift", file: "b.swift")
                """)
        let tutorial = readDocC(
            text, path: "Docs/Book.docc/Chapters/One/one.tutorial",
            resources: [
                "Docs/Book.docc/Chapters/One/a.swift": "struct A {}\n",
                "Docs/Book.docc/Code/Deep/b.swift": "struct B {}",
                // Outside the catalog: never looked at.
                "Docs/b.swift": "struct Wrong {}\n",
            ])
        XCTAssertEqual(tutorial.diagnostics, [])
        let snippets = try XCTUnwrap(tutorial.steps.first).snippets
        XCTAssertEqual(snippets.map(\.code), ["struct A {}\n", "struct B {}\n"])
        XCTAssertEqual(
            snippets.map(\.docc?.resourcePath),
            ["Docs/Book.docc/Chapters/One/a.swift", "Docs/Book.docc/Code/Deep/b.swift"])
    }

    func testWithoutCatalogOnlyTheTutorialsFolderAndItsResourcesAreSearched() throws {
        let text = docCTutorial(
            step: """
                        @Code(name: "A.swift", file: "a.swift")
                        @Code(name: "B.swift", file: "b.swift")
                """)
        let tutorial = readDocC(
            text, path: "tutorials/t.tutorial",
            resources: ["tutorials/Resources/a.swift": "struct A {}\n", "tutorials/other/b.swift": "struct B {}\n"])
        let snippets = try XCTUnwrap(tutorial.steps.first).snippets
        XCTAssertEqual(snippets.map(\.code), ["struct A {}\n", ""])
        XCTAssertEqual(tutorial.diagnostics.map(\.problem), [.missingCodeFile])
        XCTAssertEqual(
            tutorial.diagnostics.first?.message, "@Code file: \"b.swift\" was not found next to the tutorial")
    }

    func testAResourceNameMatchingSeveralCatalogFilesIsAmbiguous() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            @Code(name: "A.swift", file: "1️⃣a.swift2️⃣")
                    """))
        let tutorial = readDocC(
            marked.text, path: "Book.docc/Tutorials/t.tutorial",
            resources: ["Book.docc/One/a.swift": "let one = 1\n", "Book.docc/Two/a.swift": "let two = 2\n"])
        let diagnostic = try assertSingleDiagnostic(tutorial, .unreadableInput, .warning, marked)
        XCTAssertEqual(
            diagnostic.message,
            "@Code file: \"a.swift\" names 2 files of the catalog (One/a.swift, Two/a.swift); "
                + "DocC needs unique resource names, this reads the first")
        XCTAssertEqual(tutorial.steps.first?.snippets.first?.code, "let one = 1\n")
    }

    func testMissingResourceIsCodeFileMissingNotACrash() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            Add the view.

                            @Code(name: "PageView.swift", file: "1️⃣02-missing.swift2️⃣")
                    """))
        let tutorial = readDocC(marked.text)
        let diagnostic = try assertSingleDiagnostic(tutorial, .missingCodeFile, .error, marked)
        XCTAssertEqual(diagnostic.step, StepID(section: 1, step: 1))
        XCTAssertEqual(
            diagnostic.message,
            "@Code file: \"02-missing.swift\" was not found next to the tutorial or in its .docc catalog")
        // The step still shows a file there, but with no code it must not join the file's timeline.
        let snippet = try XCTUnwrap(tutorial.steps.first?.snippets.first)
        XCTAssertEqual(snippet.fileName, "PageView.swift")
        XCTAssertEqual(snippet.code, "")
        XCTAssertEqual(snippet.kind, .fragment)
        XCTAssertEqual(snippet.docc?.resource, "02-missing.swift")
        XCTAssertNil(snippet.docc?.resourcePath)
    }

    func testResourceThatIsADirectoryIsCodeFileMissing() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            @Code(name: "PageView.swift", file: "1️⃣Views2️⃣")
                    """))
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/Views/PageView.swift": pageView])
        let diagnostic = try assertSingleDiagnostic(tutorial, .missingCodeFile, .error, marked)
        XCTAssertEqual(diagnostic.message, "@Code file: \"Views\" is a directory (Views in the catalog Guide.docc), not a file")
        XCTAssertEqual(tutorial.steps.first?.snippets.first?.kind, .fragment)
    }

    func testNameWithoutExtensionIsCodeFileMissing() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            @Code(name: "1️⃣PageView2️⃣", file: "01.swift")
                    """))
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/01.swift": pageView])
        let diagnostic = try assertSingleDiagnostic(tutorial, .missingCodeFile, .error, marked)
        XCTAssertTrue(diagnostic.message.contains("has no file extension"), diagnostic.message)
        // The code was found, so the snippet keeps it; the language comes from the resource's name.
        let snippet = try XCTUnwrap(tutorial.steps.first?.snippets.first)
        XCTAssertEqual(snippet.fileName, "PageView")
        XCTAssertEqual(snippet.language, "swift")
        XCTAssertEqual(snippet.code, pageView)
    }

    func testANameWithoutExtensionOverTerminalOutputIsATabLabel() throws {
        let tutorial = readDocC(
            docCTutorial(
                step: """
                            @Code(name: "console", file: "run.console.1.txt")
                    """), resources: ["Guide.docc/run.console.1.txt": "$ swift run\nHello\n"])
        XCTAssertEqual(tutorial.diagnostics.map(\.message), [])
        let snippet = try XCTUnwrap(tutorial.steps.first?.snippets.first)
        XCTAssertEqual(snippet.fileName, "console")
        XCTAssertEqual(snippet.language, "txt")
    }

    func testCodeWithoutNameOrFileArguments() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            1️⃣@Code(file: "01.swift")2️⃣
                            3️⃣@Code(name: "A.swift")4️⃣
                    """))
        let tutorial = readDocC(marked.text, resources: ["Guide.docc/01.swift": pageView])
        XCTAssertEqual(tutorial.diagnostics.map(\.problem), [.missingCodeFile, .missingCodeFile])
        XCTAssertEqual(
            tutorial.diagnostics.map(\.range),
            [SourceRange(start: marked["1️⃣"], end: marked["2️⃣"]), SourceRange(start: marked["3️⃣"], end: marked["4️⃣"])])
        XCTAssertEqual(tutorial.steps.first?.snippets.map(\.fileName), [nil, "A.swift"])
    }

    /// What a `@Comment` holds is not part of the page: a `@Code` in it is no snippet of the step, and a
    /// directive DocC does not define is no problem.
    func testACommentInAStepHoldsNoSnippetAndNoProblem() throws {
        let tutorial = readDocC(
            docCTutorial(
                step: """
                            Show the page.
                            @Code(name: "PageView.swift", file: "01.swift")
                            @Comment {
                                @Code(name: "Old.swift", file: "old.swift")
                                @Draft { Not a DocC directive. }
                            }
                    """), resources: ["Guide.docc/01.swift": pageView])
        XCTAssertEqual(tutorial.diagnostics, [])
        XCTAssertEqual(tutorial.steps.map(\.prose), ["Show the page."])
        XCTAssertEqual(tutorial.steps.first?.snippets.map(\.fileName), ["PageView.swift"])
    }

    func testPreviousFileAndReset() throws {
        let marked = MarkedText(
            docCTutorial(
                step: """
                            @Code(name: "A.swift", file: "a-2.swift", previousFile: "a-1.swift", reset: true)
                            @Code(name: "A.swift", file: "a-3.swift", previousFile: "1️⃣a-0.swift2️⃣")
                    """))
        let tutorial = readDocC(
            marked.text,
            resources: [
                "Guide.docc/a-1.swift": "struct A {}\n", "Guide.docc/a-2.swift": "struct A { var b = 1 }\n",
                "Guide.docc/a-3.swift": "struct A { var b = 2 }\n",
            ])
        let snippets = try XCTUnwrap(tutorial.steps.first).snippets
        XCTAssertEqual(
            snippets.map(\.docc),
            [
                DocCCodeOptions(
                    resource: "a-2.swift", resourcePath: "Guide.docc/a-2.swift",
                    resolvedResourcePath: "Guide.docc/a-2.swift", previousResource: "a-1.swift",
                    previousCode: "struct A {}\n", reset: true),
                DocCCodeOptions(
                    resource: "a-3.swift", resourcePath: "Guide.docc/a-3.swift",
                    resolvedResourcePath: "Guide.docc/a-3.swift", previousResource: "a-0.swift",
                    previousCode: nil, reset: false),
            ])
        let diagnostic = try assertSingleDiagnostic(tutorial, .missingCodeFile, .error, marked)
        XCTAssertTrue(diagnostic.message.hasPrefix("@Code previousFile: \"a-0.swift\""), diagnostic.message)
        // A missing previous file does not cost the step its own code.
        XCTAssertEqual(snippets[1].kind, .file)
    }
}
