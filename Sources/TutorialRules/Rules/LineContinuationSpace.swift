import TutorialModel

/// A command line continued with a backslash that a blank follows: the backslash escapes the blank, not
/// the line break, so the command ends there and the next line runs as a command of its own.
struct LineContinuationSpace: CollectingTutorialRule {
    let description = RuleDescription(
        id: "line-continuation-space", category: .tutorial,
        summary: "A line continued with a backslash has blanks after it, so the command ends there.",
        explanation: """
            In a shell (and in a Dockerfile, a Makefile, a CI workflow's script or Python) a backslash \
            continues a line only when the line break follows it at once. A blank after it, invisible on the \
            page and often left by copying from a web page or an editor, makes the backslash escape the blank \
            instead: the command ends on that line and the options on the next ones run as commands of their \
            own (`--output-path: command not found`), or the script does not parse. The rule reads every code \
            block that is not Swift (shell, console, YAML, Dockerfile, Makefile and Python blocks, and blocks \
            without a language) for a line that ends in a backslash followed by spaces or tabs, when a \
            non-blank line follows it in the block: the next line is the continuation the author meant. An \
            escaped backslash (`\\\\`) ends no line continuation and is not reported. The same line of the same \
            named file shown again in later steps is reported once, where it first appears. The fix removes \
            the blanks.
            """,
        defaultSeverity: .error,
        triggering: [
            RuleExample(
                "A space after the backslash in a terminal command",
                document: """
                    # Publish the documentation

                    ## Step 1

                    Generate the site.

                    ```bash
                    swift package generate-documentation \\↓\u{20}
                        --output-path ./docs
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A tab after the backslash in a CI workflow's script",
                document: """
                    # Deploy

                    ## Step 1

                    Add the workflow.

                    ```yaml
                    steps:
                      - run: |
                          swift build \\↓\t
                            --configuration release
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A block without a language, twice in one command",
                document: """
                    # Build

                    ## Step 1

                    Run the build.

                    ```
                    xcodebuild -scheme App \\↓\u{20}\u{20}
                        -destination 'platform=iOS Simulator,name=iPhone 16' \\↓\u{20}
                        build
                    ```

                    """,
                path: "example.md"),
        ],
        nonTriggering: [
            RuleExample(
                "The line break follows the backslash at once",
                document: """
                    # Publish

                    ## Step 1

                    ```sh
                    swift package generate-documentation \\
                        --output-path ./docs
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "An escaped backslash, and a backslash on the block's last line with nothing to continue",
                document: """
                    # Paths

                    ## Step 1

                    ```sh
                    echo C:\\\\Users\\\\\u{20}
                    echo done \\\u{20}
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "Swift code, whose parser judges its own backslashes",
                document: """
                    # Strings

                    ## Step 1

                    ```swift
                    let text = \"\"\"
                        one \\\u{20}
                        two
                        \"\"\"
                    ```

                    """,
                path: "example.md"),
            RuleExample(
                "A blank line follows: nothing was meant to continue",
                document: """
                    # Build

                    ## Step 1

                    ```console
                    $ make \\\u{20}

                    $ make install
                    ```

                    """,
                path: "example.md"),
        ],
        measuredPrecision: .init(
            value: 1.0, sample: 9, date: "2026-12-06",
            note: "A DocC package guide's six commands in round 7 and a detection model's two test commands in round 40, each a blank after the backslash that ends the command there, and round 190's one: a tab after the backslash of a Makefile dependency line in Chinese lab notes, which ends the line there (missed by the count)."))

    /// A backslash with blanks after it, at the end of a line of a snippet's code: the code offsets of the
    /// blanks, and the line's text for the finding's subject.
    struct Continuation: Sendable, Hashable {
        let snippet: Int
        let blanks: Range<Int>
        let line: String
    }

    func collect(_ step: StepContent) -> [Continuation] {
        step.snippets.indices.flatMap { index -> [Continuation] in
            let snippet = step.snippets[index]
            guard !snippet.isSwift(), Self.readsBackslashes(snippet.language) else { return [] }
            return Self.continuations(in: snippet.code).map {
                Continuation(snippet: index, blanks: $0.blanks, line: $0.line)
            }
        }
    }

    func validate(_ collected: [[Continuation]], context: TutorialContext) -> [DocumentFinding] {
        var reported: Set<String> = []
        var findings: [DocumentFinding] = []
        for (step, continuations) in zip(context.tutorial.steps, collected) {
            for continuation in continuations {
                let snippet = step.snippets[continuation.snippet]
                // A named file shown again by a later step repeats the line: one finding, where it appears first.
                if let file = snippet.fileName, !reported.insert("\(file)\n\(continuation.line)").inserted { continue }
                let blanks = snippet.sourceMap.documentRange(
                    forCodeRange: SourceRange(start: continuation.blanks.lowerBound, end: continuation.blanks.upperBound))
                findings.append(
                    DocumentFinding(
                        subject: "\(snippet.fileName ?? "")|\(continuation.line)",
                        message: "Blanks follow the backslash, so it escapes a blank rather than the line break: the command "
                            + "ends on this line and the next line runs on its own.",
                        range: blanks, step: step.id, fixTitle: "Remove the blanks after the backslash",
                        edits: [TextEdit(range: blanks, newText: "")]))
            }
        }
        return findings
    }

    /// Languages whose lines a backslash continues (shells, the scripts of CI workflows, Dockerfiles,
    /// Makefiles, Python), and blocks without a language. Text, Markdown, TeX, diffs and Windows shells, where
    /// a backslash at the end of a line is text, a line break or a path, are not read.
    private static func readsBackslashes(_ language: String?) -> Bool {
        guard let language = language?.lowercased() else { return true }
        return [
            "sh", "bash", "zsh", "ksh", "fish", "shell", "console", "terminal", "shell-session", "shellsession",
            "sh-session", "yaml", "yml", "dockerfile", "docker", "makefile", "make", "python", "py", "python3",
        ].contains(language)
    }

    /// Each line that ends in an unescaped backslash and one or more spaces or tabs, with a non-blank line after it.
    static func continuations(in code: String) -> [(blanks: Range<Int>, line: String)] {
        let bytes = Array(code.utf8)
        var found: [(blanks: Range<Int>, line: String)] = []
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            var blanksStart = lineEnd
            if blanksStart > lineStart, bytes[blanksStart - 1] == 0x0D { blanksStart -= 1 }
            let contentEnd = blanksStart
            while blanksStart > lineStart, bytes[blanksStart - 1] == 0x20 || bytes[blanksStart - 1] == 0x09 {
                blanksStart -= 1
            }
            var backslashes = 0
            while blanksStart - backslashes > lineStart, bytes[blanksStart - backslashes - 1] == 0x5C { backslashes += 1 }
            if blanksStart < contentEnd, backslashes % 2 == 1, nextLineHasContent(bytes, after: lineEnd) {
                let line = String(decoding: bytes[lineStart..<blanksStart], as: UTF8.self)
                found.append((blanks: blanksStart..<contentEnd, line: line.trimmingBlanks()))
            }
            lineStart = lineEnd + 1
        }
        return found
    }

    private static func nextLineHasContent(_ bytes: [UInt8], after lineEnd: Int) -> Bool {
        var index = lineEnd + 1
        while index < bytes.count, bytes[index] != 0x0A {
            if !(bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D) { return true }
            index += 1
        }
        return false
    }
}

extension String {
    fileprivate func trimmingBlanks() -> String {
        String(drop { $0 == " " || $0 == "\t" })
    }
}
