// StepDiff owns what each step does to each file: file timelines, change sets, the line diff and
// the states that show their file unchanged; it knows no rules.

import TutorialModel

/// One state of a file: the whole file as shown by a step's snippet.
public struct FileState: Sendable {
    /// How the state's file was known.
    public enum NameSource: String, Sendable, Hashable {
        /// The page labels the snippet with its file (info string, caption, `@Code(name:)`).
        case label
        /// The snippet is unlabelled; the step's prose names the file.
        case prose
        /// The snippet is unlabelled; it declares the same primary type as a labelled file.
        case primaryType
    }

    /// The step that shows this state.
    public let step: StepID
    /// Index of the snippet within its step.
    public let snippetIndex: Int
    /// The snippet showing the whole file.
    public let snippet: Snippet
    /// How the file was known (label, prose, primary type).
    public let nameSource: NameSource
    /// The file's text in this state.
    public var code: String { snippet.code }

    /// A state; `nameSource` defaults to a labelled snippet.
    public init(step: StepID, snippetIndex: Int, snippet: Snippet, nameSource: NameSource = .label) {
        self.step = step
        self.snippetIndex = snippetIndex
        self.snippet = snippet
        self.nameSource = nameSource
    }

    /// What the step starts from, as DocC states it: a `reset: true` file starts afresh, a
    /// `previousFile:` gives the base explicitly; nil for everything else (the previous state).
    public var explicitBase: ExplicitBase? {
        guard let docc = snippet.docc else { return nil }
        if docc.reset { return .fresh }
        if let code = docc.previousCode { return .resource(name: docc.previousResource ?? "", code: code) }
        return nil
    }

    /// A base that DocC states explicitly: nothing (`reset: true`) or a `previousFile:` resource.
    public enum ExplicitBase: Sendable, Hashable {
        case fresh
        case resource(name: String, code: String)
    }
}

/// A file's states in step order across a tutorial.
public struct FileTimeline: Sendable {
    /// The file name, as labelled or inferred.
    public let fileName: String
    /// Its states in document order.
    public let states: [FileState]

    /// A timeline of `states` (in step order).
    public init(fileName: String, states: [FileState]) {
        self.fileName = fileName
        self.states = states
    }
}

/// Groups the whole-file snippets of a tutorial by file, in step order.
///
/// Labelled snippets join their file's timeline. An unlabelled whole-file snippet joins one only when
/// its file can be inferred: the step's prose names exactly one file of the tutorial (or one file
/// name at all), or the snippet declares the same primary type as a labelled file. Fragments never
/// join: a few members are not a file whose other lines were deleted; nor do abridged excerpts of a
/// file (`isExcerpt`), which readers cannot always tell from whole files.
public func buildTimelines(_ tutorial: Tutorial) -> [FileTimeline] {
    var order: [String] = []
    var states: [String: [FileState]] = [:]
    var primaryTypes: [String: String] = [:]  // primary type → file
    for step in tutorial.steps {
        for snippet in step.snippets where snippet.kind == .file {
            guard let name = snippet.fileName, primaryTypes.values.contains(name) == false else { continue }
            if let type = primaryTypeName(in: snippet.code), primaryTypes[type] == nil { primaryTypes[type] = name }
        }
    }
    // Labelled files anywhere in the tutorial, and files inferred in earlier steps.
    var knownFiles = Set(primaryTypes.values).union(
        tutorial.steps.flatMap { $0.snippets.filter { $0.kind == .file }.compactMap(\.fileName) })

    for step in tutorial.steps {
        for (index, snippet) in step.snippets.enumerated() where snippet.kind == .file {
            var source = FileState.NameSource.label
            var name = snippet.fileName
            if name == nil, let named = fileNamed(inProse: step.prose, knownFiles: knownFiles) {
                name = named
                source = .prose
            }
            if name == nil, let type = primaryTypeName(in: snippet.code),
                let file = knownFiles.contains("\(type).swift") ? "\(type).swift" : primaryTypes[type]
            {
                name = file
                source = .primaryType
            }
            guard let name else { continue }
            knownFiles.insert(name)
            if let latest = states[name]?.last, isExcerpt(snippet, of: latest) { continue }
            if states[name] == nil { order.append(name) }
            states[name, default: []].append(
                FileState(step: step.id, snippetIndex: index, snippet: snippet, nameSource: source))
        }
    }
    return order.map { FileTimeline(fileName: $0, states: states[$0] ?? []) }
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

private func hasImport(_ code: String) -> Bool {
    // Scanned as bytes at line starts (splitting into `Character`s cost a third of building timelines);
    // a line starts after an LF that is not part of a CRLF, as `split(separator: "\n")` splits.
    let bytes = Array(code.utf8)
    let plain = Array("import ".utf8)
    let testable = Array("@testable import ".utf8)
    func starts(with prefix: [UInt8], at start: Int) -> Bool {
        start + prefix.count <= bytes.count && bytes[start..<(start + prefix.count)].elementsEqual(prefix)
    }
    var start = 0
    while start < bytes.count {
        if starts(with: plain, at: start) || starts(with: testable, at: start) { return true }
        var next = start
        while next < bytes.count, !(bytes[next] == 0x0A && (next == 0 || bytes[next - 1] != 0x0D)) { next += 1 }
        start = next + 1
    }
    return false
}

/// The file a step's prose names: the only known file it mentions, else the only file name at all.
func fileNamed(inProse prose: String, knownFiles: Set<String>) -> String? {
    let mentioned = fileNames(in: prose)
    let known = Set(mentioned.filter { knownFiles.contains($0) })
    if known.count == 1 { return known.first }
    guard known.isEmpty else { return nil }
    // Pages copied from the web split names (`Search Bar.swift` for `SearchBar.swift`): look for the
    // known names in the prose without its spaces before trusting a lone mention.
    let squeezed = prose.filter { !$0.isWhitespace }
    let split = knownFiles.filter { squeezed.contains($0) }
    if split.count == 1 { return split.first }
    if split.isEmpty, Set(mentioned).count == 1 { return mentioned.first }
    return nil
}

/// Words of `text` that look like source file names (`PageView.swift`), including inside CJK prose
/// (`创建一个名为PageView.swift的新文件`), where no space separates the name.
func fileNames(in text: String) -> [String] {
    let extensions: Set<Substring> = ["swift", "m", "h", "mm", "kt", "java", "js", "ts", "py", "json", "plist"]
    var names: [String] = []
    let scalars = Array(text.unicodeScalars)
    func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
                || scalar == "+")
    }
    var index = 0
    while index < scalars.count {
        guard isNameScalar(scalars[index]) else {
            index += 1
            continue
        }
        var end = index
        while end < scalars.count,
            isNameScalar(scalars[end])
                || (scalars[end] == "." && end + 1 < scalars.count && isNameScalar(scalars[end + 1]))
        {
            end += 1
        }
        let word = String(String.UnicodeScalarView(scalars[index..<end]))
        if let dot = word.lastIndex(of: "."), dot != word.startIndex,
            extensions.contains(word[word.index(after: dot)...])
        {
            names.append(word)
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
    for line in code.split(separator: "\n") {
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
