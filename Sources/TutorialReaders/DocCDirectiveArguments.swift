import TutorialModel

/// The byte-level reading a DocC directive's head needs: its arguments in parentheses (quoted strings,
/// labels), code fences, whitespace and identifiers.
extension DocCDirectiveParser.Parser {
    /// The offset of the `)` matching the `(` at `open`, skipping quoted strings; nil when none.
    func closingParenthesis(after open: Int) -> Int? {
        var index = open + 1
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte == 0x0A || byte == 0x0D {
                    return nil  // A string never spans lines: the quote is unbalanced.
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ")") {
                return index
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "{") {
                return nil  // A body brace: the parenthesis was never closed.
            } else if byte == 0x0A || byte == 0x0D {
                // Arguments may continue on the next line, but a line starting a directive ends them.
                let next = skipWhitespace(from: index, to: bytes.count)
                if next < bytes.count, bytes[next] == UInt8(ascii: "@") { return nil }
            }
            index += 1
        }
        return nil
    }

    /// `label: value, label: "quoted value", bare` inside `range`.
    mutating func parseArguments(_ range: SourceRange) -> [DocCArgument] {
        var result: [DocCArgument] = []
        var index = range.start
        while true {
            index = skipWhitespace(from: index, to: range.end)
            guard index < range.end else { break }
            let argumentStart = index
            var label: String?
            var labelEnd = index
            while labelEnd < range.end, isIdentifierByte(bytes[labelEnd]) { labelEnd += 1 }
            let afterLabel = skipWhitespace(from: labelEnd, to: range.end)
            if labelEnd > index, afterLabel < range.end, bytes[afterLabel] == UInt8(ascii: ":") {
                label = String(decoding: bytes[index..<labelEnd], as: UTF8.self)
                index = skipWhitespace(from: afterLabel + 1, to: range.end)
            }
            let value: String
            let valueRange: SourceRange
            var end: Int
            if index < range.end, bytes[index] == UInt8(ascii: "\"") {
                var close = index + 1
                var decoded: [UInt8] = []
                while close < range.end, bytes[close] != UInt8(ascii: "\"") {
                    if bytes[close] == UInt8(ascii: "\\"), close + 1 < range.end {
                        close += 1
                    }
                    decoded.append(bytes[close])
                    close += 1
                }
                if close >= range.end {
                    problems.append(
                        DocCSyntaxProblem(
                            message: "this string is not closed: a '\"' is missing",
                            range: SourceRange(start: index, end: index + 1), severity: .error))
                }
                value = String(decoding: decoded, as: UTF8.self)
                valueRange = SourceRange(start: index + 1, end: min(close, range.end))
                end = min(close + 1, range.end)
            } else {
                var stop = index
                while stop < range.end, bytes[stop] != UInt8(ascii: ",") { stop += 1 }
                valueRange = SourceRange(start: index, end: trimEndWhitespace(from: index, to: stop))
                value = String(decoding: bytes[valueRange.start..<valueRange.end], as: UTF8.self)
                end = valueRange.end
            }
            result.append(
                DocCArgument(
                    label: label, value: value, valueRange: valueRange,
                    range: SourceRange(start: argumentStart, end: end)))
            end = skipWhitespace(from: end, to: range.end)
            if end < range.end, bytes[end] == UInt8(ascii: ",") { end += 1 }
            // Junk that is neither a comma nor the next argument: skip to the next comma.
            index = end
            if index == argumentStart { index += 1 }
        }
        return result
    }

    // MARK: Fences

    func opensFence(_ line: SourceRange) -> (character: UInt8, length: Int)? {
        guard let first = line.isEmpty ? nil : bytes[line.start],
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        var length = 0
        while line.start + length < line.end, bytes[line.start + length] == first { length += 1 }
        return length >= 3 ? (first, length) : nil
    }

    func closesFence(_ line: SourceRange) -> Bool {
        guard let fence, let candidate = opensFence(line), candidate.character == fence.character,
            candidate.length >= fence.length
        else { return false }
        return line.start + candidate.length == line.end
    }

    // MARK: Bytes

    func skipBlanks(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    func skipWhitespace(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end,
            bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
        {
            index += 1
        }
        return index
    }

    func trimEnd(from start: Int, to end: Int) -> Int {
        var index = end
        while index > start, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
        return index
    }

    func trimEndWhitespace(from start: Int, to end: Int) -> Int {
        var index = end
        while index > start,
            bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 || bytes[index - 1] == 0x0A
                || bytes[index - 1] == 0x0D
        {
            index -= 1
        }
        return index
    }

    func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
