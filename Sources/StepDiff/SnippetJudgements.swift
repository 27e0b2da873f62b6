// How the timeline judges one snippet against a file's latest state: elisions merged, excerpts, new types.

import SnippetComposition
import TutorialModel

/// `code`, which leaves code out, merged with the state it continues; nil when that is ambiguous, or
/// when the merge would not parse where the base did.
func mergedElision(_ code: String, base: String, trees: SyntaxTrees) -> TracedText? {
    // Not for safety (the trees ask `SwiftParseLimits` themselves): text merged from code that is not
    // parsed would be judged by its text alone.
    guard SwiftParseLimits.unparseableReason(code) == nil, SwiftParseLimits.unparseableReason(base) == nil,
        let merged = mergeElidedSwift(previous: TracedText(untraced: base.utf8), shown: TracedText(shown: code), trees: trees)
    else { return nil }
    if fragmentShape(merged.string, trees: trees) == .invalid, fragmentShape(base, trees: trees) != .invalid { return nil }
    return merged
}

/// Whether a snippet without imports shows some of the top-level types of the file's latest state (which
/// has no imports either) and nothing else: a translation that leaves out the preview, not a step that
/// deletes it.
func showsSomeTypes(_ snippet: Snippet, of latest: FileState, trees: SyntaxTrees) -> Bool {
    // The byte scan for imports first: parsing every state on each keystroke is what the server cannot afford.
    // Code not parsed (`SwiftParseLimits`) has no top-level types: no answer but false.
    guard snippet.docc == nil, !hasImport(snippet.code), !importsModule(snippet.code, trees: trees) else { return false }
    let shown = Set(topLevelTypeNames(in: snippet.code, trees: trees))
    let before = Set(topLevelTypeNames(in: latest.code, trees: trees))
    return !shown.isEmpty && shown.isStrictSubset(of: before)
}

/// The first type of a snippet that looks like a whole new file (it imports a module, or it declares a
/// view and its preview), unless it is a preview: the name Xcode gives the file (`LandmarkRow` for
/// `LandmarkRow.swift`). A lone type may as well be nested in a type of another file.
func fileTypeName(_ snippet: Snippet, trees: SyntaxTrees) -> String? {
    guard snippet.docc == nil else { return nil }
    let types = topLevelTypeNames(in: snippet.code, trees: trees)
    guard let type = types.first, !isPreviewTypeName(type),
        hasImport(snippet.code) || types.contains(where: { previewedTypeName($0) == type })
    else { return nil }
    return type
}

/// The type a snippet declares first, when that is not a preview: the name of the file a new type goes
/// to when nothing places it.
func newTypeName(_ snippet: Snippet, trees: SyntaxTrees) -> String? {
    guard declaresTypesOnly(snippet.code, trees: trees),
        let type = topLevelTypeNames(in: snippet.code, trees: trees).first, !isPreviewTypeName(type)
    else { return nil }
    return type
}

/// Whether a state declares a top-level type of this name.
func declares(_ type: String, _ state: FileState?, trees: SyntaxTrees) -> Bool {
    guard let state else { return false }
    return topLevelTypeNames(in: state.code, trees: trees).contains(type)
}

/// A state composed from a partial snippet: the composed code, traced back to the shown snippet.
func composedState(
    step: StepID, index: Int, shown: Snippet, fileName: String, code: TracedText, kind: FileState.Composition.Kind,
    summary: String, nameSource: FileState.NameSource
) -> FileState {
    let snippet = Snippet(
        fileName: fileName, language: shown.language ?? "swift", code: code.string, kind: .file, range: shown.range,
        sourceMap: code.sourceMap(through: shown.sourceMap))
    return FileState(
        step: step, snippetIndex: index, snippet: snippet, nameSource: nameSource,
        composition: FileState.Composition(kind: kind, shown: shown, summary: summary))
}

/// Whether a snippet the reader took for a whole file is an abridged excerpt of the file's latest
/// state: it drops the imports that state has and is shorter. Tutorial files keep their imports from
/// step to step, so diffing such an excerpt would show most of the file as deleted. DocC `@Code`
/// resources are whole files by construction and never excerpts.
func isExcerpt(_ snippet: Snippet, of latest: FileState) -> Bool {
    // The import checks first: they stop at the first import line, where counting lines reads every byte
    // (5% of a keystroke's re-analysis in a 1 MB tutorial).
    guard snippet.docc == nil, !hasImport(snippet.code), hasImport(latest.code) else { return false }
    return snippet.lineCount < latest.snippet.lineCount
}

/// Whether a line of `code` starts with `import ` or `@testable import `; a line starts after an LF that
/// is not part of a CRLF, as `split(separator: "\n")` splits.
func hasImport(_ code: String) -> Bool {
    // Each `import ` found by `ByteSearch` (memchr on its `p`) is checked for a line start before it: most
    // snippets have no import, and a Swift loop over every line's first bytes read each snippet twice per
    // timeline build.
    var code = code
    return code.withUTF8 { bytes in
        func isLineStart(_ index: Int) -> Bool {
            index == 0 || (bytes[index - 1] == 0x0A && (index == 1 || bytes[index - 2] != 0x0D))
        }
        let (keyword, testable) = (importKeyword, testableAttribute)
        var from = 0
        while let at = ByteSearch.index(of: keyword, anchor: 2, in: bytes, from: from) {
            if isLineStart(at) { return true }
            if at >= testable.count, isLineStart(at - testable.count),
                bytes[(at - testable.count)..<at].elementsEqual(testable)
            {
                return true
            }
            from = at + 1
        }
        return false
    }
}

/// `import ` and `@testable `, made once: `hasImport` runs a few times per snippet at every keystroke, and two
/// arrays made per call were most of its cost on a snippet that opens with its imports.
private let importKeyword = Array("import ".utf8)
private let testableAttribute = Array("@testable ".utf8)

/// The file a step's prose names: the only known file it mentions, else the only file name at all.
/// `mentioned` is `fileNames(in: prose)` where the caller has it (timelines find it once per step and
/// version of its prose).
func fileNamed(inProse prose: String, mentioned: [String]? = nil, knownFiles: Set<String>) -> String? {
    let mentioned = mentioned ?? fileNames(in: prose)
    // The known files it mentions, without a set: asked for every step at every keystroke, and mostly one.
    var known: String?
    for name in mentioned where knownFiles.contains(name) {
        if let first = known, first != name { return nil }
        known = name
    }
    if let known { return known }
    // Pages copied from the web split names (`Search Bar.swift` for `SearchBar.swift`): look for the
    // known names in the prose without its spaces before trusting a lone mention.
    let squeezed = SqueezedText(prose)
    let split = knownFiles.filter { squeezed.contains($0) }
    if split.count == 1 { return split.first }
    if split.isEmpty, Set(mentioned).count == 1 { return mentioned.first }
    return nil
}

/// A text with its whitespace taken out, made once for looking up every known file name in a step's prose.
struct SqueezedText {
    /// ASCII text (most prose), as bytes: a character is a byte there, so bytes are compared (Characters
    /// cost about 100 instructions a byte, and timelines ask this of every step's prose at every keystroke).
    private let ascii: [UInt8]?
    /// Any other text, as characters.
    private let characters: String

    init(_ text: String) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            ascii = text.utf8.filter { !$0.isASCIIBlank }
            characters = ""
        } else {
            ascii = nil
            characters = text.filter { !$0.isWhitespace }
        }
    }

    /// Whether the squeezed text contains `name`.
    func contains(_ name: String) -> Bool {
        guard let ascii else { return characters.containsText(name) }
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty else { return true }
        // Anchored on the name's dot, rarer in prose than its letters.
        let anchor = bytes.firstIndex(of: 0x2E) ?? 0
        return ascii.withUnsafeBufferPointer { ByteSearch.contains(bytes, anchor: anchor, in: $0) }
    }
}

/// The extensions that make a word of prose a file name.
private let codeFileExtensions: Set<Substring> = ["swift", "m", "h", "mm", "kt", "java", "js", "ts", "py", "json", "plist"]

/// Words of `text` that look like source file names (`PageView.swift`), including inside CJK prose
/// (`创建一个名为PageView.swift的新文件`), where no space separates the name.
func fileNames(in text: String) -> [String] {
    var names: [String] = []
    // By UTF-8 bytes: a name is ASCII letters, digits, `_`, `-`, `+` and inner dots, and every byte of
    // a non-ASCII character is 0x80 or more, so it separates words as the character would. (Timelines
    // ask this of every step's prose at every keystroke.)
    func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x2D || byte == 0x2B
    }
    // A name's dot stands between two name bytes (a dot joins a word only before a name byte, and the byte
    // before it is then the word's): prose without such a dot, most of it, names no file, which the dots
    // alone (found by memchr) tell.
    var prose = text
    let mayNameFiles = prose.withUTF8 { buffer in
        var from = 1
        while let dot = ByteSearch.index(of: 0x2E, in: buffer, from: from), dot + 1 < buffer.count {
            if isNameByte(buffer[dot - 1]), isNameByte(buffer[dot + 1]) { return true }
            from = dot + 1
        }
        return false
    }
    guard mayNameFiles else { return [] }
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
        guard isNameByte(bytes[index]) else {
            index += 1
            continue
        }
        var end = index
        var hasDot = false
        while end < bytes.count,
            isNameByte(bytes[end]) || (bytes[end] == 0x2E && end + 1 < bytes.count && isNameByte(bytes[end + 1]))
        {
            if bytes[end] == 0x2E { hasDot = true }
            end += 1
        }
        // Only a word with a dot has an extension: the others are not made into strings.
        if hasDot {
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            if let dot = word.lastIndex(of: "."), dot != word.startIndex,
                codeFileExtensions.contains(word[word.index(after: dot)...])
            {
                names.append(word)
            }
        }
        index = end
    }
    return names
}

/// The name of the first type a Swift file declares at its top level (`struct PageView<Page: View>`
/// gives `PageView`); nil when none. A line scan suffices: only unindented declarations count.
public func primaryTypeName(in code: String) -> String? {
    // `extension` declares no type: `extension PageView` in `PageView+Preview.swift` is not its file.
    let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "actor"]
    let modifiers: Set<Substring> = [
        "public", "internal", "private", "fileprivate", "final", "open", "package", "indirect", "@MainActor",
        "nonisolated",
    ]
    // Line by line up to the first type: splitting the whole code into lines first read every snippet's
    // every character at every keystroke. Lines as `split(separator: "\n")` gives them (a CRLF is one
    // character, so it ends no line); empty ones are skipped below as it leaves them out.
    var rest = Substring(code)
    while !rest.isEmpty {
        let end = rest.firstIndex(of: "\n") ?? rest.endIndex
        let line = rest[..<end]
        rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        guard let first = line.first, !first.isWhitespace else { continue }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var index = 0
        while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") { index += 1 }
        guard index + 1 < words.count, keywords.contains(words[index]) else { continue }
        let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        if !name.isEmpty { return String(name) }
    }
    return nil
}

extension TracedText {
    /// The source map of composed code: bytes copied from the shown snippet map through its source map;
    /// the others (kept from the previous state, indentation added) follow the map's rule and land on the
    /// end of the shown run before them.
    func sourceMap(through shown: SnippetSourceMap) -> SnippetSourceMap {
        var builder = SnippetSourceMap.Builder()
        var index = 0
        while index < origins.count {
            guard origins[index] >= 0 else {
                index += 1
                continue
            }
            var end = index + 1
            while end < origins.count, origins[end] == origins[end - 1] + 1 { end += 1 }
            let shownStart = Int(origins[index])
            let shownEnd = shownStart + (end - index)
            for segment in shown.segments
            where segment.codeOffset < shownEnd && segment.codeOffset + segment.length > shownStart {
                let from = max(shownStart, segment.codeOffset)
                let to = min(shownEnd, segment.codeOffset + segment.length)
                builder.append(
                    codeOffset: index + (from - shownStart),
                    documentOffset: segment.documentOffset + (from - segment.codeOffset), length: to - from)
            }
            index = end
        }
        return builder.build(fallback: shown.fallback)
    }
}
