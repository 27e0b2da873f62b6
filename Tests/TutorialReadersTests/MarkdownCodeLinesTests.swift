import TutorialModel
import XCTest

@testable import TutorialReaders
import TestSupport

/// Mapping a code literal's lines back to the document over the buffers must give what the plain
/// statement of it gives (split the literal into lines, match each line's longest common suffix with its
/// document line): compared over random documents with quote markers, indentation, tabs, CRLFs and
/// lines the literal does not have.
final class MarkdownCodeLinesTests: XCTestCase {
    func testBufferMappingAgreesWithThePlainOne() {
        let pieces = ["let", " ", "x", "=", "1", "\t", "é", "> ", "- ", "  ", "{", "}"]
        var random = SeededGenerator(seed: 2026120391)
        var mapped = 0
        for _ in 0..<2000 {
            let lineCount = Int.random(in: 0...8, using: &random)
            var documentLines: [String] = []
            var literalLines: [String] = []
            for _ in 0..<lineCount {
                let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                let prefix = ["", "> ", "    ", "\t", "- "].randomElement(using: &random)!
                documentLines.append(prefix + text + (Bool.random(using: &random) ? "\r" : ""))
                // cmark keeps a suffix of the document's line, sometimes with a different start.
                literalLines.append(Bool.random(using: &random) ? text : "  " + text)
            }
            let document = ["```"] + documentLines + ["```"]
            let lineIndex = LineIndex(lineFeedsIn: Array(document.joined(separator: "\n").utf8))
            var literal = Array(literalLines.joined(separator: "\n").utf8)
            if Bool.random(using: &random) { literal.append(0x0A) }
            if Bool.random(using: &random) { literal.append(contentsOf: [0x0D, 0x0A]) }
            let firstLine = Int.random(in: -1...2, using: &random)
            let result = MarkdownCodeLines.map(literal: literal, firstLine: firstLine, lineIndex: lineIndex)
            let expected = plainMap(literal: literal, firstLine: firstLine, lineIndex: lineIndex)
            XCTAssertEqual(result.code, expected.code)
            XCTAssertEqual(result.range, expected.range)
            XCTAssertEqual(result.sourceMap, expected.sourceMap)
            XCTAssertEqual(result.lineCount, expected.lineCount)
            if !expected.sourceMap.segments.isEmpty { mapped += 1 }
        }
        XCTAssertGreaterThan(mapped, 1000)
    }

    private func plainMap(literal: [UInt8], firstLine: Int, lineIndex: LineIndex) -> MarkdownCodeLines.Mapped {
        let bytes = lineIndex.bytes
        var code: [UInt8] = []
        var builder = SnippetSourceMap.Builder()
        var lines = literal.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var rangeStart: Int?
        var rangeEnd: Int?
        for (offset, var line) in lines.enumerated() {
            if line.last == 0x0D { line = line.dropLast() }
            let documentLine = firstLine + offset
            let codeLineStart = code.count
            code.append(contentsOf: line)
            code.append(0x0A)
            guard documentLine >= 0, documentLine < lineIndex.lineCount else { continue }
            let content = lineIndex.contentRange(ofLine: documentLine)
            var common = 0
            while common < line.count, common < content.length,
                line[line.endIndex - 1 - common] == bytes[content.end - 1 - common]
            {
                common += 1
            }
            builder.append(
                codeOffset: codeLineStart + line.count - common, documentOffset: content.end - common, length: common)
            let terminator = content.end < bytes.count && bytes[content.end] == 0x0D ? content.end + 1 : content.end
            if terminator < bytes.count, bytes[terminator] == 0x0A {
                builder.append(codeOffset: codeLineStart + line.count, documentOffset: terminator, length: 1)
            }
            if rangeStart == nil { rangeStart = content.end - common }
            rangeEnd = content.end
        }
        let fallbackLine = min(max(firstLine, 0), lineIndex.lineCount - 1)
        let start = rangeStart ?? lineIndex.lineStarts[fallbackLine]
        let range = SourceRange(start: start, end: max(start, rangeEnd ?? start))
        return MarkdownCodeLines.Mapped(
            code: String(decoding: code, as: UTF8.self), range: range, sourceMap: builder.build(fallback: range),
            lineCount: lines.count)
    }
}
