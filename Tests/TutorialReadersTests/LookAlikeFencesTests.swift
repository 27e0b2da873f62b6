import TutorialModel
import XCTest

@testable import TutorialReaders

/// Code fenced with characters that look like backticks. Each case is our own text.
final class LookAlikeFencesTests: XCTestCase {
    private func problems(_ text: String) -> [String] {
        MarkdownReader.read(SourceDocument(path: "page.md", text: text)).diagnostics.map(\.message)
    }

    private func page(_ opener: String, _ closer: String, between: String = "") -> String {
        "# Jars\n\n## Step 1\n\nDeclare the jar.\n\n\(opener)\nstruct Jar {}\n\(between)let jar = Jar()\n\(closer)\n"
    }

    func testEachLookAlikeFenceIsNamedWithTheCharactersItUses() {
        for (fence, name) in [
            ("´´´", "acute accents"), ("‘‘‘", "left single quotation marks"), ("’’’", "right single quotation marks"),
            ("'''", "apostrophes"), ("｀｀｀", "full-width grave accents"), ("ˋˋˋ", "modifier grave accents"),
            ("′′′", "primes"), (#"\`\`\`"#, "backslash-escaped backticks"), (#"\\\"#, "backslashes"),
        ] {
            XCTAssertEqual(
                problems(page(fence + "swift", fence)),
                ["this code is fenced with \(fence) (\(name)), not ``` (backticks): Markdown shows it as text"], fence)
        }
    }

    func testTheDiagnosticSitsOnTheOpeningLineOfItsStep() throws {
        let text = page("   ´´´´ objective-c++", "´´´´", between: "\n")
        let tutorial = MarkdownReader.read(SourceDocument(path: "page.md", text: text))
        let problem = try XCTUnwrap(tutorial.diagnostics.first)
        XCTAssertEqual(problem.problem, .unreadableInput)
        XCTAssertEqual(problem.severity, .warning)
        XCTAssertEqual(String(decoding: Array(text.utf8)[problem.range.start..<problem.range.end], as: UTF8.self), "   ´´´´ objective-c++")
    }

    func testBackslashFencesWhoseLanguageAConverterTurnedIntoAControlCharacterAreFound() {
        // `\\\bash` with `\b` read as a backspace: the backticks and the language's first letter lost.
        XCTAssertEqual(
            problems(page("\\\\\\\u{8}ash", #"\\\"#)),
            [#"this code is fenced with \\\ (backslashes), not ``` (backticks): Markdown shows it as text"#])
        XCTAssertEqual(problems(page("\\\\\\ sh x", #"\\\"#)), [], "words after the fence are prose, not a language")
    }

    func testOnlyAnOpenerAndACloserOfTheSameCharacterMakeAFence() {
        XCTAssertEqual(problems(page("´´´swift", "’’’")), [], "another character closes nothing")
        XCTAssertEqual(problems(page("´´´swift", "Done.")), [], "nothing closes it")
        XCTAssertEqual(problems(page("´´", "´´")), [], "two are an accent mark, not a fence")
        XCTAssertEqual(problems(page(#"\`\`"#, #"\`\`"#)), [], "two escaped backticks are no fence")
        XCTAssertEqual(problems(page(#"\`\`\`swift"#, "´´´")), [], "another unit closes nothing")
        XCTAssertEqual(problems(page("´´´ swift code", "´´´")), [], "a sentence after the run is prose")
        XCTAssertEqual(problems(page("    ´´´", "´´´")), [], "four spaces make indented code, which is read as code")
        // The closer past the next heading belongs to another part of the page.
        XCTAssertEqual(problems(page("´´´", "´´´", between: "\n## Step 2\n\n")), [])
        XCTAssertEqual(problems(page("´´´", "´´´", between: "\nStep 2\n------\n\n")), [])
        XCTAssertEqual(problems(page("´´´", "´´´", between: "\n<h2>Step 2</h2>\n\n")), [])
        // A comment indented as code is no heading: the search goes past it to the closer.
        XCTAssertEqual(
            problems(page("\'\'\'nginx", "\'\'\'", between: "\n    # listen on the default port\n\tlisten 80;\n\t# and no other\n\n")),
            ["this code is fenced with \'\'\' (apostrophes), not ``` (backticks): Markdown shows it as text"])
    }

    func testLinesInsideARealFenceOrAListAreNotLookedAt() {
        XCTAssertEqual(problems("# Jars\n\n```python\n'''\ndoc\n'''\n```\n"), [])
        XCTAssertEqual(problems("# Jars\n\n- item\n\n  '''\n  doc\n  '''\n"), [])
    }

    func testAnEditReReadInAWindowFindsWhatAWholeReadFinds() {
        let text = "# Jars\n\n## Step 1\n\n´´´swift\nstruct Jar {}\n´´´\n\n## Step 2\n\n```swift\nlet a = 1\n```\n"
        let previous = readTutorialForEditing(SourceDocument(path: "t.md", text: text), format: .markdown)
        for edited in [
            text.replacingOccurrences(of: "struct Jar {}", with: "struct Jars {}"),
            text.replacingOccurrences(of: "´´´\n\n## Step 2", with: "´´\n\n## Step 2"),
            text.replacingOccurrences(of: "let a = 1", with: "let a = 2"),
        ] {
            let document = SourceDocument(path: "t.md", text: edited)
            let read = rereadTutorial(previous, as: document, format: .markdown)
            XCTAssertEqual(read.tutorial, readTutorial(document, format: .markdown), edited)
        }
    }
}
