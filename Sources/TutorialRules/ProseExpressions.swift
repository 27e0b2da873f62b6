/// The prose rules' three regular expressions over non-ASCII sentences, without `NSRegularExpression`:
/// it lives in libFoundation.so, whose loading (and ICU's behind it) every start of the CLI paid although
/// most lints never compile an expression. Each is decided here with exactly ICU's answer, which
/// ProsePatternTests checks against `NSRegularExpression` and the original patterns:
/// - a removal word, `(?i)\b(remove|removes|removing|delete|deletes|deleting)\b|삭제|제거|…`, by hand;
/// - a Chinese edit verb, `(?<![已被])(?:添加|…)(?![的了过])`, by hand (the standard library's `Regex`
///   has no lookbehind);
/// - a Korean or Japanese final predicate, `(?:P)[\s\p{P}]*$`: the trailing spaces and punctuation by
///   hand, the predicate by the standard library's `Regex` on Unicode scalars (as ICU matches), since
///   only whether a match exists is asked and that does not depend on the engine.
package enum ProseExpressions {
    // MARK: - Removal words

    private static let removalWords = ["remove", "removes", "removing", "delete", "deletes", "deleting"].map {
        Array($0.unicodeScalars)
    }
    private static let removalPhrases = ["삭제", "제거", "删除", "刪除", "移除", "去掉", "去除", "削除", "取り除"].map {
        Array($0.unicodeScalars)
    }

    /// Whether `text` holds a removal word: one of the English words between ICU word boundaries, in any
    /// case, or one of the Korean, Chinese and Japanese words anywhere.
    package static func holdsRemovalWord(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for start in 0...scalars.count {
            for phrase in removalPhrases where scalars[start...].starts(with: phrase) { return true }
            guard isWordBoundary(scalars, at: start) else { continue }
            for word in removalWords where start + word.count <= scalars.count {
                if zip(scalars[start...], word).allSatisfy(foldedEqual), isWordBoundary(scalars, at: start + word.count) {
                    return true
                }
            }
        }
        return false
    }

    /// ICU's case-insensitive comparison of a text scalar with a lowercase ASCII letter of a removal word:
    /// case folding maps A–Z to a–z and LONG S to `s`; no other scalar folds to one of these letters alone.
    private static func foldedEqual(_ pair: (Unicode.Scalar, Unicode.Scalar)) -> Bool {
        let (scalar, letter) = pair
        if scalar == letter { return true }
        if scalar.value >= 0x41, scalar.value <= 0x5A { return scalar.value + 0x20 == letter.value }
        return scalar.value == 0x17F && letter == "s"
    }

    /// ICU's `\b` (without UREGEX_UWORD): a word character on one side only, where combining marks and
    /// format characters belong to the character before them (never a boundary before one).
    private static func isWordBoundary(_ scalars: [Unicode.Scalar], at position: Int) -> Bool {
        var isWord = false
        if position < scalars.count {
            if isTransparent(scalars[position]) { return false }
            isWord = isICUWordCharacter(scalars[position])
        }
        var previousIsWord = false
        var index = position
        while index > 0 {
            index -= 1
            if !isTransparent(scalars[index]) {
                previousIsWord = isICUWordCharacter(scalars[index])
                break
            }
        }
        return isWord != previousIsWord
    }

    private static func isTransparent(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }

    /// ICU's `\w`: Alphabetic, marks, decimal digits, connector punctuation, ZWNJ and ZWJ; as of ICU's
    /// Unicode data, which lacks the scripts and letters in `newerLetters`.
    private static func isICUWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
                || value == 0x5F
        }
        let properties = scalar.properties
        let word: Bool
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: word = true
        default: word = properties.isAlphabetic || value == 0x200C || value == 0x200D
        }
        return word && !newerLetters.contains(where: { $0.contains(value) })
    }

    private static let newerLetters: [ClosedRange<UInt32>] = [
        0x88F...0x88F, 0xC5C...0xC5C, 0xCDC...0xCDC, 0x1ACF...0x1ADD, 0x1AE0...0x1AEB, 0xA7CE...0xA7CF,
        0xA7D2...0xA7D2, 0xA7D4...0xA7D4, 0xA7F1...0xA7F1, 0x10940...0x10959, 0x10EC5...0x10EC7,
        0x10EFA...0x10EFB, 0x11B60...0x11B67, 0x11DB0...0x11DDB, 0x11DE0...0x11DE9, 0x16EA0...0x16EB8,
        0x16EBB...0x16ED3, 0x16FF2...0x16FF6, 0x187F8...0x187FF, 0x18D09...0x18D1E, 0x18D80...0x18DF2,
        0x1E6C0...0x1E6DE, 0x1E6E0...0x1E6F5, 0x1E6FE...0x1E6FF, 0x2B73A...0x2B73F, 0x2CEA2...0x2CEAD,
        0x323B0...0x33479,
    ]

    // MARK: - Chinese edit verbs

    /// The pattern decided by `chineseEditStarts` (for the tests).
    package static let chineseEditPattern =
        "(?<![已被])(?:添加|加入|增加|加上|修改|更改|改为|改成|替换|删除|删掉|移除|插入|创建|新建|声明|实现|编写|写入|定义|包装|替换成)"
        + "(?![的了过])"

    private static let chineseVerbs = [
        "添加", "加入", "增加", "加上", "修改", "更改", "改为", "改成", "替换", "删除", "删掉", "移除", "插入", "创建", "新建", "声明",
        "实现", "编写", "写入", "定义", "包装", "替换成",
    ].map { Array($0.unicodeScalars) }

    /// Where each match of `chineseEditPattern` starts, as ICU finds them: left to right, the first verb
    /// of the list that fits at a position (not after 已 or 被, not before 的, 了 or 过), the search going
    /// on after it.
    package static func chineseEditStarts(in text: String) -> [String.Index] {
        let indices = Array(text.unicodeScalars.indices)
        let scalars = Array(text.unicodeScalars)
        var starts: [String.Index] = []
        var position = 0
        search: while position < scalars.count {
            if position == 0 || (scalars[position - 1] != "已" && scalars[position - 1] != "被") {
                for verb in chineseVerbs where scalars[position...].starts(with: verb) {
                    let end = position + verb.count
                    if end < scalars.count, ["的", "了", "过"].contains(scalars[end]) { continue }
                    starts.append(indices[position])
                    position = end
                    continue search
                }
            }
            position += 1
        }
        return starts
    }

    // MARK: - Korean and Japanese final predicates

    /// A Korean sentence ending in an edit verb: an edit noun with `하다` (`추가합니다`, `수정해 주세요`) or a
    /// native edit verb (`바꿉니다`, `넣어 보자`), followed only by verb endings and a helping verb.
    package static let koreanPredicate =
        "(?:(?:추가|수정|삭제|변경|구현|작성|선언|정의|교체|제거|삽입|생성|업데이트|적용|대체|설정|연결|지정|등록|호출|전달|입력|이동|"
        + "래핑|리팩터링|리팩토링|임포트)\\s*(?:을|를)?\\s*(?:하|해|합|한다|했|할|함)|바꾸|바꿔|바꿉|바꾼다|넣|만들|만듭|만든다|고치|고쳐|"
        + "고칩|지우|지워|지웁|감싸|붙여|붙이|옮기|옮겨|옮깁)[가-힣]*"
        + "(?:\\s+(?:주세요|줍니다|준다|주자|줘요|봅시다|보세요|보자|본다|볼게요|보겠습니다|줄게요|주겠습니다|둡니다|두자))?"

    /// A Japanese sentence ending in an edit verb (`追加します`, `変更してください`, `書き換えましょう`),
    /// followed only by kana endings.
    package static let japanesePredicate =
        "(?:(?:追加|変更|削除|修正|実装|置き換え|置換|宣言|定義|作成|更新|挿入|記述|編集|書き換え|設定|適用|接続|登録|呼び出|記入|移動)"
        + "(?:を)?(?:し|す|さ)|加え|変え|消し|入れ|書き|書く|付け|足し|直し|作り|作る)[ぁ-ゖー]*"

    /// Compiled once, for the first sentence with a kana, kanji or Hangul; immutable, so shared.
    nonisolated(unsafe) private static let koreanEnding = predicateAtEnd(koreanPredicate)
    nonisolated(unsafe) private static let japaneseEnding = predicateAtEnd(japanesePredicate)

    private static func predicateAtEnd(_ predicate: String) -> Regex<AnyRegexOutput>? {
        (try? Regex("(?:" + predicate + ")\\z"))?.matchingSemantics(.unicodeScalar)
    }

    /// Whether `(?:koreanPredicate)[\s\p{P}]*$` matches in `sentence`.
    package static func endsWithKoreanPredicate(_ sentence: Substring) -> Bool {
        endsWith(koreanEnding, sentence)
    }

    /// Whether `(?:japanesePredicate)[\s\p{P}]*$` matches in `sentence`.
    package static func endsWithJapanesePredicate(_ sentence: Substring) -> Bool {
        endsWith(japaneseEnding, sentence)
    }

    /// Every predicate starts with a kana, a kanji or a Hangul syllable (all from U+3040 on), and ends
    /// with none of the trailing class (`[\s\p{P}]`, which also holds every line terminator ICU's `$`
    /// may stand before): a match ends exactly where the sentence's trailing run of that class begins.
    private static func endsWith(_ expression: Regex<AnyRegexOutput>?, _ sentence: Substring) -> Bool {
        guard let expression, sentence.unicodeScalars.contains(where: { $0.value >= 0x3040 }) else { return false }
        let scalars = sentence.unicodeScalars
        var end = scalars.endIndex
        while end != scalars.startIndex, isTrailing(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return (try? expression.firstMatch(in: sentence[..<end])) != nil
    }

    /// ICU's `[\s\p{P}]`: White_Space and the P categories, as of ICU's Unicode data.
    private static func isTrailing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace { return true }
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return scalar.value != 0x10ED0
        default: return false
        }
    }
}
