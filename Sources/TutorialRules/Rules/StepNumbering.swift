import StepDiff
import TutorialModel

/// Step labels in a section skip or repeat a number: one finding per document, at the first break.
struct StepNumbering: StepStructureRule {
    let description = RuleDescription(
        id: "step-numbering", category: .tutorial,
        summary: "Step labels in a section skip or repeat a number.",
        explanation: """
            Readers follow steps by their numbers: `Step 3` followed by `Step 5` (or a second `Step 3`) means a \
            step was lost or duplicated while editing. Numbering restarts in each section, and wherever it starts \
            again at 1 (a part whose heading is not read as a section); labels in any \
            language count (`Step 3`, `步骤3`, `ステップ3`), and so do outline numbers (`### 1.2.` after `### 1.2.`) where \
            a section numbers its steps at one level (one with `1.2.1` leaves counts at two and is not judged); \
            unlabelled steps are not judged. A document gets one \
            finding, at its first break, whose message lists the other breaks: numbering that is off in several \
            places (a translation that left steps out, a scheme of its own) is one thing to fix, and a warning \
            per label would bury the document's other findings.
            """,
        defaultSeverity: .warning, enabledByDefault: false,
        triggering: [
            RuleExample(
                "A skipped number",
                steps: [
                    .init(label: "Step 1", number: 1, [.init("A.swift", "let a = 1\n")]),
                    .init(label: "↓Step 3", number: 3, [.init("A.swift", "let a = 2\n")]),
                ]),
            RuleExample(
                "A repeated number",
                steps: [
                    .init(label: "步骤1", number: 1, []),
                    .init(label: "步骤2", number: 2, []),
                    .init(label: "↓步骤2", number: 2, []),
                ]),
            RuleExample(
                "Going back",
                steps: [
                    .init(label: "ステップ4", number: 4, []),
                    .init(label: "↓ステップ2", number: 2, []),
                ]),
            RuleExample(
                "Breaks in several sections: one finding at the first, naming the others",
                document: """
                    ## Section 1: Model

                    ### Step 1

                    Create the model.

                    ### ↓Step 3

                    Add a property.

                    ## Section 2: View

                    ### Step 1

                    Create the view.

                    ### Step 2

                    Show the model.

                    ### Step 2

                    Style it.
                    """, path: "example.md"),
            RuleExample(
                "Outline numbers: a step numbered like the one before it",
                document: """
                    # Notes app

                    ## 1. Model

                    ### 1.1. Declare the note

                    Add a file.

                    ### 1.2. Add a date

                    Add a property.

                    ### ↓1.2. Sort the notes

                    Add a method.

                    ## 2. Done
                    """, path: "example.md"),
        ],
        nonTriggering: [
            RuleExample(
                "A label the author set after a word (`Optional Step 2`): the numbering runs on through it",
                document: """
                    # Server

                    ## Instructions

                    ### Step 1. Create a user

                        adduser server

                    ### Optional Step 2: Install the dependencies by hand

                        apt-get install python3

                    ### Step 3. Start the server

                        ./server start
                    """, path: "example.md"),
            RuleExample(
                "Outline numbers with leaves: a section numbered at two levels is not judged",
                document: """
                    # Notes app

                    ## 1. Model

                    ### 1.1. Declare the note

                    Add a file.

                    ### 1.2. Store it

                    #### 1.2.1. The store

                    Add a store.

                    #### 1.2.2. Saving

                    Save on change.

                    ### 1.3. Sort the notes

                    Add a method.

                    ## 2. Views

                    Show the notes.
                    """, path: "example.md"),
            RuleExample(
                "In order",
                steps: [
                    .init(label: "Step 1", number: 1, []), .init(label: "Step 2", number: 2, []),
                    .init(label: "Step 3", number: 3, []),
                ]),
            RuleExample(
                "Unlabelled steps are not judged",
                steps: [.init(label: "Step 1", number: 1, []), .init([]), .init(label: "Step 2", number: 2, [])]),
            RuleExample(
                "Numbering that starts again at 1: a new part whose heading was not read as a section",
                steps: [
                    .init(label: "Step 1", number: 1, []), .init(label: "Step 2", number: 2, []),
                    .init(label: "Step 3", number: 3, []), .init(label: "Step 1", number: 1, []),
                    .init(label: "Step 2", number: 2, []),
                ]),
            RuleExample(
                "Numbered items without code are prose, no steps: the author's numbering runs on between the labels",
                document: """
                    # Tables

                    ## Query them

                    1\\. Open a worksheet.

                    2\\. Type the first letters:

                    ```sql
                    SE
                    ```

                    3\\. Suggestions appear.

                    4\\. Type the whole query:

                    ```sql
                    select 1;
                    ```
                    """, path: "example.md"),
            RuleExample(
                "Decimal sub-numbers inside a part (`3.0、`, `3.1、`) continue the count",
                document: """
                    # 命令笔记

                    1、查看磁盘

                    ```bash
                    df -h
                    ```

                    2、批量处理

                    ```bash
                    ls | xargs echo
                    ```

                    3.0、文本工具

                    ```bash
                    cat notes.txt
                    ```

                    3.1、批量命名

                    ```bash
                    rename 's/a/b/' *.txt
                    ```

                    4、文件信息

                    ```bash
                    stat notes.txt
                    ```
                    """, path: "example.md"),
            RuleExample(
                "Starting at another number",
                steps: [.init(label: "步骤5", number: 5, []), .init(label: "步骤6", number: 6, [])]),
        ],
        measuredPrecision: .init(value: 10.0 / 24.0, sample: 24, date: "2026-12-06", note: "Round 136's one, right: points numbered 1 again and again, each list cut off by a fence and so starting anew; round 184's one, right: a MakeCode tutorial whose `## Step 2` line opens with a tab, so the page shows it as code and the labels skip from 1 to 3; round 186's one, right: a MakeCode tutorial whose labels go back from `Step 10` to `Step 8` (hand-listed). Round 200's one, right: a React workshop whose second `### 2.1` repeats the first where 2.2 was meant (hand-listed). Round 220's one, right: a deployment tutorial's run of one-item numbered lists that numbers its last instruction 3 again (hand-listed). The wrong ones: numbering that restarts in each section, where the reader did not take the headings (a numbered link) for sections, round 175's, a sentence opening `Step 5 is …` inside step 6.5 of a workshop, read as a label, and round 185's, `#### Step 2 Explanation` and `#### Step 3-1 Explanation` headings inside labelled steps, read as labels that repeat their step's number, and round 192's, a MakeCode tutorial's `## STEP 1-2` to `## STEP1-9` sub-steps at the level of `## STEP 1`, read as labels that repeat 1, and round 197's, bold numbered paragraphs of a report drafted inside an assistant transcript (`**2. Objectives**`, `**10. …**`), read as step labels, and round 240's, a Hive tutorial's backslash-escaped numbered paragraphs whose items without code are no steps, so the labels of the steps skip (2 to 6), read as a gap, and round 248's, the same shape in another copy of those Hive tutorials: HTML paragraphs numbered 1 to 4 whose first and third show no code, so the labels of the steps skip from 2 to 4. Since then the rule reads the lines between two labels: where they open with the labels skipped (items without code), or with `1.` up to a label that repeats (numbering started again), it stays silent; over the spent rounds 229 to 248 that silences rounds 240 and 248's wrong findings and no other (read after the fact, no held-out figure). Round 259's one, wrong, measured with that reading: bold `**Step 1:**` to `**Step 3:**` paragraphs inside an outline's step `4.2`, read as labels of the outline's series, so `4.3` after them reads as a repeat. Round 260's one, right: a MakeCode tutorial that writes `## Step 12` twice where 13 is meant (hand-listed). Round 262's one, wrong: long notes whose `## 5.2` the reader made no step of (its example indented, prose in a fenced document), so `5.3` read as skipping it. Round 274's two, wrong: a bold `**1.**` run starting afresh under the next topic after another run, read as a repeat, and interview notes whose numbered chapters the reader read as one outline, so a `（1）` paragraph after the chapter's `0.1` read as a repeat. Round 280's one, right and missed by the count: a usage tutorial that writes `### 2.2` twice where 2.3 is meant. Round 294's one, wrong: notes with a `## Step 2` heading whose title goes on in lower case, which the reader does not take for a label, so the numbered items under it read as labels that repeat 1. Round 298's one, right: notes pasted from assistant answers whose labels go from `Шаг 6` to `Шаг 2`, the next answer's step 1 hidden in a fence never closed above it (as round 184's hidden label). Round 312's one, right and hand-listed: a scripting tutorial that writes `Step 2` three times where steps 3 and 4 are meant (one finding names both). Round 323's one, right and missed by the count: a lab whose three tasks are each a list of its own numbered 1, so the page shows 1, 1, 1. Round 342's one, wrong: a course compendium whose `Step 6` follows a `Step 3` of another sequence, reported as a skip \"from 4\", counting a keycap-numbered part heading as the step before it."))

    func findings(_ tutorial: Tutorial, timelines: [FileTimeline], changeSets: [ChangeSet]?) -> [DocumentFinding] {
        var breaks: [(step: Step, label: String, description: String)] = []
        for section in tutorial.sections {
            var previous: (number: Int, label: String, start: Int)? = nil
            var unlabelled: [Step] = []
            for step in section.steps {
                guard let number = step.labelNumber, let label = step.label else {
                    unlabelled.append(step)
                    continue
                }
                defer { unlabelled = [] }
                // Starting again at 1 begins a new part (a heading the reader did not take for a section, a
                // numbered link): numbering restarts as it does in each section.
                if let last = previous, number != last.number + 1, number != 1 || last.number == 1,
                    !Self.titlesCarryTheSkippedLabels(unlabelled, between: last.number, and: number, label: label),
                    !Self.linesCarryTheSkippedLabels(
                        String(decoding: tutorial.document.bytes[last.start..<step.range.start], as: UTF8.self),
                        between: last.number, and: number, label: label)
                {
                    let what =
                        number == last.number
                        ? "repeats number \(number)"
                        : number > last.number
                            ? "skips from \(last.number) to \(number)" : "goes back from \(last.number) to \(number)"
                    breaks.append(
                        (
                            step, label,
                            "step label '\(label)' \(what) (expected \(last.number + 1) after '\(last.label)')"
                        ))
                }
                previous = (number, label, step.range.start)
            }
        }
        guard let first = breaks.first else { return [] }
        var message = first.description
        let others = breaks.dropFirst()
        if !others.isEmpty {
            let listed = others.prefix(4).map { "'\($0.label)' (step \($0.step.id))" }.joined(separator: ", ")
            let more = others.count > 4 ? " and \(others.count - 4) more" : ""
            message += "; the numbering also breaks at \(listed)\(more)"
        }
        return [
            DocumentFinding(
                subject: "numbering", message: message,
                range: labelRange(of: first.step, label: first.label, in: tutorial.document), step: first.step.id)
        ]
    }

    /// Whether the steps between two labels carry the labels the numbering skips inside their titles: an
    /// author's `Optional Step 5:` or `Bonus: Step 5` is Step 5 where the reader takes a label only at a
    /// title's start. Each skipped label is the later label with its number replaced (`Step 6` → `Step 5`),
    /// found in a title not followed by another digit.
    static func titlesCarryTheSkippedLabels(_ steps: [Step], between first: Int, and last: Int, label: String) -> Bool {
        guard !steps.isEmpty, last > first + 1, let digits = label.rangeOfText(String(last), backwards: true) else {
            return false
        }
        return (first + 1..<last).allSatisfy { skipped in
            let expected = String(label[..<digits.lowerBound]) + String(skipped) + label[digits.upperBound...]
            return steps.contains { holds(expected, in: $0.title) }
        }
    }

    /// Whether a line between two labels opens with each label the numbering skips, past its markup (`3.  Note
    /// that…`, `<p>3. Note…`, `**3. Note**`, `3\. Note`): the author's numbered items without code are prose, no
    /// steps, so the steps' labels skip where the author's numbering runs on. A label that repeats or goes back
    /// (`4.` after `4.`) follows a numbering the author started again at 1 when lines between open with `1.` up
    /// to it.
    static func linesCarryTheSkippedLabels(_ text: String, between first: Int, and last: Int, label: String) -> Bool {
        // A label numbered 0 after a later one (`Step 0` after `Step 2`) restarts nothing: no label before it.
        let skipped = last > first ? first + 1..<last : 1..<max(last, 1)
        guard !skipped.isEmpty, let digits = label.rangeOfText(String(last), backwards: true) else { return false }
        let openings = text.split(whereSeparator: \.isNewline).map(lineOpening)
        return skipped.allSatisfy { skipped in
            let expected = String(label[..<digits.lowerBound]) + String(skipped) + label[digits.upperBound...]
            return openings.contains { opening in
                opening.hasPrefix(expected) && !(opening.dropFirst(expected.count).first?.isNumber ?? false)
            }
        }
    }

    /// A line's text past the markup before its words: blanks, emphasis marks, a quote mark, HTML tags; a
    /// backslash escape dropped.
    private static func lineOpening(_ line: Substring) -> String {
        var rest = line
        while let first = rest.first {
            if first.isWhitespace || first == "*" || first == "_" || first == ">" {
                rest = rest.dropFirst()
            } else if first == "<", let close = rest.firstIndex(of: ">") {
                rest = rest[rest.index(after: close)...]
            } else {
                break
            }
        }
        return String(rest.prefix(40).filter { $0 != "\\" })
    }

    /// Whether `title` holds `label` with no digit right after it (`Step 5`, not `Step 50`).
    private static func holds(_ label: String, in title: String) -> Bool {
        var rest = title[...]
        while let found = rest.rangeOfText(label) {
            if found.upperBound == rest.endIndex || !rest[found.upperBound].isNumber { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    /// The label's own characters when the step's range starts with it; else the step's first line.
    private func labelRange(of step: Step, label: String, in document: SourceDocument) -> SourceRange {
        let bytes = document.bytes
        let labelBytes = Array(label.utf8)
        // The label may sit after heading markup (`## Step 3`, `<h3>Step 3`): look for it on the first line.
        let lineEnd = bytes[step.range.start..<step.range.end].firstIndex(of: 0x0A) ?? step.range.end
        if labelBytes.count > 0, lineEnd - step.range.start >= labelBytes.count {
            var start = step.range.start
            while start + labelBytes.count <= lineEnd {
                if bytes[start..<(start + labelBytes.count)].elementsEqual(labelBytes) {
                    return SourceRange(start: start, end: start + labelBytes.count)
                }
                start += 1
            }
        }
        return SourceRange(start: step.range.start, end: lineEnd)
    }
}
