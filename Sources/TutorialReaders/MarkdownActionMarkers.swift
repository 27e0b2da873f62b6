import TutorialModel

/// Action markers of interactive-scenario platforms written after a closing fence: Killercoda's and
/// Katacoda's ```` ```{{exec}} ````, ```` ```{{execute T2}} ````, ```` ```{{copy}} ````. Those platforms close the
/// block on that line and show the marker as a button that runs or copies its code; CommonMark reads a fence
/// line with text after the backticks as no closing line, so the block would run on through the prose and the
/// next fence, and the rest of the step would pair its fences the other way round. The reader blanks the
/// marker (spaces keep every byte, line and column where it was) so cmark closes the block where the
/// platform does.
enum MarkdownActionMarkers {
    /// Blanks the `{{…}}` after the backticks or tildes of each fence line among `lines` of `bytes`
    /// (`lineIndex` indexes `bytes`) that holds nothing else.
    static func blank(_ bytes: inout [UInt8], lines: Range<Int>, lineIndex: LineIndex) {
        // A line is looked at only where it opens with a backtick or tilde after its indentation: the reader
        // reads a document again at every keystroke, and most of its lines open otherwise.
        var markers: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            for line in lines {
                var index = lineIndex.lineStarts[line]
                while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
                guard index < buffer.count, buffer[index] == UInt8(ascii: "`") || buffer[index] == UInt8(ascii: "~")
                else { continue }
                let range = lineIndex.contentRange(ofLine: line)
                if let marker = marker(in: buffer[range.start..<range.end]) { markers.append(marker) }
            }
        }
        for marker in markers {
            for index in marker { bytes[index] = 0x20 }
        }
    }

    /// Where the `{{…}}` of a line such as `   ```{{exec}}` lies: after a run of three backticks or tildes
    /// or more (after any indentation), through the `}}` that ends the line but for blanks.
    static func marker(in line: Slice<UnsafeBufferPointer<UInt8>>) -> Range<Int>? {
        guard let fenceStart = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            line[fenceStart] == UInt8(ascii: "`") || line[fenceStart] == UInt8(ascii: "~")
        else { return nil }
        let fenceCharacter = line[fenceStart]
        let markerStart = line[fenceStart...].firstIndex { $0 != fenceCharacter } ?? line.endIndex
        guard markerStart - fenceStart >= 3, markerStart + 1 < line.endIndex,
            line[markerStart] == UInt8(ascii: "{"), line[markerStart + 1] == UInt8(ascii: "{")
        else { return nil }
        let end = (line[markerStart...].lastIndex { $0 != 0x20 && $0 != 0x09 } ?? markerStart) + 1
        guard end - markerStart >= 4, line[end - 1] == UInt8(ascii: "}"), line[end - 2] == UInt8(ascii: "}"),
            !line[(markerStart + 2)..<(end - 2)].contains(UInt8(ascii: "}"))
        else { return nil }
        return markerStart..<end
    }
}
