import TutorialModel
import XCTest

@testable import TutorialReaders
import TestSupport

/// Lining a code block up with its page by runs of plain bytes must give the source map and range that
/// lining it up one raw character at a time gives (the plain statement of the alignment, kept here):
/// compared over random pages made of the spellings that matter (tags, `<br>`, comments, references
/// with and without `;`, CRLF, multi-byte and no-break spaces) and codes that agree with them, drop,
/// add or change characters.
final class HTMLCodeAlignmentTests: XCTestCase {
    func testRunsAlignAsCharactersDo() {
        let spellings = [
            "a", "b", "let x = 1", " ", "    ", "\n", "\r\n", "\r", "<", "< ", "&lt;", "&gt;", "&amp;", "&amp", "&lt",
            "&quot;", "&#60;", "&#x3C;", "&nbsp;", "&unknownname;", "&zz", "<br>", "<br/>", "<span class=\"k\">",
            "</span>", "<!-- note -->", "é", "名前", "\u{A0}", "🎉", "&", "&#;",
        ]
        var random = SeededGenerator(seed: 2026120381)
        var aligned = 0
        for _ in 0..<3000 {
            let page = (0..<Int.random(in: 0...40, using: &random)).map { _ in spellings.randomElement(using: &random)! }
                .joined()
            let bytes = Array(("<pre>" + page + "</pre>").utf8)
            let start = 5
            let end = bytes.count - 6
            let plain = plainCharacters(bytes, from: start, to: end)
            // The code as a reader would decode it, then perturbed.
            var code: [UInt8] = []
            for character in plain {
                switch character.spelling {
                case .verbatim: code += bytes[character.range.start..<character.range.end]
                case .crlf, .lineBreak: code.append(0x0A)
                case .reference(let decoded?): code += decoded
                case .reference(nil): code += Array("?".utf8)
                }
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) where !code.isEmpty {
                let at = Int.random(in: 0..<code.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: code.remove(at: at)
                case 1: code.insert(UInt8.random(in: 0x20...0x7E, using: &random), at: at)
                default: code[at] = 0x20
                }
            }
            if Bool.random(using: &random) { code.append(0x0A) }
            let fallback = SourceRange.empty(at: start)
            let expected = plainAlign(code: code, raw: plain, bytes: bytes, fallback: fallback)
            let result = HTMLCodeAlignment.align(
                code: code, raw: HTMLRawText.scan(bytes, from: start, to: end), bytes: bytes, fallback: fallback)
            XCTAssertEqual(result.sourceMap, expected.sourceMap, page.debugDescription)
            XCTAssertEqual(result.range, expected.range, page.debugDescription)
            if !expected.sourceMap.segments.isEmpty { aligned += 1 }
        }
        XCTAssertGreaterThan(aligned, 1000)
    }

    // MARK: - The alignment one character at a time

    /// The raw characters one by one, as the runs must flatten to.
    private func plainCharacters(_ bytes: [UInt8], from start: Int, to end: Int) -> [HTMLRawCharacter] {
        var characters: [HTMLRawCharacter] = []
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 1 < end {
                let next = bytes[index + 1]
                if HTMLRawMarkup.hasPrefix(bytes, at: index, "<!--", end: end) {
                    index = HTMLRawMarkup.find(bytes, "-->", from: index + 4, end: end).map { $0 + 3 } ?? end
                    continue
                }
                if HTMLRawMarkup.isLetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
                    let tagEnd = HTMLRawMarkup.tagEnd(bytes, from: index + 1, end: end)
                    if HTMLRawMarkup.hasPrefix(bytes, at: index, "<br", end: end),
                        index + 3 < end, !HTMLRawMarkup.isNameByte(bytes[index + 3])
                    {
                        characters.append(
                            HTMLRawCharacter(range: SourceRange(start: index, end: tagEnd), spelling: .lineBreak))
                    }
                    index = tagEnd
                    continue
                }
            }
            if byte == UInt8(ascii: "&"), let reference = HTMLCharacterReference.parse(bytes, at: index, end: end) {
                characters.append(
                    HTMLRawCharacter(
                        range: SourceRange(start: index, end: reference.end),
                        spelling: .reference(decoded: reference.decoded)))
                index = reference.end
                continue
            }
            if byte == 0x0D, index + 1 < end, bytes[index + 1] == 0x0A {
                characters.append(HTMLRawCharacter(range: SourceRange(start: index, end: index + 2), spelling: .crlf))
                index += 2
                continue
            }
            let length = min(LineIndex.scalarLength(leadingByte: byte), end - index)
            characters.append(
                HTMLRawCharacter(range: SourceRange(start: index, end: index + length), spelling: .verbatim))
            index += length
        }
        // The runs flatten to these characters.
        let text = HTMLRawText.scan(bytes, from: start, to: end)
        var flattened: [String] = []
        var cursor = text.start
        while let current = cursor {
            flattened.append(describe(text.character(at: current)))
            cursor = text.cursor(current, advancedBy: 1)
        }
        XCTAssertEqual(flattened, characters.map(describe))
        return characters
    }

    private func describe(_ character: HTMLRawCharacter) -> String {
        "\(character.range) \(character.spelling)"
    }

    private func plainAlign(
        code: [UInt8], raw: [HTMLRawCharacter], bytes: [UInt8], fallback: SourceRange
    ) -> HTMLCodeAlignment.Result {
        var builder = SnippetSourceMap.Builder()
        var codeIndex = 0
        var rawIndex = 0
        var firstRaw: Int?
        var lastRawEnd: Int?
        let contentEnd = code.last == 0x0A ? code.count - 1 : code.count
        while codeIndex < code.count, rawIndex < raw.count {
            if let length = HTMLCodeAlignment.matchLength(code: code, at: codeIndex, raw: raw[rawIndex], bytes: bytes) {
                let character = raw[rawIndex]
                switch character.spelling {
                case .verbatim:
                    builder.append(codeOffset: codeIndex, documentOffset: character.range.start, length: length)
                case .crlf: builder.append(codeOffset: codeIndex, documentOffset: character.range.start + 1, length: 1)
                case .reference, .lineBreak: break
                }
                if codeIndex < contentEnd {
                    if firstRaw == nil { firstRaw = character.range.start }
                    lastRawEnd = character.range.end
                }
                codeIndex += length
                rawIndex += 1
                continue
            }
            var skip = 1
            while skip <= 8, rawIndex + skip < raw.count,
                HTMLCodeAlignment.matchLength(code: code, at: codeIndex, raw: raw[rawIndex + skip], bytes: bytes) == nil
            {
                skip += 1
            }
            if skip <= 8, rawIndex + skip < raw.count {
                rawIndex += skip
            } else {
                codeIndex += LineIndex.scalarLength(leadingByte: code[codeIndex])
            }
        }
        let start = firstRaw ?? fallback.start
        let range = SourceRange(start: start, end: max(start, lastRawEnd ?? start))
        return HTMLCodeAlignment.Result(sourceMap: builder.build(fallback: range), range: range)
    }
}
