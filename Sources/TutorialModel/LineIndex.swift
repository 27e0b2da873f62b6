/// Converts between UTF-8 byte offsets, lines, and UTF-8 or UTF-16 columns of one text.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` (as LSP and CommonMark define them); the terminator belongs
/// to the line it ends. The index is built by one scan of the bytes, never of `Character`s.
public struct LineIndex: Sendable {
    /// The text's UTF-8 bytes, kept so UTF-16 columns can be counted within a line.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            // Without a carriage return (most texts), only line feeds end lines: found by memchr.
            guard ByteSearch.index(of: 0x0D, in: buffer, from: 0) != nil else {
                Self.appendLineFeedStarts(in: buffer, to: &starts)
                return
            }
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        self.lineStarts = starts
    }

    /// The offset after each line feed, in order.
    private static func appendLineFeedStarts(in buffer: UnsafeBufferPointer<UInt8>, to starts: inout [Int]) {
        var index = 0
        while let found = ByteSearch.index(of: 0x0A, in: buffer, from: index) {
            starts.append(found + 1)
            index = found + 1
        }
    }

    /// Lines ending at `\n` only: how a Swift snippet's code lines are numbered in its facts and in the
    /// rules' edits (`split(separator: "\n")`'s lines, a lone `\r` staying inside its line).
    public init(lineFeedsIn bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { Self.appendLineFeedStarts(in: $0, to: &starts) }
        self.lineStarts = starts
    }

    /// The index of the text after replacing `range` with `inserted`: the line starts before the edit are
    /// kept and those after it shifted, and only the bytes from the line before the edit to the first line
    /// break after it are scanned (an editor's keystroke in a long document scanned all of it).
    public func replacing(_ range: SourceRange, with inserted: [UInt8]) -> LineIndex {
        // Copied in three block copies: `replaceSubrange` on the shared array copied the text byte by byte.
        var newBytes: [UInt8] = []
        newBytes.reserveCapacity(bytes.count - range.length + inserted.count)
        newBytes += bytes[..<range.start]
        newBytes += inserted
        newBytes += bytes[range.end...]
        let delta = inserted.count - range.length
        let insertedEnd = range.start + inserted.count
        // From the start of the line holding the byte before the edit: a CR there pairs with an LF the edit
        // inserts (or no longer does once the edit removes it).
        let firstLine = lineNumber(containing: max(0, range.start - 1))
        // The starts of the lines the edit's bytes end; those before `firstLine` are kept as they are.
        var found: [Int] = []
        var index = lineStarts[firstLine]
        let count = newBytes.count
        while index < count {
            let byte = newBytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            if byte == 0x0D, index + 1 < count, newBytes[index + 1] == 0x0A { index += 1 }
            index += 1
            found.append(index)
            // A line break that ends past the edit: the bytes after it, and so the line starts, are the
            // old text's, shifted.
            if index - 1 >= insertedEnd {
                let old = index - delta
                let next = Self.lineNumber(containing: old, lineStarts: lineStarts) + 1
                // The same line break ends a line of the old text (whatever came before it).
                guard lineStarts[next - 1] == old else { return LineIndex(bytes: newBytes) }
                let starts = Self.joined(lineStarts[...firstLine], found, shifting: lineStarts[next...], by: delta)
                return LineIndex(bytes: newBytes, lineStarts: starts)
            }
        }
        return LineIndex(bytes: newBytes, lineStarts: Self.joined(lineStarts[...firstLine], found, shifting: [], by: 0))
    }

    /// The kept starts `head`, the starts `found` in the edit, then `tail` shifted by `delta`, written once into an
    /// array of the final size: copying the kept starts out, shifting the rest into a new array and appending that
    /// (`starts += tail.map { … }`) copied a 1 MB document's line starts four times at every keystroke. The shift is
    /// one loop the compiler vectorizes: appending line by line cost ten instructions a line.
    private static func joined(
        _ head: ArraySlice<Int>, _ found: [Int], shifting tail: ArraySlice<Int>, by delta: Int
    ) -> [Int] {
        let total = head.count + found.count + tail.count
        return [Int](unsafeUninitializedCapacity: total) { buffer, count in
            var next = buffer.baseAddress!
            for part in [head, found[...]] {
                part.withUnsafeBufferPointer { part in
                    if let source = part.baseAddress { next.initialize(from: source, count: part.count) }
                    next += part.count
                }
            }
            // Wrapping addition: offsets of a text in memory cannot overflow, and the overflow check kept the loop
            // from being vectorized (a tenth of a million instructions per keystroke in a 1 MB document).
            tail.withUnsafeBufferPointer { tail in
                for index in 0..<tail.count { (next + index).initialize(to: tail[index] &+ delta) }
            }
            count = total
        }
    }

    private init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    public var lineCount: Int { lineStarts.count }

    /// The 0-based line holding `offset` (offsets past the end map to the last line).
    public func lineNumber(containing offset: Int) -> Int {
        Self.lineNumber(containing: max(0, min(offset, bytes.count)), lineStarts: lineStarts)
    }

    /// The 0-based line holding `offset` among ascending line starts (a binary search), for callers that
    /// keep only the starts of a `LineIndex`.
    public static func lineNumber(containing offset: Int, lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Byte range of a 0-based line's content, without its terminator.
    public func contentRange(ofLine line: Int) -> SourceRange {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return SourceRange(start: start, end: end)
    }

    /// A 0-based line's text without its terminator, for the checks that read a paragraph line by line.
    package func contentText(ofLine line: Int) -> Substring {
        let range = contentRange(ofLine: line)
        return Substring(String(decoding: bytes[range.start..<range.end], as: UTF8.self))
    }

    /// 0-based line and 0-based column of `offset`, counted in `encoding` units.
    /// An offset inside a multi-byte character is rounded down to that character's start.
    public func position(of offset: Int, encoding: ColumnEncoding) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineNumber(containing: clamped)
        let start = lineStarts[line]
        switch encoding {
        case .utf8:
            var column = clamped - start
            while column > 0, start + column < bytes.count, isContinuationByte(bytes[start + column]) {
                column -= 1
            }
            return (line, column)
        case .utf16:
            var units = 0
            var index = start
            while index < clamped {
                let length = Self.scalarLength(leadingByte: bytes[index])
                if index + length > clamped { break }
                units += length == 4 ? 2 : 1
                index += length
            }
            return (line, units)
        }
    }

    /// 1-based line and column, the form of the CLI, JSON and SARIF contracts.
    public func lineColumn(of offset: Int, encoding: ColumnEncoding = .utf16) -> LineColumn {
        let position = position(of: offset, encoding: encoding)
        return LineColumn(line: position.line + 1, column: position.column + 1)
    }

    /// Byte offset of a 0-based line and column in `encoding` units; columns past the line's end
    /// clamp to its end (as LSP requires), lines past the end clamp to the end of the text.
    public func offset(line: Int, column: Int, encoding: ColumnEncoding) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let content = contentRange(ofLine: line)
        switch encoding {
        case .utf8:
            var offset = min(content.start + max(column, 0), content.end)
            while offset > content.start, offset < bytes.count, isContinuationByte(bytes[offset]) { offset -= 1 }
            return offset
        case .utf16:
            var units = 0
            var index = content.start
            while index < content.end, units < column {
                let length = Self.scalarLength(leadingByte: bytes[index])
                let width = length == 4 ? 2 : 1
                if units + width > column { break }
                units += width
                index += length
            }
            return min(index, content.end)
        }
    }

    private func isContinuationByte(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Length of a UTF-8 sequence from its first byte; invalid bytes count as one unit each.
    @inline(__always)
    public static func scalarLength(leadingByte byte: UInt8) -> Int {
        switch byte {
        case 0..<0x80: return 1
        case 0xC0..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0..<0xF8: return 4
        default: return 1
        }
    }
}
