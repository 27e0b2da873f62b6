/// Paragraphs an author numbers by hand as the steps of a page (`0、更新软件包列表`, `1、安装依赖`,
/// `（2）下载`, `③ 実行する`, `1.- Declara`, `**1. Install:**`): a number with an enumeration mark that Markdown
/// does not read as a list, at the start of a paragraph.
///
/// The same holds for a step label written as plain text at the start of a top-level paragraph (`Step 1:
/// Create the project`, `Paso 2. Instala`, `步骤3：`) in a page that labels no step with markup: the label
/// words are the headings' own (`StepHeadings`), and a lone one is a sentence; a numbered run makes them labels.
///
/// Found by shape: a run of at least two such paragraphs numbered one after another from 0 or 1 labels steps
/// when at least one of its parts shows code (a run of bare numbers without code is a list of reasons or notes
/// in prose). A run of step labels, a title after each, labels steps with or without code (`step 1: Run the
/// simulation`, a screenshot, `step 2: Open the waveform`): the word names what the part is, so each counts as
/// a step however it is shown. Marks Markdown reads as a list (`1.`, `1)`) are list items already where the
/// line opens with them (a paragraph opens with one only behind markup: bold, an escape), a number or a step
/// word opening a bullet (`- 1、Resize`, `* 第一步：…`, the stages of a process listed in prose) numbers a list
/// the author made already (counting conventions: bullets label nothing), and a CJK numeral (`一、`) is left alone:
/// authors number the parts of a text with it, not its steps. A page that labels steps otherwise keeps its
/// own labels.
enum EnumeratedParagraphs {
    private struct Candidate {
        let index: Int
        let number: Int
        /// The decimal sub-number of `9.1、`, numbering a part inside part 9 (`9.0、` opens part 9 itself).
        let sub: Int?
        let label: String
        let title: String
        /// Numbered with a list's own mark kept from a list by markup (`**1. Declare**`): read as that list.
        let listMark: Bool
        let stepWord: Bool
    }

    /// The blocks with the paragraphs of each accepted run labelled as steps.
    static func label(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        guard !blocks.contains(where: { $0.label?.kind == .step }) else { return blocks }
        let candidates = self.candidates(blocks)
        guard candidates.count >= 2 else { return blocks }
        var result = blocks
        for run in runs(candidates) where run.count >= 2 {
            let ends = partEnds(run, blocks)
            let withCode = run.indices.map { offset in
                (run[offset].index + 1..<ends[offset]).contains { blocks[$0].isCode }
            }
            let labelledByWord = run.allSatisfy { $0.stepWord && !$0.title.isEmpty }
            guard withCode.contains(true) || labelledByWord else { continue }
            for (offset, candidate) in run.enumerated() {
                // A part that ends before the next label (with its list item, or a list's last item that
                // says no more follows) leaves what comes after it to no part: it closes the step, and code
                // after the run's last part is a step per block, whether a paragraph or a topic heading
                // follows that part (counting conventions item 15).
                let end = ends[offset]
                if end < blocks.count, end != run[safe: offset + 1]?.index {
                    result[end].endsNumberedPart = true
                }
                // A list written by hand with a list's own marks reads as that list: a numbered item with
                // code is a step, one without is prose (a reason, a topic), as in a page without labels.
                if candidate.listMark, !withCode[offset] { continue }
                // A sub-number inside a part already numbered (`9.1、` after `9.0、`, `14.1、` after `14、`) is a
                // step of its own that continues the count, not a number of the count.
                let continuesPart = candidate.sub != nil && offset > 0 && run[offset - 1].number == candidate.number
                result[candidate.index] = result[candidate.index].with(
                    label: StepHeadings.Match(
                        kind: .step, number: continuesPart ? nil : candidate.number, label: candidate.label,
                        title: candidate.title))
            }
        }
        return result
    }

    /// The paragraphs that open with a hand-written enumeration or a plain step label.
    private static func candidates(_ blocks: [OutlineBlock]) -> [Candidate] {
        var candidates: [Candidate] = []
        for (index, block) in blocks.enumerated() {
            guard case .paragraph = block.kind, block.label == nil else { continue }
            // Inside an item of a numbered list, hand-numbered notes are the item's detail: the list's own
            // numbers label the steps (counting conventions items 9 and 14: the author's label wins).
            if !block.opensBulletItem, block.listItem == nil, let found = enumeration(block.text) {
                candidates.append(
                    Candidate(
                        index: index, number: found.number, sub: found.sub, label: found.label, title: found.title,
                        listMark: found.listMark, stepWord: false))
            } else if block.listItem == nil, !block.opensBulletItem,
                let match = StepHeadings.match(Substring(block.text)), match.kind == .step, let number = match.number
            {
                candidates.append(
                    Candidate(
                        index: index, number: number, sub: nil, label: match.label, title: match.title,
                        listMark: false, stepWord: true))
            }
        }
        return candidates
    }

    /// The candidates in runs numbered one after another from 0 or 1; a number that follows none starts none.
    /// Decimal sub-numbers go on a run too: `9.0、` or `9.1、` after `8、` opens part 9, `9.1、` then `9.2、`
    /// number parts inside it, `14.1、` follows `14、`, and `10、` follows any of part 9's. A number past 1
    /// written twice (`**6. Insert (way 1)**`, `**6. Insert (way 2)**`) goes on the run as a part of its own,
    /// as a numbered list's item written with the number before it does (counting conventions items 17 and 27).
    private static func runs(_ candidates: [Candidate]) -> [[Candidate]] {
        var runs: [[Candidate]] = []
        for candidate in candidates {
            if let last = runs.last?.last, follows(candidate, last) {
                runs[runs.count - 1].append(candidate)
            } else if candidate.number <= 1, (candidate.sub ?? 0) <= 1 {
                runs.append([candidate])
            }
        }
        return runs
    }

    private static func follows(_ candidate: Candidate, _ last: Candidate) -> Bool {
        guard let sub = candidate.sub else {
            let writtenTwice = candidate.number == last.number && last.number > 1 && last.sub == nil
            return candidate.number == last.number + 1 || writtenTwice
        }
        if candidate.number == last.number + 1 { return sub <= 1 }
        return candidate.number == last.number && sub == (last.sub ?? 0) + 1
    }

    /// Where each part of a run ends (the index after its last block): at the next label of the run or the
    /// next heading, and within the list item or block quote its label stands in (`- States:` over `(1) Ready`,
    /// `(2) Running`; `> 1、分配内存`: the lines are the item's or the quote's own, so code after it is no
    /// part's). The last item of a list written by hand holds, as a list's last item does, only the code right
    /// after it, unless its text ends with a colon (`**3. Query it in two ways:**`): then what follows up to the
    /// next heading (counting conventions item 15).
    /// Otherwise a run's last item would hold every later fence of its part of the page, and several runs
    /// restarting at 1 would each reach past the next to code far after them.
    private static func partEnds(_ run: [Candidate], _ blocks: [OutlineBlock]) -> [Int] {
        run.indices.map { offset in
            let start = run[offset].index
            let next = run[safe: offset + 1]?.index
            let codeOnly = next == nil && run[offset].listMark && !blocks[start].saysMoreFollows
            // The innermost container of the label: the list item or the block quote nested in the other.
            let item = [blocks[start].itemRange, blocks[start].quoteRange].compactMap { $0 }.max { $0.start < $1.start }
            var position = start + 1
            while position < (next ?? blocks.count), BuildState.headingLevel(blocks[position]) == nil {
                if let item, blocks[position].range.start >= item.end { break }
                if codeOnly, !blocks[position].isCode { break }
                position += 1
            }
            return position
        }
    }

    /// The number, the label as written and the title of a paragraph that opens with a hand-written
    /// enumeration: digits (with a decimal sub-number before a CJK mark, `9.1、`) then `、`, `．`, `）` or `.-`,
    /// or `.` or `)` and a blank; digits in parentheses; a circled number. Blanks and invisible characters
    /// before it (a zero-width space, ideographic spaces pasted from a web page) are not shown as text: the
    /// paragraph opens with the number as the page shows it (counting conventions item 35).
    static func enumeration(_ text: String) -> (number: Int, sub: Int?, label: String, title: String, listMark: Bool)? {
        let text = text.drop { character in
            character.isWhitespace || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
        }
        var rest = text
        let opening = rest.first.map { $0 == "(" || $0 == "（" } ?? false
        if opening { rest = rest.dropFirst() }
        let circled = rest.unicodeScalars.first.map { (0x2460...0x2473).contains($0.value) } ?? false
        guard let (number, afterNumber) = StepHeadings.parseNumber(rest, allowCJK: false) else { return nil }
        rest = rest[afterNumber...]
        // A decimal sub-number before a CJK mark (`9.1、`); before `.` or `)` it is a quantity (`1.5 billion`).
        var sub: Int? = nil
        if !opening, !circled, rest.first == ".",
            let (value, afterSub) = StepHeadings.parseNumber(rest.dropFirst(), allowCJK: false),
            let mark = rest[afterSub...].first, "、．）".contains(mark)
        {
            sub = value
            rest = rest[afterSub...]
        }
        if opening {
            guard let mark = rest.first, mark == ")" || mark == "）" else { return nil }
            rest = rest.dropFirst()
        } else if !circled {
            guard let mark = rest.first, "、．）.)".contains(mark) else { return nil }
            rest = rest.dropFirst()
            // `1.` and `1)` at the start of a line are a Markdown list, so a paragraph whose text opens with
            // one was kept from being a list by its markup: bold (`**1. Filter the values:**`), an escape, an
            // HTML `<p>`; a blank follows the mark there. Or by a missing blank, where a title in a script
            // without case or a symbol follows the mark right away (`1.打包编译时`, `**2.==和equals**`, as
            // Chinese notes write their lists): the list the author meant (counting conventions item 35). `1.-`
            // is how Spanish writes the mark; `1.5` is a number and `1.Install` a word, not a mark.
            if mark == "." || mark == ")" {
                if mark == ".", rest.first == "-" {
                    rest = rest.dropFirst()
                } else {
                    guard let next = rest.first,
                        next.isWhitespace || (next.isLetter && !next.isCased) || next.isSymbol
                    else { return nil }
                }
            }
        }
        let label = String(text[..<rest.startIndex])
        let listMark = !opening && (label.hasSuffix(".") || label.hasSuffix(")"))
        return (number, sub, label, String(rest.trimmingWhitespace()), listMark)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
