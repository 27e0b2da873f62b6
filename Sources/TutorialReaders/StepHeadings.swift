/// Recognises step and section labels in every language the readers meet, for every reader.
///
/// A label is a keyword with a number, alone on its line or followed by a title on the same line:
/// - English: `Step 3`, `Step 3:`, `Step 3.`, `Step-3`, `Section 2: Title`, `STEP 3 — Title` (keyword case ignored),
///   and the same words in Spanish (`Paso 3`, `Sección 2`), Portuguese (`Passo`, `Seção`), French (`Étape`),
///   German (`Schritt`, `Abschnitt`), Italian (`Passaggio`, `Sezione`), Dutch (`Stap`), Vietnamese (`Bước`)
///   and Russian (`Шаг`, `Раздел`);
/// - Chinese: `步骤3`, `步骤 3`, `步驟三`, `第三步`, `第一节`, `第二节创建…`, `第 2 节`, `第一部分`;
/// - Japanese: `ステップ3`, `手順3`, `セクション1`, `第1節`;
/// - Korean: `3단계`, `3 단계` (the number before its counter);
///
/// with Arabic (`3`), full-width (`３`), circled (`③`) or CJK numerals (`三`, `十一`, `二十三`, `一百零二`).
///
/// Prose that merely begins with such a word is no label: `Step into the world…`, `Steps to follow`,
/// `Step 3 is where…` (a lower-case word right after the number), `第一步，我们…` (a comma after the
/// label), `第二节的内容…` (a particle right after the label), `Step 3.5`.
///
/// Markdown decoration is tolerated, so callers may pass raw lines or stripped text alike: leading
/// whitespace, ATX heading markers (`### Step 3`) with an optional closing `#` run, block-quote
/// markers, emphasis around the label or the whole line (`**Step 2.** Add…`, `*步骤1*`), and a mark set
/// before the label (`✔ Step 1`, `👉 Step 2`).
public enum StepHeadings {
    public enum Kind: String, Sendable, Hashable {
        case step
        case section
    }

    /// A recognised label.
    public struct Match: Sendable, Hashable {
        public let kind: Kind
        /// The number the label carries; nil only for labels that carry none.
        public let number: Int?
        /// The keyword and number as written, without decoration or separator (`步骤3`, `第 2 节`, `Step 3`).
        public let label: String
        /// The rest of the line after the label and its separator, trimmed; empty when the label is alone.
        public let title: String

        public init(kind: Kind, number: Int?, label: String, title: String) {
            self.kind = kind
            self.number = number
            self.label = label
            self.title = title
        }
    }

    /// The label `line` starts with, or nil when the line is no step or section label. A heading's text
    /// (`inHeading`) may also set its title off with a comma (`## Step 1, Fork the repository`,
    /// `### 第一步，安装`): a heading is a line of its own, so the comma cannot open a sentence about the step
    /// the way it does in a paragraph (`第一步，我们…`). `titleMayOpenLowerCase`: the caller knows the heading
    /// stands in a series of step headings (`LowerCaseStepHeadings`), so a lower-case word after the number
    /// goes on its title (`## Step 2 write the jars`) rather than a sentence about the step (`Step 5 is…`).
    public static func match(
        _ line: Substring, inHeading: Bool = false, titleMayOpenLowerCase: Bool = false
    ) -> Match? {
        guard mayOpenWithLabel(line) else { return nil }
        let body = stripDecoration(line)
        guard let first = body.first else { return nil }
        if let closing = cjkBrackets[first] { return bracketedLabel(body, closing: closing) }
        let result: (kind: Kind, number: Int, labelEnd: Substring.Index, latin: Bool)?
        if first == "第" {
            result = ordinalLabel(body)
        } else if digitValue(first) != nil {
            result = counterLabel(body)
        } else {
            result = keywordLabel(body)
        }
        guard let result else { return nil }
        // A heading's sub-step lettered after its number (`### Langkah 1b`, `## Step 3a: The model`, between
        // `Step 3` and `Step 4`): the letter is the label's, which numbers no step of the series.
        var labelEnd = result.labelEnd
        var number: Int? = result.number
        if inHeading, labelEnd < body.endIndex, ("a"..."z").contains(body[labelEnd]) {
            let afterLetter = body.index(after: labelEnd)
            if afterLetter == body.endIndex || body[afterLetter] == " " || separators.contains(body[afterLetter]) {
                labelEnd = afterLetter
                number = nil
            }
        }
        guard
            let title = title(
                after: body[labelEnd...], latinKeyword: result.latin, inHeading: inHeading,
                lowerCaseAllowed: titleMayOpenLowerCase)
        else { return nil }
        return Match(kind: result.kind, number: number, label: String(body[..<labelEnd]), title: title)
    }

    /// Full-width and corner brackets authors set a label in (`【步骤一】安装`, `「第二步」`, `〔Step 4〕`), each
    /// with its closing bracket. ASCII brackets are left alone: `[Step 1]` opens a link as often as a label.
    private static let cjkBrackets: [Character: Character] = ["【": "】", "「": "」", "『": "』", "〔": "〕", "［": "］"]

    /// A label that fills its brackets (`【步骤一】`), with the rest of the line as its title; nil when the
    /// brackets hold anything but a label (`【注意】…`, `【步骤一安装】`) or never close.
    private static func bracketedLabel(_ body: Substring, closing: Character) -> Match? {
        let inner = body.dropFirst()
        guard let end = inner.firstIndex(of: closing), let label = match(inner[..<end], inHeading: true),
            label.title.isEmpty
        else { return nil }
        let title = String(inner[inner.index(after: end)...].trimmingWhitespace())
        return Match(kind: label.kind, number: label.number, label: label.label, title: title)
    }

    /// A step keyword before an outline number (`Step 2.1: Declare`, `步骤3.2：创建`, `Шаг 3.1.`): no `Step N`
    /// label (`match` reads `Step 3.5` as a decimal) but the number of an outline's step, `N.M` or deeper, with
    /// the title after it. Nil for a single number, a section keyword, or a sentence (`Step 3.5 is where…`).
    @_spi(Testing) public static func outlineNumbered(_ line: Substring) -> (parts: [Int], title: String)? {
        guard mayOpenWithLabel(line) else { return nil }
        let body = stripDecoration(line)
        guard let first = body.first, first != "第", digitValue(first) == nil,
            let (kind, number, numberEnd, latin) = keywordLabel(body), kind == .step
        else { return nil }
        var parts = [number]
        var index = numberEnd
        while index < body.endIndex, body[index] == "." || body[index] == "．" {
            let afterDot = body.index(after: index)
            guard let (part, partEnd) = parseNumber(body[afterDot...], allowCJK: false) else { break }
            parts.append(part)
            index = partEnd
        }
        guard parts.count >= 2, let title = title(after: body[index...], latinKeyword: latin, inHeading: true) else {
            return nil
        }
        return (parts, title)
    }

    /// False when `line` cannot open with a label, judged from its first bytes after what `stripDecoration`
    /// may remove: most prose opens with a word no keyword starts like, and every paragraph of a page is
    /// matched at every keystroke (`PlainStepLabels`). True whenever a byte is not plain ASCII (a CJK or
    /// accented keyword, a space `stripDecoration` trims that is not ASCII): the whole match decides then.
    static func mayOpenWithLabel(_ line: Substring) -> Bool {
        let utf8 = line.utf8
        var index = utf8.startIndex
        // ASCII whitespace, block-quote and heading markers, emphasis: what decoration can be made of.
        scan: while index < utf8.endIndex {
            switch utf8[index] {
            case 0x09...0x0D, 0x20, 0x3E, 0x23, 0x2A, 0x5F: index = utf8.index(after: index)
            default: break scan
            }
        }
        guard index < utf8.endIndex else { return false }
        let first = utf8[index]
        // A number, then a counter word that is never ASCII (`3단계`): past the digits and a blank, a byte
        // beyond ASCII may start one.
        if (0x30...0x39).contains(first) {
            let after = utf8[index...].drop { (0x30...0x39).contains($0) || $0 == 0x20 }
            return after.first.map { $0 >= 0x80 } ?? false
        }
        let next = utf8.index(after: index)
        guard first < 0x80, next < utf8.endIndex, utf8[next] < 0x80 else { return true }
        return keywordOpenings.contains([first.asciiLowercased, utf8[next].asciiLowercased])
    }

    /// The first two characters of the keywords that open with two ASCII letters (`st`ep, `se`ction,
    /// `pa`so…), lower-cased.
    private static let keywordOpenings: Set<[UInt8]> = Set(
        keywords.compactMap { keyword -> [UInt8]? in
            let bytes = Array(keyword.word.utf8.prefix(2))
            return bytes.count == 2 && bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
        })

    // MARK: - Keywords

    /// Keywords followed by a number, with the kind they name. English keywords are matched case-insensitively.
    private static let keywords: [(word: String, kind: Kind, latin: Bool)] = [
        ("step", .step, true), ("section", .section, true),
        // Spanish, Portuguese, French, German, Italian, Dutch, Vietnamese, Russian.
        ("paso", .step, true), ("sección", .section, true), ("seccion", .section, true),
        ("passo", .step, true), ("seção", .section, true), ("secao", .section, true),
        ("étape", .step, true), ("etape", .step, true),
        ("schritt", .step, true), ("abschnitt", .section, true),
        ("passaggio", .step, true), ("sezione", .section, true),
        ("stap", .step, true),
        ("bước", .step, true), ("шаг", .step, true), ("раздел", .section, true),
        // The word for a step in the other languages tutorials are written in, whether or not a page of the
        // real-world set used it yet: Polish and Czech, Turkish, Indonesian and Malay, Swedish and Norwegian,
        // Danish, Finnish, Romanian, Hungarian, Filipino, Swahili, Croatian and Serbian, Estonian,
        // Ukrainian, Greek.
        ("krok", .step, true), ("adım", .step, true), ("langkah", .step, true), ("steg", .step, true),
        ("trin", .step, true), ("vaihe", .step, true), ("pasul", .step, true), ("lépés", .step, true),
        ("hakbang", .step, true), ("hatua", .step, true), ("korak", .step, true), ("samm", .step, true),
        ("крок", .step, true), ("βήμα", .step, true),
        ("步骤", .step, false), ("步驟", .step, false),
        ("ステップ", .step, false), ("手順", .step, false), ("手顺", .step, false),
        ("セクション", .section, false),
        // Arabic (with and without the article), Persian, Hebrew, Hindi, Thai.
        ("الخطوة", .step, false), ("خطوة", .step, false), ("مرحله", .step, false), ("گام", .step, false),
        ("שלב", .step, false), ("चरण", .step, false), ("ขั้นตอนที่", .step, false),
    ]

    /// Counters after `第N`: 步 (step), 节/節/部分 (section).
    private static let ordinalCounters: [(word: String, kind: Kind)] = [
        ("步", .step), ("节", .section), ("節", .section), ("部分", .section),
    ]

    /// Each keyword's first character, lower-cased as `prefixEnd` compares it.
    private static let keywordFirsts: [String] = keywords.map { String($0.word.first!) }

    private static func keywordLabel(_ body: Substring) -> (Kind, Int, Substring.Index, Bool)? {
        // Only the keywords starting with the body's first character are tried: every paragraph of a page is
        // matched at every keystroke (`PlainStepLabels`), and trying each keyword on prose cost ~20K
        // instructions a paragraph.
        guard let first = body.first else { return nil }
        let (firstText, loweredFirst) = (String(first), lowered(first))
        for (position, keyword) in keywords.enumerated()
        where (keyword.latin ? loweredFirst : firstText) == keywordFirsts[position] {
            guard let afterKeyword = prefixEnd(of: keyword.word, in: body, caseInsensitive: keyword.latin) else {
                continue
            }
            // `Steps`, `Stepping`: the keyword must end where the word ends.
            var index = afterKeyword
            // `Step-1`: a hyphen joining a Latin keyword to its number (`Step-by-step` has no number after it).
            if keyword.latin, index < body.endIndex, body[index] == "-" {
                let afterHyphen = body.index(after: index)
                if afterHyphen < body.endIndex, digitValue(body[afterHyphen]) != nil { index = afterHyphen }
            }
            index = skipSpaces(body, from: index)
            guard let (number, numberEnd) = parseNumber(body[index...], allowCJK: !keyword.latin) else { return nil }
            return (keyword.kind, number, numberEnd, keyword.latin)
        }
        return nil
    }

    /// Counters after a number, as Korean writes a step (`3단계`, `3 단계`).
    private static let numberCounters: [(word: String, kind: Kind)] = [("단계", .step)]

    /// `3단계`: a number, then a counter word ending there. A syllable right after the counter is a particle
    /// or a longer word (`3단계는`, `3단계로`, `단계별`): the line is prose.
    private static func counterLabel(_ body: Substring) -> (Kind, Int, Substring.Index, Bool)? {
        guard let (number, numberEnd) = parseNumber(body, allowCJK: false) else { return nil }
        let index = skipSpaces(body, from: numberEnd)
        for counter in numberCounters {
            guard let end = prefixEnd(of: counter.word, in: body[index...], caseInsensitive: false) else { continue }
            if end < body.endIndex, body[end].isLetter { return nil }
            return (counter.kind, number, end, false)
        }
        return nil
    }

    private static func ordinalLabel(_ body: Substring) -> (Kind, Int, Substring.Index, Bool)? {
        var index = skipSpaces(body, from: body.index(after: body.startIndex))
        guard let (number, numberEnd) = parseNumber(body[index...], allowCJK: true) else { return nil }
        index = skipSpaces(body, from: numberEnd)
        for counter in ordinalCounters {
            if let end = prefixEnd(of: counter.word, in: body[index...], caseInsensitive: false) {
                return (counter.kind, number, end, false)
            }
        }
        return nil
    }

    // MARK: - Titles

    /// Separators allowed between a label and its title.
    private static let separators: Set<Character> = [
        ":", "：", ".", "．", "。", "、", "-", "–", "—", "|", "｜", ")", "）",
    ]
    /// Characters that, right after a CJK label, show the label is the subject of a sentence.
    private static let particles: Set<Character> = [
        "的", "是", "中", "里", "裡", "就", "要", "也", "都", "和", "与", "與", "还", "了", "已", "可", "之",
        "后", "後", "前", "完", "时", "時",
        "で", "は", "の", "を", "に", "が", "も", "と", "へ", "や", "か",
    ]

    /// The title after a label, or nil when what follows shows the line is prose.
    private static func title(
        after rest: Substring, latinKeyword: Bool, inHeading: Bool, lowerCaseAllowed: Bool = false
    ) -> String? {
        var rest = rest
        // A number directly followed by a letter or digit is a longer word (`Step 3a`, `Step 3rd`), and a
        // dot followed by a digit is a decimal (`Step 3.5`).
        if let next = rest.first {
            if digitValue(next) != nil { return nil }
            if latinKeyword, next.isLetter { return nil }
            if next == "." || next == "．", let after = rest.dropFirst().first, after.isNumber { return nil }
            if next == ";" || next == "；" { return nil }
            if next == "," || next == "，" {
                guard inHeading else { return nil }
                let title = rest.dropFirst().trimmingWhitespace()
                return title.isEmpty ? nil : String(dropEmphasis(title))
            }
        }
        rest = dropEmphasis(rest)
        var hadSeparator = false
        let afterSpaces = rest.drop { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
        if let next = afterSpaces.first, separators.contains(next) {
            rest = afterSpaces
            hadSeparator = true
            rest = rest.dropFirst()
            rest = dropEmphasis(rest)
        }
        let hadSpace = rest.first?.isWhitespace == true
        let text = rest.trimmingWhitespace()
        var title = dropEmphasis(text)
        // The closing half of emphasis around the whole line (`**Step 2: Add**`), but not a balanced pair.
        for marker: Character in ["*", "_"] where title.last == marker {
            var body = title
            while body.last == marker { body = body.dropLast() }
            let total = title.count(where: { $0 == marker })
            if !body.contains(marker) || total % 2 == 1 { title = body }
        }
        title = title.trimmingWhitespace()
        guard let first = title.first, !hadSeparator else { return String(title) }
        if particles.contains(first) { return nil }
        // English: `Step 3 is where…`, `Section 2 of…` are sentences, `Step 3 Add a button` is a title.
        if latinKeyword, first.isLowercase, !lowerCaseAllowed { return nil }
        if latinKeyword, !hadSpace { return nil }
        return String(title)
    }

    // MARK: - Decoration

    private static func stripDecoration(_ line: Substring) -> Substring {
        var text = line.trimmingWhitespace()
        // Block quotes and ATX heading markers (`> ### Step 3 ###`).
        while text.first == ">" { text = text.dropFirst().trimmingWhitespace() }
        if text.first == "#" {
            let hashes = text.prefix { $0 == "#" }
            if hashes.count <= 6, let after = text.dropFirst(hashes.count).first, after.isWhitespace {
                text = text.dropFirst(hashes.count).trimmingWhitespace()
                // A closing sequence is `#`s preceded by a space.
                let closing = text.reversed().prefix { $0 == "#" }.count
                if closing > 0, closing < text.count {
                    let beforeClosing = text.dropLast(closing)
                    if beforeClosing.last?.isWhitespace == true { text = beforeClosing.trimmingWhitespace() }
                }
            }
        }
        return dropEmphasis(dropSymbols(dropEmphasis(text)))
    }

    /// A leading run of pictographs, dingbats and arrows and the blanks after it (`✔ Step 1`, `👉 Step 2`,
    /// `🔹 Section 3`, `→ Step 4`): a mark set before the label, not part of it. Only characters beyond ASCII
    /// whose first scalar is a symbol (`So`, `Sm`) count, so digits, keycaps (`1️⃣`) and letters stay.
    private static func dropSymbols(_ text: Substring) -> Substring {
        let symbols = text.prefix { character in
            guard let scalar = character.unicodeScalars.first, scalar.value >= 0x80 else { return false }
            return scalar.properties.generalCategory == .otherSymbol || scalar.properties.generalCategory == .mathSymbol
        }
        guard !symbols.isEmpty else { return text }
        return text.dropFirst(symbols.count).trimmingWhitespace()
    }

    private static func dropEmphasis(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == "*" || first == "_" { text = text.dropFirst() }
        return text
    }

    // MARK: - Scanning

    /// The index after `word` when `text` starts with it.
    private static func prefixEnd(of word: String, in text: Substring, caseInsensitive: Bool) -> Substring.Index? {
        var index = text.startIndex
        for expected in word {
            guard index < text.endIndex else { return nil }
            let actual = text[index]
            let same = caseInsensitive ? lowered(actual) == String(expected) : actual == expected
            guard same else { return nil }
            index = text.index(after: index)
        }
        return index
    }

    /// `character.lowercased()`, without Unicode's case mapping for a one-byte character (most of a text).
    private static func lowered(_ character: Character) -> String {
        let utf8 = character.utf8
        guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return character.lowercased() }
        return String(UnicodeScalar(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
    }

    private static func skipSpaces(_ text: Substring, from index: Substring.Index) -> Substring.Index {
        var index = index
        while index < text.endIndex,
            text[index] == " " || text[index] == "\t" || text[index] == "\u{3000}"
                || text[index] == "\u{00A0}"
        {
            index = text.index(after: index)
        }
        return index
    }
}
