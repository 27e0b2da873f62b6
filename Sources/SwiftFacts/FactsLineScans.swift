#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif
internal import SnippetComposition
internal import TutorialModel

/// Lines that stand for omitted code (`ElidedCode`: `// ...`, `…`, a column of dots, `// existing code`,
/// `{ ... }` bodies and their Korean, Chinese and Japanese forms), an editor placeholder, or a line shaped
/// like code left out (`commentsStandingForCode`). Composition merges only the first kinds; every kind
/// keeps the state from being taken for the whole file.
func elidedLines(in code: String) -> [Int] {
    var result = ElidedCode.markerLines(in: code)
    let shaped = commentsStandingForCode(in: code).filter { !result.contains($0) }
    if !shaped.isEmpty { result = (result + shaped).sorted() }
    // Byte search first (Foundation's `contains` was a seventh of a lint); the lines are judged below.
    if ByteSearch.contains(placeholderOpening, anchor: 1, in: code) {
        for (line, text) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where text.containsText("<#") && text.containsText("#>") && !result.contains(line) {
            result.append(line)
        }
        result.sort()
    }
    return result
}

/// Finds `tutorial-check:disable-line` in line comments by scanning the text, so suppressions work
/// even in code that does not parse.
func lineSuppressions(in code: String, lineStarts: [Int]) -> [LineSuppression] {
    let marker = "tutorial-check:disable-line"
    // A byte search first: `String.contains(String)` goes through Foundation's locale-aware search, which
    // cost as much as a tenth of the whole facts extraction, for a marker almost no snippet has.
    guard ByteSearch.contains(suppressionMarker, anchor: suppressionMarkerDash, in: code) else { return [] }
    var result: [LineSuppression] = []
    for (line, text) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let comment = text.rangeOfText("//"), let found = text.rangeOfText(marker),
            comment.lowerBound < found.lowerBound
        else { continue }
        let rules = text[found.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .map(String.init).filter { !$0.isEmpty }
        result.append(LineSuppression(line: line, rules: rules))
    }
    return result
}

/// An editor placeholder's opening, searched by its `#` (rarer in code than `<`).
private let placeholderOpening = Array("<#".utf8)
/// Three dots: a run that may leave an operand out (`let list = ...`).
private let threeDots = Array("...".utf8)
private let suppressionMarker = Array("tutorial-check:disable-line".utf8)
/// The marker's first `-`: the byte searched for, rarer in code than its first letter `t`.
private let suppressionMarkerDash = suppressionMarker.firstIndex(of: UInt8(ascii: "-"))!

/// Lines that may stand for code, judged by shape in any language, with no list of phrases: a comment
/// holding an ellipsis (`// … the rest as before`, `/* 省略…… */`); comments that are all a block holds that
/// cannot be empty (`struct ContentView: View {` `// 기존 코드` `}`: they stand for code); and prose
/// written among the code (a line of Hangul, kana or ideographs outside a string or a comment); and a
/// trailing comment where an operand is due (`let contact: CNContact = // the one picked earlier`).
/// Doc comments and markers for tools (`///`, `MARK:`, `TODO:`, `FIXME:`, `swiftlint:`, `tutorial-check:`)
/// are comments of a whole file.
func commentsStandingForCode(in code: String) -> [Int] {
    // Most snippets have no comment, no non-ASCII byte and no run of dots: nothing to judge.
    // Over the contiguous bytes: `String.UTF8View.contains(where:)` cost as much as the rest of the check.
    var text = code
    // A `/` by memchr, a byte from 0xE2 up (`…` and the wide ellipses) by words: a byte loop was a twentieth of
    // the facts walk at every state.
    let mayHoldComment = text.withUTF8 { bytes in
        ByteSearch.index(of: 0x2F, in: bytes, from: 0) != nil || ByteSearch.containsByte(atLeast: 0xE2, in: bytes)
    }
    guard mayHoldComment || ByteSearch.contains(threeDots, anchor: 0, in: code) else { return [] }
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        var text = line
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
    var result: [Int] = []
    for (index, line) in lines.enumerated() {
        guard let comment = commentText(of: line) else {
            if isProse(line) || leavesItsOperandToAComment(line) || leavesItsOperandToAnEllipsis(line)
                || trailsOffWhileOpen(line)
            {
                result.append(index)
            }
            continue
        }
        let toolMarkers = ["MARK:", "TODO:", "FIXME:", "swiftlint:", "tutorial-check:", "#warning", "-"]
        if line.hasPrefix("///") || line.hasPrefix("/**") || line.hasPrefix("//:")
            || toolMarkers.contains(where: { comment.hasPrefix($0) })
        {
            continue
        }
        // The only content of a block that cannot be empty: a type's body, a computed property's, a function
        // returning a value. (`func updateUIView(…) { // nothing to do }` is a whole, empty method.)
        let next = lines[(index + 1)...].first { !$0.isEmpty && commentText(of: $0) == nil }
        let previous = lines[..<index].last { !$0.isEmpty && commentText(of: $0) == nil }
        let fillsItsBlock =
            next?.hasPrefix("}") == true && previous.map { $0.hasSuffix("{") && opensABlockThatHoldsCode($0) } == true
        if ellipses.contains(where: { comment.containsText($0) }) || fillsItsBlock {
            result.append(index)
        }
    }
    return result
}

/// Whether a line opening a block opens one that cannot be empty in a whole file: a type's body (`struct`,
/// `class`, `enum`, `actor`, `extension`), a computed property (`var body: some View {`), or a function or
/// closure that returns a value (`-> Coordinator {`).
private func opensABlockThatHoldsCode(_ line: String) -> Bool {
    if line.containsText("->") { return true }
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "nonisolated",
        "override", "lazy",
    ]
    guard let keyword = words.first(where: { !modifiers.contains($0) && !$0.hasPrefix("@") }) else { return false }
    return ["struct", "class", "enum", "actor", "extension", "var"].contains(keyword)
}

/// What draws an ellipsis in a comment (one full stop ends a sentence; two dots or more leave something out).
private let ellipses = ["..", "…", "⋯", "⋮", "︙", "‥", "。。", "・・", "··"]

/// The text of a line that is a comment alone (`// …` or a one-line `/* … */`), trimmed; nil otherwise.
private func commentText(of line: String) -> String? {
    var text: Substring
    if line.hasPrefix("//") {
        text = line.dropFirst(2)
    } else if line.hasPrefix("/*"), line.hasSuffix("*/"), line.count >= 4 {
        text = line.dropFirst(2).dropLast(2)
    } else {
        return nil
    }
    while text.first == "/" || text.first == " " || text.first == "\t" { text.removeFirst() }
    return String(text)
}

/// Whether a line of code stops where an operand is due and says in a trailing comment what goes there
/// (`let contact: CNContact = // the one picked earlier`, `return // the total`, `base + // the rest`):
/// the comment stands for an expression the author left out.
private func leavesItsOperandToAComment(_ line: String) -> Bool {
    // A trailing `// …`, or a `/* … */` that ends the line (`state = /* usually something from value */`).
    let blockComment = line.hasSuffix("*/") ? line.rangeOfText("/*") : nil
    guard let comment = line.rangeOfText("//") ?? blockComment else { return false }
    let code = line[..<comment.lowerBound]
    // A `//` inside a string literal (`"https://…"`) starts no comment.
    guard code.filter({ $0 == "\"" }).count % 2 == 0 else { return false }
    guard let last = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).last else { return false }
    if last == "return" || last == "=" { return true }
    // A token of operator characters alone is a binary operator waiting for its right side (`+`, `??`, `&&`,
    // `+=`); a token ending in one after a name (`a.b=`) is the same. Generic closings (`Array<Int>`) and
    // postfix operators on a name (`value!`) hold more than operator characters and end otherwise.
    let operatorCharacters = Set("=+-*/%&|^<>!?~")
    if last.allSatisfy(operatorCharacters.contains), last != "!", last != "?", last != ">" { return true }
    return last.hasSuffix("=") && !last.hasSuffix("->")
}

/// Whether a line leaves an operand, an argument list or a collection's elements to an ellipsis: `…`
/// outside a string (no Swift token), or `...` with nothing on either side it could range over
/// (`let list = ...`, `load(...)`, `[...]`, `return ...`, `if ... {`, `then ...`). A range (`0...5`,
/// `...limit`, `items[2...]`) and a variadic parameter (`Int...`) have an operand beside the dots.
private func leavesItsOperandToAnEllipsis(_ line: String) -> Bool {
    // Most lines hold no dots in a row: they are not scanned character by character (facts are extracted
    // for every state at every keystroke).
    guard line.containsText("...") || line.containsText("\u{2026}"), let code = codeOutsideStringsAndComments(line)
    else { return false }
    if code.contains(Character("\u{2026}")) { return true }
    if startsWithDotsThenWords(code) { return true }
    let characters = Array(code)
    var index = 0
    while index + 2 < characters.count {
        guard characters[index] == ".", characters[index + 1] == ".", characters[index + 2] == "." else {
            index += 1
            continue
        }
        var end = index
        while end < characters.count, characters[end] == "." { end += 1 }
        let before = characters[..<index].reversed().first { $0 != " " && $0 != "\t" }
        let after = characters[end...].first { $0 != " " && $0 != "\t" }
        let word = String(characters[..<index]).split(whereSeparator: { $0 == " " || $0 == "\t" }).last
        let opensAnOperand =
            before.map { "=([,:{".contains($0) } ?? true
            || word.map { keywordsBeforeAnExpression.contains(String($0)) } == true
        let closesIt = after.map { ")]},{".contains($0) } ?? true
        if opensAnOperand && closesIt { return true }
        // Dots ending the line after a blank (`then ...`, `and so on ...`): a postfix range is glued to its
        // operand, so these stand for what goes on.
        if after == nil, index > 0, characters[index - 1] == " " || characters[index - 1] == "\t", before != nil {
            return true
        }
        index = end
    }
    return false
}

/// Whether a line's code is dots, a blank and two words or more (`... append the data to the file`,
/// `.... show the progress`): pseudo-code saying in words what goes there. Swift writes a range operator at a
/// line's start only before its one operand (`... upper`, continuing the line above, or `...limit`).
private func startsWithDotsThenWords(_ code: String) -> Bool {
    let text = code.drop { $0 == " " || $0 == "\t" }
    guard text.hasPrefix("...") else { return false }
    let rest = text.drop { $0 == "." }
    guard rest.first == " " || rest.first == "\t" else { return false }
    let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
    return words.count >= 2 && words.allSatisfy { $0.first?.isLetter == true }
}

/// Swift's keywords an expression follows: dots after one stand for the expression (`if ... {`, `return ...`).
private let keywordsBeforeAnExpression: Set<String> = [
    "return", "in", "if", "guard", "while", "switch", "case", "throw", "await", "try",
]

/// Whether a line trails off in a comment with an ellipsis while a call, a subscript or an operand is left
/// open (`viewModel.bind(to // tableView, collectionView ...`): the comment stands for the rest of the line.
private func trailsOffWhileOpen(_ line: String) -> Bool {
    guard let comment = line.rangeOfText("//"),
        ellipses.contains(where: { line[comment.upperBound...].containsText($0) }),
        let code = codeOutsideStringsAndComments(line)
    else { return false }
    let opened = code.filter { $0 == "(" || $0 == "[" }.count
    let closed = code.filter { $0 == ")" || $0 == "]" }.count
    let last = code.last { $0 != " " && $0 != "\t" }
    return opened > closed || last.map { ",=+-*/&|(".contains($0) } == true
}

/// A line's code with string literals' contents and a trailing `//` comment taken out; nil when its quotes
/// do not pair up on the line (a multi-line string or a string left open: not judged).
private func codeOutsideStringsAndComments(_ line: String) -> String? {
    var code = ""
    var inString = false
    var escaped = false
    var characters = line[...]
    while let character = characters.popFirst() {
        if inString {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
                code.append(character)
            }
            continue
        }
        if character == "/", characters.first == "/" { break }
        if character == "\"" { inString = true }
        code.append(character)
    }
    return inString ? nil : code
}

/// Whether a line outside comments is prose: once its comments are taken out, it holds Hangul, kana or CJK
/// ideographs and no quote that could put them in a string literal.
private func isProse(_ line: String) -> Bool {
    guard line.utf8.contains(where: { $0 >= 0xE3 }), !line.containsText("\"") else { return false }
    var code = Substring(line)
    if let comment = code.rangeOfText("//") { code = code[..<comment.lowerBound] }
    var uncommented = ""
    while let open = code.rangeOfText("/*") {
        uncommented += code[..<open.lowerBound]
        guard let close = code[open.upperBound...].rangeOfText("*/") else {
            code = ""
            break
        }
        code = code[close.upperBound...]
    }
    uncommented += code
    return uncommented.unicodeScalars.contains { scalar in
        (0xAC00...0xD7A3).contains(scalar.value) || (0x3040...0x30FF).contains(scalar.value)
            || (0x4E00...0x9FFF).contains(scalar.value)
    }
}
