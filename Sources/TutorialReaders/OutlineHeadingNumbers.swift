/// The outline number a heading's text opens with (`1.`, `1.1`, `3.3.1.`, `1)`, `4a.`), read apart from the
/// outline it numbers (`OutlineNumbering`).
extension OutlineNumbering {
    /// The outline number a heading's text starts with and the title after it: `1. Title`, `1) Title`,
    /// `1.1 Title`, `1.1. Title`, `3.3.1. Title`, `1.1对象和类`, `4a. Title` (the lettered sub-part 4.1). A single
    /// number needs its dot (or a parenthesis); each part has at most three digits. A number that could be a
    /// quantity (`1.5 billion jars`: two parts, no dot after them) needs a title that does not start in lower
    /// case, unless `quantityAllowed` (the outline around it vouches for it: `headingNumbers`); one that cannot
    /// (`3.3.1 withCheckedContinuation`, `2.3. subject notes`) takes any title, as an API's name starts in lower
    /// case. A step word before an outline number (`Step 2.1: Declare`, `步骤2.1：`) gives that number too.
    static func outlineNumber(_ text: String, quantityAllowed: Bool = false) -> (parts: [Int], title: String)? {
        writtenNumber(text, quantityAllowed: quantityAllowed) ?? StepHeadings.outlineNumbered(Substring(text))
    }

    /// The number as digits open the text (`1.`, `1.1`, `4a.`), without a step word before it.
    private static func writtenNumber(_ text: String, quantityAllowed: Bool) -> (parts: [Int], title: String)? {
        var parts: [Int] = []
        var digits = ""
        var endsWithDot = false
        var rest = Substring(text)
        while let character = rest.first {
            if character.isASCII, character.isNumber {
                guard digits.count < 3 else { return nil }
                digits.append(character)
                endsWithDot = false
            } else if character == ".", !digits.isEmpty {
                parts.append(Int(digits)!)
                digits = ""
                endsWithDot = true
            } else if let letter = character.asciiValue, (0x61...0x7A).contains(letter), !digits.isEmpty, parts.isEmpty,
                let after = rest.dropFirst().first, after == "." || after == ")"
            {
                // `4a. Build`: a lettered sub-part of part 4, the outline's step 4.1 (counting conventions item 23).
                parts = [Int(digits)!, Int(letter - 0x60)]
                digits = ""
                endsWithDot = true
                rest = rest.dropFirst(2)
                break
            } else if character == ")", !digits.isEmpty, parts.isEmpty {
                // `1) Install`: a single number closed by a parenthesis, as a dot closes it.
                parts.append(Int(digits)!)
                digits = ""
                endsWithDot = true
                rest = rest.dropFirst()
                break
            } else {
                break
            }
            rest = rest.dropFirst()
        }
        if !digits.isEmpty { parts.append(Int(digits)!) }
        // A space after the number, or a title in a script without case right after it (`1.1对象和类`, as
        // Chinese and Japanese notes write their labels); a Latin letter there makes a word (`1.5GHz`).
        guard !parts.isEmpty, parts.count == 1 ? endsWithDot : true,
            let next = rest.first, next.isWhitespace || (next.isLetter && !next.isCased)
        else {
            return nil
        }
        let title = rest.trimmingWhitespace()
        let couldBeAQuantity = parts.count == 2 && !endsWithDot
        guard let first = title.first, quantityAllowed || !(couldBeAQuantity && first.isLowercase) else { return nil }
        return (parts, String(title))
    }
}
