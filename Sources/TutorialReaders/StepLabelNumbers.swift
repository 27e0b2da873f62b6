/// The numbers a step or section label carries (`Step 12`, `步骤３`, `第二十三步`, `Step ②`): Arabic and
/// full-width digits, circled numbers and CJK numerals, read where a label's number stands.
extension StepHeadings {
    /// A number at the start of `text`: Arabic or full-width digits (at most 4), a circled number,
    /// or (when `allowCJK`) a CJK numeral up to 999. Returns the value and the index after it.
    static func parseNumber(_ text: Substring, allowCJK: Bool) -> (Int, Substring.Index)? {
        guard let first = text.first else { return nil }
        if let scalar = first.unicodeScalars.first, first.unicodeScalars.count == 1,
            (0x2460...0x2473).contains(scalar.value)
        {
            return (Int(scalar.value - 0x2460) + 1, text.index(after: text.startIndex))
        }
        if digitValue(first) != nil {
            var value = 0
            var count = 0
            var index = text.startIndex
            while index < text.endIndex, let digit = digitValue(text[index]) {
                value = value * 10 + digit
                count += 1
                index = text.index(after: index)
                if count > 4 { return nil }
            }
            return (value, index)
        }
        guard allowCJK else { return nil }
        // The longest prefix of the run of numeral characters that is a well-formed numeral.
        var run: [Character] = []
        var ends: [Substring.Index] = []
        var index = text.startIndex
        while index < text.endIndex, run.count < 8, cjkNumeralCharacters.contains(text[index]) {
            run.append(text[index])
            index = text.index(after: index)
            ends.append(index)
        }
        var length = run.count
        while length > 0 {
            if let value = cjkValue(run[0..<length]) { return (value, ends[length - 1]) }
            length -= 1
        }
        return nil
    }

    static func digitValue(_ character: Character) -> Int? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value - 0x30)
        case 0xFF10...0xFF19: return Int(scalar.value - 0xFF10)
        // Arabic-Indic, Persian, Devanagari and Thai digits, as the labels of those languages may be numbered.
        case 0x0660...0x0669: return Int(scalar.value - 0x0660)
        case 0x06F0...0x06F9: return Int(scalar.value - 0x06F0)
        case 0x0966...0x096F: return Int(scalar.value - 0x0966)
        case 0x0E50...0x0E59: return Int(scalar.value - 0x0E50)
        default: return nil
        }
    }

    static let cjkDigits: [Character: Int] = [
        "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
        "八": 8, "九": 9,
    ]
    static let cjkNumeralCharacters: Set<Character> = Set(cjkDigits.keys).union(["十", "百"])

    /// The value of a well-formed CJK numeral below 1000 (`三`, `十一`, `二十三`, `一百零二`), else nil.
    @_spi(Testing) public static func cjkValue(_ numeral: ArraySlice<Character>) -> Int? {
        var rest = numeral
        var value = 0
        if let hundred = rest.firstIndex(of: "百") {
            let before = rest[..<hundred]
            guard before.count == 1, let digit = cjkDigits[before.first!], digit > 0 else { return nil }
            value = digit * 100
            rest = rest[rest.index(after: hundred)...]
            if rest.first == "零" || rest.first == "〇" {
                rest = rest.dropFirst()
                guard rest.count == 1, let unit = cjkDigits[rest.first!], unit > 0 else { return nil }
                return value + unit
            }
            if rest.isEmpty { return value }
            // `一百十` is written `一百一十`: after 百, tens need their digit.
            guard rest.first != "十" else { return nil }
        }
        if let ten = rest.firstIndex(of: "十") {
            let before = rest[..<ten]
            var tens = 1
            if before.count == 1 {
                guard let digit = cjkDigits[before.first!], digit > 0 else { return nil }
                tens = digit
            } else if !before.isEmpty || value > 0 {
                return nil
            }
            let after = rest[rest.index(after: ten)...]
            guard after.count <= 1 else { return nil }
            var unit = 0
            if let last = after.first {
                guard let digit = cjkDigits[last], digit > 0 else { return nil }
                unit = digit
            }
            return value + tens * 10 + unit
        }
        guard rest.count == 1, let digit = cjkDigits[rest.first!] else { return nil }
        if value > 0 && digit != 0 { return nil }  // `一百三` is colloquial for 130: not a label number.
        return value + digit
    }
}
