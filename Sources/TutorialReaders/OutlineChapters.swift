/// The level of an outline's sections, read from the numbers of its headings: a series of `N.` headings, or
/// chapters the author numbered only through their `N.M` steps (`OutlineNumbering`).
extension OutlineNumbering {
    /// The level the outline's sections stand at, and the chapters whose number the page wrote only in their
    /// steps (`## 第二章 界面` over `### 2.1 …`), each given its number in `numbers`. The shallowest level holding
    /// a series of `N.` headings; failing one, two chapters or more numbered by their steps; failing those, one
    /// chapter that numbers itself over its own steps (`## 第一章 基础` over `### 1.1` to `### 1.9`: the first
    /// chapter of notes still being written).
    static func sectionLevel(_ blocks: [OutlineBlock], numbers: inout [Int: [Int]]) -> (level: Int?, implied: [Int: Int]) {
        if let level = seriesLevel(numbers, blocks) { return (level, [:]) }
        var implied = sectionsNumberedByTheirSteps(blocks, numbers: numbers)
        var level: Int?
        if implied.isEmpty, let chapter = selfNumberedChapter(blocks, numbers: numbers) {
            implied = [chapter.index: chapter.number]
            level = BuildState.headingLevel(blocks[chapter.index])
        }
        for (index, number) in implied { numbers[index] = [number] }
        return (seriesLevel(numbers, blocks) ?? level, implied)
    }

    /// The shallowest level holding a series (two or more) of `N.` headings.
    static func seriesLevel(_ numbers: [Int: [Int]], _ blocks: [OutlineBlock]) -> Int? {
        var singleLevels: [Int: Int] = [:]
        for (index, parts) in numbers where parts.count == 1 {
            if case .heading(let level) = blocks[index].kind { singleLevels[level, default: 0] += 1 }
        }
        return singleLevels.filter({ $0.value >= 2 }).keys.min()
    }

    /// Headings at one level, two at least, each of whose parts holds outline-numbered sub-headings that all
    /// start with one number, a larger one under each next heading (`## 第一章 准备` over `### 1.1`, `### 1.2`;
    /// `## Interface` over `### 2.1`): the chapters of an outline whose numbers only their steps carry. Maps
    /// each such heading to its number. A heading numbered itself, or labelled a step, is never one.
    static func sectionsNumberedByTheirSteps(_ blocks: [OutlineBlock], numbers: [Int: [Int]]) -> [Int: Int] {
        // Most pages number no heading `N.M`: they are not walked part by part.
        guard numbers.values.contains(where: { $0.count >= 2 }) else { return [:] }
        var candidates: [(index: Int, level: Int, number: Int)] = []
        for (index, block) in blocks.enumerated() {
            guard case .heading(let level) = block.kind, numbers[index] == nil, block.label?.kind != .step else {
                continue
            }
            let firstParts = Set(outlineNumbersOfPart(index, blocks, numbers: numbers).map { $0[0] })
            if firstParts.count == 1, let number = firstParts.first { candidates.append((index, level, number)) }
        }
        guard let level = candidates.map(\.level).min() else { return [:] }
        let chapters = candidates.filter { $0.level == level }
        guard chapters.count >= 2, zip(chapters, chapters.dropFirst()).allSatisfy({ $0.number < $1.number }) else {
            return [:]
        }
        var result = Dictionary(uniqueKeysWithValues: chapters.map { ($0.index, $0.number) })
        // Where the chapters carry their numbers in their own text too (`## Part 2 — Setup` over `### 2.1`,
        // `## 二、生成` over `### 2.1`), the author's other headings numbered so at their level are chapters as
        // well, `N.M` steps under them or not: such a part is one step, prose only or not, as a `## 3.` section
        // without `N.M` steps is.
        guard chapters.allSatisfy({ chapterNumber(blocks[$0.index].text) == $0.number }) else { return result }
        for (index, block) in blocks.enumerated() where result[index] == nil && numbers[index] == nil {
            guard case .heading(level) = block.kind, block.label?.kind != .step,
                let number = chapterNumber(block.text)
            else { continue }
            result[index] = number
        }
        return result
    }

    /// The `N.M` numbers of the outline in the part of the heading at `index`, in order. A numbered heading
    /// that stands under a deeper numbered one without extending its number (`##### 1.1` under `#### 2.3.1`)
    /// numbers that heading's own detail afresh, not the outline, and is left out with what it numbers.
    static func outlineNumbersOfPart(_ index: Int, _ blocks: [OutlineBlock], numbers: [Int: [Int]]) -> [[Int]] {
        var result: [[Int]] = []
        var enclosing: [(level: Int, parts: [Int])] = []
        for position in (index + 1)..<BuildState.partEnd(of: index, blocks) {
            guard case .heading(let level) = blocks[position].kind else { continue }
            enclosing.removeAll { $0.level >= level }
            guard let parts = numbers[position], parts.count >= 2 else { continue }
            if let outer = enclosing.last, !parts.starts(with: outer.parts) { continue }
            enclosing.append((level, parts))
            result.append(parts)
        }
        return result
    }

    /// The one heading, where no series numbers the page's parts, that numbers itself as a chapter
    /// (`chapterNumber`) over two outline-numbered headings or more, all numbered under its number.
    static func selfNumberedChapter(_ blocks: [OutlineBlock], numbers: [Int: [Int]]) -> (index: Int, number: Int)? {
        guard numbers.values.contains(where: { $0.count >= 2 }) else { return nil }
        var found: [(index: Int, number: Int)] = []
        for (index, block) in blocks.enumerated() {
            guard case .heading = block.kind, numbers[index] == nil, block.label?.kind != .step,
                let number = chapterNumber(block.text)
            else { continue }
            let steps = outlineNumbersOfPart(index, blocks, numbers: numbers)
            if steps.count >= 2, steps.allSatisfy({ $0[0] == number }) { found.append((index, number)) }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The number a chapter's heading gives itself: a word and a number (`Part 3 — Tests`, `Module 2: …`),
    /// `第N章` (`第一章 基础`, `第2章`), or a number, Arabic or CJK, closed by `、`, `.`, `．` or `)` (`三、部署`,
    /// `3) Tests`).
    static func chapterNumber(_ text: String) -> Int? {
        if let labelled = wordNumber(text) { return labelled.number }
        let body = Substring(text)
        if body.first == "第", let (number, end) = StepHeadings.parseNumber(body.dropFirst(), allowCJK: true),
            end < body.endIndex, body[end] == "章"
        {
            return number
        }
        guard let (number, end) = StepHeadings.parseNumber(body, allowCJK: true), end < body.endIndex,
            "、.．)".contains(body[end])
        else { return nil }
        return number
    }
}
