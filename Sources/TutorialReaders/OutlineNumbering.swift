/// Headings numbered as an outline (`## 1. Setup`, `### 1.1. Layout`, `#### 3.3.1. The view`): the
/// numbers are the author's section and step labels, whatever words follow them.
///
/// Found by shape alone: a series of at least two headings at one level numbered `N.` (a number and a
/// dot or a parenthesis, then the title) are sections, as are headings numbered `N` without a dot (`## 1 -
/// Build`) where `N.M` headings stand under them, chapters whose `N.M` sub-headings alone number them, and
/// beside those the headings that number themselves as the chapters do (`## Part 2 —`, `## 二、`) with or
/// without `N.M` under them; a deeper heading numbered `N.M` under section `N` (or `N.M.K` under
/// `N.M`) is a step when no heading numbered under it follows (a leaf of the outline), or when it holds
/// something of its own before the first that does (its leaves are steps of their own). A numbered section
/// with no step label under it is one step by itself, prose only or not, its sub-headings topics inside it,
/// unless it holds nothing at all (`## 6. The end`); where the outline's steps are only `Step N` headings (no
/// `N.M`), a section without them has a step per code block instead, as labels count section by section.
/// A series with no step under any section, where a part holds several code blocks,
/// numbers the topics of a note, not an outline: it is read as unnumbered headings. Headings the author
/// labelled (`Step 3`) keep their labels, so `# 1. Title` sections over `# Step 1` headings read as sections of
/// steps. A lone `1.` heading, or one followed by a sentence (`1.5 billion users`), is not a series, nor is
/// a series that stands under shallower headings than the title (it numbers things inside a section);
/// level-1 headings over a series (a post's parts, one per platform) group its sections.
enum OutlineNumbering {
    /// The blocks with outline-numbered headings labelled, the indices of the numbered sections that are
    /// one step by themselves, and whether those steps hold their numbered lists as detail: so they do where
    /// other sections of the outline hold `N.M` steps (the numbered part is one step however many blocks it
    /// holds, as an `N.M` step holds all of its own); in an outline without any, a section whose numbered
    /// list holds code has that list's items for steps. `titleOutsideHeadings`: front matter or an article
    /// header names the page, so no heading deeper than level 1 is its title.
    static func label(
        _ blocks: [OutlineBlock], titleOutsideHeadings: Bool = false
    ) -> (blocks: [OutlineBlock], sectionsAsSteps: Set<Int>, listsAreDetail: Bool) {
        let blocks = labelledWordSeries(blocks)
        var numbers = headingNumbers(blocks)
        let (level, impliedSections) = sectionLevel(blocks, numbers: &numbers)
        guard let sectionLevel = level else { return (blocks, [], false) }
        guard
            seriesNumbersSections(
                at: sectionLevel, blocks, numbers: numbers, titleOutsideHeadings: titleOutsideHeadings)
        else {
            return (blocks, [], false)
        }

        var result = blocks
        var sectionsAsSteps = Set<Int>()
        var openSection: (index: Int, number: Int, hasSteps: Bool)?
        var anySectionHasSteps = false
        var anySectionHasOutlineSteps = false
        // The open section's outline steps: numbered for `step-numbering` when all are `N.M` (`1.7` after
        // `1.7` is a repeat); a section with `N.M.K` leaves counts at two levels, so none is judged.
        var sectionSteps: [(index: Int, parts: [Int])] = []
        func closeSection() {
            if let open = openSection {
                if open.hasSteps { anySectionHasSteps = true } else { sectionsAsSteps.insert(open.index) }
            }
            if !sectionSteps.isEmpty { anySectionHasOutlineSteps = true }
            let numbered = sectionSteps.allSatisfy { $0.parts.count == 2 }
            for step in sectionSteps {
                result[step.index] = relabelled(blocks[step.index], kind: .step, parts: step.parts, numbered: numbered)
            }
            sectionSteps = []
            openSection = nil
        }
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level) = block.kind else { continue }
            if let parts = numbers[index], parts.count == 1, level == sectionLevel {
                closeSection()
                openSection = (index, parts[0], false)
                // An implied number is the chapter's, not written in its heading: its own label, if any, stays.
                if impliedSections[index] == nil { result[index] = relabelled(block, kind: .section, parts: parts) }
                continue
            }
            if level <= sectionLevel, block.label?.kind != .step { closeSection() }
            guard var open = openSection else { continue }
            if block.label?.kind == .step {
                open.hasSteps = true
                openSection = open
                continue
            }
            // A heading with numbered headings under it (`3.3` over `3.3.1`) is a step too where it holds
            // something before the first of them (`1.1` over its prose, then `1.1.1`): its leaves are others.
            guard level > sectionLevel, let parts = numbers[index], parts.count >= 2, parts[0] == open.number,
                isLeaf(index, parts: parts, numbers: numbers, blocks: blocks, sectionLevel: sectionLevel)
                    || (index + 1 < blocks.count && BuildState.headingLevel(blocks[index + 1]) == nil)
            else { continue }
            open.hasSteps = true
            openSection = open
            sectionSteps.append((index, parts))
        }
        closeSection()
        // A series none of whose sections holds a step (no `N.M` heading, no `Step N` under any) is an
        // outline of steps when each numbered part is step-sized (at most one code block); where a part holds
        // several, the numbers count topics of a note: its headings are read as unnumbered ones (sections
        // where they carry code, a step per code block), so a code-free topic is no section.
        if !anySectionHasSteps, sectionsAsSteps.contains(where: { codeBlocks(under: $0, blocks) > 1 }) {
            return (blocks, [], false)
        }
        // Where only `Step N` headings label steps (no `N.M` anywhere), the steps are labelled section by
        // section: a numbered section without labels has a step per code block, as any unlabelled section.
        if anySectionHasSteps, !anySectionHasOutlineSteps { return (result, [], false) }
        // A numbered section with nothing under it (`## 5. Thank you`, `## 6. The end`) is no step.
        return (result, sectionsAsSteps.filter { holdsContent($0, blocks) }, anySectionHasOutlineSteps)
    }

    /// The outline number of each heading no label claims, by index: `N.`, `N.M`, `N.M.K` as written, and
    /// the numbers of parts numbered without a dot where their outline has `N.M` headings.
    private static func headingNumbers(_ blocks: [OutlineBlock]) -> [Int: [Int]] {
        var numbers: [Int: [Int]] = [:]
        var quantityLike: [Int: [Int]] = [:]
        for (index, block) in blocks.enumerated() {
            guard case .heading = block.kind, block.label == nil else { continue }
            if let number = outlineNumber(block.text) {
                numbers[index] = number.parts
            } else if let number = outlineNumber(block.text, quantityAllowed: true) {
                quantityLike[index] = number.parts
            }
        }
        // A number that could be a quantity (`2.4 str types`) is the outline's where its own `N.M.K` headings
        // stand under it, or where it follows `N.(M-1)` at its level or `N.(M+1)` follows it there (`### 7.1
        // redis是什么` over `### 7.2 优缺点`).
        var lastAtLevel: [Int: [Int]] = [:]
        for (index, block) in blocks.enumerated() where !quantityLike.isEmpty {
            guard case .heading(let level) = block.kind else { continue }
            if let parts = quantityLike[index],
                lastAtLevel[level] == [parts[0], parts[1] - 1]
                    || nextNumberAtLevel(after: index, blocks, numbers.merging(quantityLike) { $1 })
                        == [parts[0], parts[1] + 1]
                    || ((index + 1)..<BuildState.partEnd(of: index, blocks)).contains(where: { position in
                        numbers[position].map { $0.count == 3 && Array($0.prefix(2)) == parts } == true
                    })
            {
                numbers[index] = parts
            }
            if let parts = numbers[index] { lastAtLevel[level] = parts }
        }
        for (index, number) in bareNumberedSections(blocks, numbers: numbers) { numbers[index] = [number] }
        for (index, number) in seriesContinuedWithoutDot(blocks, numbers: numbers) { numbers[index] = [number] }
        return numbers
    }

    /// Headings that go on a series numbered `N.` with the next number written without its dot (`## 3. Settings`
    /// then `## 4 Other`) or with its title run into the dot (`# 1.数据模型` then `# 2.Zookeeper的应用`): the
    /// author's next part, not a title that opens with a number or a word like `2.Zookeeper` or `1.5GHz`, which
    /// only the series before it vouches for.
    private static func seriesContinuedWithoutDot(_ blocks: [OutlineBlock], numbers: [Int: [Int]]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        var lastAtLevel: [Int: Int] = [:]
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level) = block.kind else { continue }
            lastAtLevel = lastAtLevel.filter { $0.key <= level }
            if let parts = numbers[index] {
                lastAtLevel[level] = parts.count == 1 ? parts[0] : nil
            } else if block.label == nil, let bare = bareNumber(block.text) ?? numberRunIntoTitle(block.text),
                let last = lastAtLevel[level], bare.number == last + 1
            {
                result[index] = bare.number
                lastAtLevel[level] = bare.number
            } else {
                lastAtLevel[level] = nil
            }
        }
        return result
    }

    /// The number of the next heading at the level of the heading at `index`, before any shallower heading
    /// ends its part; nil when that heading is unnumbered or none follows.
    private static func nextNumberAtLevel(after index: Int, _ blocks: [OutlineBlock], _ numbers: [Int: [Int]]) -> [Int]? {
        guard case .heading(let level) = blocks[index].kind else { return nil }
        for position in (index + 1)..<blocks.count {
            guard case .heading(let other) = blocks[position].kind, other <= level else { continue }
            return other == level ? numbers[position] : nil
        }
        return nil
    }

    /// Headings at one level numbered without a dot (`## 1 - Build the image`, `## 2 pattern`), two at
    /// least and numbered upward, where `N.M` headings stand under one of them at least (`### 5.1 …` under
    /// `## 5 - …`): the author's outline, whose sections those numbers are, as `## 1.` ones would be. Without
    /// an `N.M` under any, a number opening a heading is as likely a count (`## 3 ways to cache`). Maps each
    /// such heading to its number.
    private static func bareNumberedSections(_ blocks: [OutlineBlock], numbers: [Int: [Int]]) -> [Int: Int] {
        guard numbers.values.contains(where: { $0.count >= 2 }) else { return [:] }
        var byLevel: [Int: [(index: Int, number: Int)]] = [:]
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level) = block.kind, block.label == nil, numbers[index] == nil,
                let bare = bareNumber(block.text)
            else { continue }
            byLevel[level, default: []].append((index, bare.number))
        }
        var result: [Int: Int] = [:]
        for series in byLevel.values where series.count >= 2 {
            guard zip(series, series.dropFirst()).allSatisfy({ $0.number < $1.number }),
                series.contains(where: { heading in
                    ((heading.index + 1)..<BuildState.partEnd(of: heading.index, blocks)).contains { position in
                        guard let parts = numbers[position] else { return false }
                        return parts.count >= 2 && parts[0] == heading.number
                    }
                })
            else { continue }
            for heading in series { result[heading.index] = heading.number }
        }
        return result
    }

    /// The number a heading opens with, without a dot, and its title after a blank and any dash or colon
    /// (`1 - Build the image`, `2 pattern`): at most three digits, then a blank.
    static func bareNumber(_ text: String) -> (number: Int, title: String)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let number = Int(digits),
            text.dropFirst(digits.count).first?.isWhitespace == true
        else { return nil }
        var title = text.dropFirst(digits.count).trimmingWhitespace()
        if let first = title.first, "-–—:".contains(first) { title = title.dropFirst().trimmingWhitespace() }
        guard !title.isEmpty else { return nil }
        return (number, String(title))
    }

    /// A single number whose dot runs straight into a title in a cased script (`2.Zookeeper的应用场景`), which
    /// `outlineNumber` leaves alone (`1.5GHz` is a word): at most three digits, a dot, then a letter.
    private static func numberRunIntoTitle(_ text: String) -> (number: Int, title: String)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(digits.count)
        guard (1...3).contains(digits.count), let number = Int(digits), rest.first == ".",
            let letter = rest.dropFirst().first, letter.isLetter, letter.isCased
        else { return nil }
        return (number, String(rest.dropFirst().trimmingWhitespace()))
    }

    /// Whether above the series at `level` stands at most the title, or only level-1 headings (the title and
    /// the parts the series is grouped in: `# iOS` over `## 1. Create the project`, `# macOS` over its own
    /// `## 1.`): a series under several shallower headings below the top (`## Custom Row` over `### 1. Create
    /// the row`, `### 2. Use it`) numbers things inside a section, not the sections. Only headings the series
    /// stands under count as above it: a level-2 topic inside a later level-1 part (`# Placement` over
    /// `## Cell design`) leaves a series right under the title its sections. Where front matter or an
    /// article header names the page, a lone shallower heading below level 1 is no title but the one section
    /// the series stands in (`title:` in front matter over `## Data` over `### 1. Rows`, `### 2. Cells`).
    private static func seriesNumbersSections(
        at level: Int, _ blocks: [OutlineBlock], numbers: [Int: [Int]], titleOutsideHeadings: Bool
    ) -> Bool {
        var shallower = 0
        var aboveBelowTop = Set<Int>()
        // The nearest shallower heading at each level before the block being read: what it stands under.
        var enclosing: [Int: Int] = [:]
        for (index, block) in blocks.enumerated() {
            guard case .heading(let heading) = block.kind else { continue }
            if heading == level, numbers[index]?.count == 1 {
                aboveBelowTop.formUnion(enclosing.filter { $0.key > 1 }.values)
            }
            enclosing = enclosing.filter { $0.key < heading }
            guard heading < level else { continue }
            shallower += 1
            enclosing[heading] = index
        }
        return aboveBelowTop.isEmpty || (shallower <= 1 && !titleOutsideHeadings)
    }

    /// A page without code whose headings at one level are a series of one word and a counting number
    /// (`Sección 1: …`, `Teil 2 – …`, `Parte 3. …`): the author's section labels, in a language whose word
    /// for a section no list here has. Two headings at least, all of the level starting with the same word,
    /// numbered 1, 2, 3… in order; each is labelled a section as `Section N` would be. A page with code
    /// keeps its own reading (its headings may be steps named in another language).
    static func labelledWordSeries(_ blocks: [OutlineBlock]) -> [OutlineBlock] {
        guard !blocks.contains(where: \.isCode) else {
            return blocks
        }
        var byLevel: [Int: [(index: Int, word: String, number: Int, title: String)]] = [:]
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level) = block.kind, block.label == nil else { continue }
            if let labelled = wordNumber(block.text) {
                byLevel[level, default: []].append((index, labelled.word, labelled.number, labelled.title))
            } else {
                byLevel[level, default: []].append((index, "", 0, ""))
            }
        }
        var result = blocks
        for series in byLevel.values where series.count >= 2 {
            let word = series[0].word
            guard !word.isEmpty, series.allSatisfy({ $0.word == word }),
                series.enumerated().allSatisfy({ $0.element.number == $0.offset + 1 })
            else { continue }
            for heading in series {
                result[heading.index] = blocks[heading.index].with(
                    label: StepHeadings.Match(
                        kind: .section, number: heading.number, label: "\(word) \(heading.number)", title: heading.title))
            }
        }
        return result
    }

    /// `Word N: Title`, `Word N. Title`, `Word N – Title` or `Word N` alone: a word of letters, a number of
    /// at most three digits, then a separator or the end. The word is compared without case.
    static func wordNumber(_ text: String) -> (word: String, number: Int, title: String)? {
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].allSatisfy(\.isLetter) else { return nil }
        var numberText = parts[1]
        while let last = numberText.last, ":.)–—-".contains(last) { numberText = numberText.dropLast() }
        guard let number = Int(numberText), numberText.count <= 3, numberText.allSatisfy(\.isASCII) else { return nil }
        let separated = numberText.count < parts[1].count
        var title = parts.count > 2 ? String(parts[2]) : ""
        if !separated, let first = title.first {
            guard "–—-:".contains(first) else { return nil }
            title = String(title.dropFirst().trimmingWhitespace())
        }
        return (parts[0].lowercased(), number, title)
    }

    /// The code blocks in the part the heading at `index` heads.
    private static func codeBlocks(under index: Int, _ blocks: [OutlineBlock]) -> Int {
        blocks[(index + 1)..<BuildState.partEnd(of: index, blocks)].count(where: \.isCode)
    }

    /// Whether anything but a table of contents stands in the part the section heading at `index` heads.
    private static func holdsContent(_ index: Int, _ blocks: [OutlineBlock]) -> Bool {
        let part = blocks[(index + 1)..<BuildState.partEnd(of: index, blocks)]
        // A table of contents (`## 0. Contents` over links into the page) lists the outline; it holds none of it.
        return !part.isEmpty && !part.allSatisfy { $0.links == .whole && $0.linksStayOnPage }
    }

    /// Whether no heading after `index`, before the next heading at the section level or above, is
    /// numbered under `parts` (`3.3` is no step when `3.3.1` follows: its leaves are).
    private static func isLeaf(
        _ index: Int, parts: [Int], numbers: [Int: [Int]], blocks: [OutlineBlock], sectionLevel: Int
    ) -> Bool {
        var position = index + 1
        while position < blocks.count {
            if case .heading(let level) = blocks[position].kind {
                if level <= sectionLevel { return true }
                if let other = numbers[position], other.count > parts.count, Array(other.prefix(parts.count)) == parts {
                    return false
                }
            }
            position += 1
        }
        return true
    }

    private static func relabelled(
        _ block: OutlineBlock, kind: StepHeadings.Kind, parts: [Int], numbered: Bool = false
    ) -> OutlineBlock {
        let title =
            outlineNumber(block.text, quantityAllowed: true)?.title ?? bareNumber(block.text)?.title
            ?? numberRunIntoTitle(block.text)?.title ?? block.text
        let match = StepHeadings.Match(
            kind: kind, number: kind == .section ? parts[0] : numbered ? parts.last : nil,
            label: parts.map(String.init).joined(separator: ".") + (parts.count == 1 ? "." : ""), title: title)
        return block.with(label: match)
    }

}
