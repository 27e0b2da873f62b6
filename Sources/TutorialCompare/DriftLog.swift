import TutorialModel

/// The drifts a comparison found, in the order found, each reported once (a misspelled name that the next
/// ten states carry along is one drift, not eleven), with their places in both documents. `DriftFinder`
/// decides what differs; this says it: one function per kind of drift, its message, its key, its places.
struct DriftLog {
    let original: TutorialCode
    let copy: TutorialCode
    private(set) var found: [Drift] = []
    /// The keys of what was reported: what a later step shows again is not reported again.
    private var reported: Set<String> = []
    private var lineIndexes: [String: LineIndex] = [:]

    init(original: TutorialCode, copy: TutorialCode) {
        self.original = original
        self.copy = copy
    }

    // MARK: Steps, sections and pieces on one side only

    mutating func stepOnOneSide(_ side: TutorialCode, _ code: StepCode, kind: DriftKind) {
        let place = documentPlace(side, step: code.step.id, range: code.step.range, text: code.step.title)
        let where_ = kind == .stepOnlyInOriginal ? "the copy has no step with its code" : "the original has no step with its code"
        found.append(
            Drift(
                kind: kind, message: "step \(code.step.id) shows code that \(where_)",
                original: kind == .stepOnlyInOriginal ? place : nil, copy: kind == .stepOnlyInCopy ? place : nil,
                replacement: nil))
    }

    mutating func sectionOnOneSide(_ side: TutorialCode, section: Int, kind: DriftKind) {
        let value = side.tutorial.sections[section - 1]
        let place = documentPlace(
            side, step: value.steps.first?.id ?? StepID(section: section, step: 1), range: value.range, text: value.title)
        let other = kind == .sectionOnlyInOriginal ? "the copy" : "the original"
        found.append(
            Drift(
                kind: kind, message: "section \(section) (\(value.steps.count) steps) has no counterpart in \(other)",
                original: kind == .sectionOnlyInOriginal ? place : nil, copy: kind == .sectionOnlyInCopy ? place : nil,
                replacement: nil))
    }

    /// A shown file or snippet with no counterpart on the other side of its aligned steps.
    mutating func wholePiece(_ piece: CodePiece, missing: Bool) {
        guard let first = piece.text.lines.first, let last = piece.text.lines.last else { return }
        let side = missing ? original : copy
        let key = "piece|\(missing)|\(piece.fileName ?? "")|\(piece.lineIDs.map(String.init).joined(separator: ","))"
        guard reported.insert(key).inserted else { return }
        let place = codePlace(
            side, piece, first.content.lowerBound..<last.content.upperBound,
            text: piece.text.text(of: first.content.lowerBound..<last.content.upperBound))
        let file = piece.fileName.map { "\($0)" } ?? "a snippet"
        found.append(
            Drift(
                kind: missing ? .lineMissing : .lineAdded,
                message: missing
                    ? "the copy shows no code of \(file) here (\(piece.text.lines.count) lines of the original)"
                    : "the original shows no code of \(file) here (\(piece.text.lines.count) lines of the copy)",
                original: missing ? place : nil, copy: missing ? nil : place, replacement: nil))
    }

    mutating func missingLine(_ before: CodePiece, _ line: Int, _ after: CodePiece, insertingBefore next: Int) {
        let codeLine = before.text.lines[line]
        guard reported.insert("missing|\(before.fileName ?? "")|\(codeLine.key)").inserted else { return }
        let atEnd = next >= after.text.lines.count
        let offset = atEnd ? after.text.bytes.count : lineStart(after, next)
        let lineText = before.text.text(of: codeLine)
        let ending = atEnd && after.text.bytes.last != 0x0A ? "\n" : ""
        found.append(
            Drift(
                kind: .lineMissing, message: "the copy leaves out `\(trimmed(lineText))`",
                original: codePlace(original, before, codeLine.codeRange, text: trimmed(lineText)),
                copy: codePlace(copy, after, offset..<offset, text: ""),
                replacement: atEnd ? ending + lineText + "\n" : lineText + "\n"))
    }

    mutating func addedLine(_ before: CodePiece, insertingBefore next: Int, _ after: CodePiece, _ line: Int) {
        let codeLine = after.text.lines[line]
        guard reported.insert("added|\(after.fileName ?? "")|\(codeLine.key)").inserted else { return }
        let offset = next < before.text.lines.count ? lineStart(before, next) : before.text.bytes.count
        let lineText = trimmed(after.text.text(of: codeLine))
        found.append(
            Drift(
                kind: .lineAdded, message: "the copy adds `\(lineText)`",
                original: codePlace(original, before, offset..<offset, text: ""),
                copy: codePlace(copy, after, codeLine.codeRange, text: lineText), replacement: nil))
    }

    /// A name the original declares, spelled differently in the copy.
    mutating func nameSpelling(
        _ before: CodePiece, _ name: (line: Int, token: CodeToken), _ after: CodePiece,
        _ spelled: (line: Int, token: CodeToken)
    ) {
        let oldLine = before.text.lines[name.line]
        let newLine = after.text.lines[spelled.line]
        guard
            reported.insert(
                "name|\(before.fileName ?? "")|\(oldLine.key)|\(newLine.key)|\(name.token.text)|\(spelled.token.text)"
            ).inserted
        else { return }
        found.append(
            Drift(
                kind: .nameSpelling, message: "`\(spelled.token.text)` where the original declares `\(name.token.text)`",
                original: codePlace(original, before, name.token.range, text: name.token.text),
                copy: codePlace(copy, after, spelled.token.range, text: spelled.token.text),
                replacement: name.token.text))
    }

    /// Lines both sides have with different code beyond a name's spelling.
    mutating func apiDiffers(_ before: CodePiece, _ oldLines: [Int], _ after: CodePiece, _ newLines: [Int]) {
        guard let oldFirst = oldLines.first, let oldLast = oldLines.last, let newFirst = newLines.first,
            let newLast = newLines.last
        else { return }
        let oldRange = before.text.lines[oldFirst].codeRange.lowerBound..<before.text.lines[oldLast].codeRange.upperBound
        let newRange = after.text.lines[newFirst].codeRange.lowerBound..<after.text.lines[newLast].codeRange.upperBound
        // The first line of each side says what differs; more would make the message a listing.
        let oldText = trimmed(before.text.text(of: before.text.lines[oldFirst])) + (oldLines.count > 1 ? " …" : "")
        let newText = trimmed(after.text.text(of: after.text.lines[newFirst])) + (newLines.count > 1 ? " …" : "")
        let oldKey = oldLines.map { before.text.lines[$0].key }.joined(separator: "\n")
        let newKey = newLines.map { after.text.lines[$0].key }.joined(separator: "\n")
        guard reported.insert("api|\(before.fileName ?? "")|\(oldKey)|\(newKey)").inserted else { return }
        found.append(
            Drift(
                kind: .apiDiffers, message: "the original has `\(oldText)`, the copy `\(newText)`",
                original: codePlace(original, before, oldRange, text: oldText),
                copy: codePlace(copy, after, newRange, text: newText),
                replacement: before.text.text(of: oldRange)))
    }

    /// Two states of a file that share too little for a line-by-line account (a file rewritten, or another
    /// file under the same name): one drift for the whole.
    mutating func differsThroughout(_ before: CodePiece, _ after: CodePiece, shared: Double) {
        guard let oldFirst = before.text.lines.first, let oldLast = before.text.lines.last,
            let newFirst = after.text.lines.first, let newLast = after.text.lines.last,
            reported.insert("whole|\(before.lineIDs)|\(after.lineIDs)").inserted
        else { return }
        let oldRange = oldFirst.codeRange.lowerBound..<oldLast.codeRange.upperBound
        let newRange = newFirst.codeRange.lowerBound..<newLast.codeRange.upperBound
        let file = after.fileName ?? before.fileName ?? "the snippet"
        found.append(
            Drift(
                kind: .apiDiffers,
                message: "\(file) differs throughout: \(Int((shared * 100).rounded()))% of its lines are the original's "
                    + "(\(before.text.lines.count) lines in the original, \(after.text.lines.count) in the copy)",
                original: codePlace(original, before, oldRange, text: trimmed(before.text.text(of: oldFirst)) + " …"),
                copy: codePlace(copy, after, newRange, text: trimmed(after.text.text(of: newFirst)) + " …"),
                replacement: nil))
    }

    /// The same code with other comments, strings or spacing: reported only when asked for.
    mutating func translated(_ before: CodePiece, _ line: Int, _ after: CodePiece, _ partner: Int) {
        let old = before.text.lines[line]
        let new = after.text.lines[partner]
        let oldText = trimmed(before.text.text(of: old))
        let newText = trimmed(after.text.text(of: new))
        guard oldText != newText, reported.insert("translated|\(oldText)|\(newText)").inserted else { return }
        found.append(
            Drift(
                kind: .translated, message: "translated: `\(oldText)` reads `\(newText)`",
                original: codePlace(original, before, old.content, text: oldText),
                copy: codePlace(copy, after, new.content, text: newText), replacement: nil))
    }

    private func lineStart(_ piece: CodePiece, _ line: Int) -> Int { piece.text.lines[line].content.lowerBound }

    // MARK: Places

    /// A range of a piece's code as a place: in the DocC resource file for DocC code, else in the document.
    private mutating func codePlace(_ side: TutorialCode, _ piece: CodePiece, _ range: Range<Int>, text: String)
        -> DriftPlace
    {
        let map = piece.snippet.sourceMap
        let documentStart = map.documentOffset(forCodeOffset: range.lowerBound)
        let documentRange = SourceRange(
            start: documentStart, end: max(documentStart, map.documentOffset(forCodeOffset: range.upperBound)))
        let step = side.tutorial.steps[piece.stepIndex].id
        if let docc = piece.snippet.docc, let path = docc.resourcePath {
            let index = lineIndex(path: path, text: piece.text.code)
            return DriftPlace(
                step: step, file: piece.fileName, path: path,
                range: SourceRange(start: range.lowerBound, end: range.upperBound),
                start: index.lineColumn(of: range.lowerBound), end: index.lineColumn(of: range.upperBound),
                documentRange: documentRange, text: text)
        }
        return documentPlace(side, step: step, range: documentRange, text: text, file: piece.fileName)
    }

    private func documentPlace(_ side: TutorialCode, step: StepID, range: SourceRange, text: String, file: String? = nil)
        -> DriftPlace
    {
        let document = side.tutorial.document
        return DriftPlace(
            step: step, file: file, path: document.path, range: range,
            start: document.lineIndex.lineColumn(of: range.start), end: document.lineIndex.lineColumn(of: range.end),
            documentRange: range, text: text)
    }

    mutating func lineIndex(path: String, text: String) -> LineIndex {
        if let known = lineIndexes[path + "\u{0}" + text] { return known }
        let index = LineIndex(text)
        lineIndexes[path + "\u{0}" + text] = index
        return index
    }
}

private func trimmed(_ text: String) -> String {
    var scalars = Substring(text)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
}
