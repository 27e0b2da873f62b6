import TutorialModel

/// Reads a tutorial copied out of a web page as plain text: no fences, no markup.
///
/// The page's structure survives only as lines: step and section labels alone on a line (or with a
/// title after them), a file name alone on a line before the code it labels, code told apart from
/// prose line by line (`TextLines`), tables of contents and page chrome around the content
/// (`TextBlocks`). The reader is a pipeline of plain functions: scan lines, classify them, group them
/// into blocks, then assemble sections and steps here.
///
/// - Titles: the rest of the label line, or else the prose line right after the label (which also
///   stays in the step's prose: it is the step's first instruction).
/// - Asides (`Experiment`/`实验`, `Tip`, `Important`/`重要`, `Note`) are prose like any other: they and
///   their code stay in the step they stand in.
/// - Without section labels, steps go into implicit sections; one starts wherever step numbering
///   starts again at 1.
/// - Code outside any step (a document without labels, code in a section's introduction) becomes
///   one implicit step per snippet, from the prose since the previous snippet to the code, titled by
///   the prose line right before the code.
/// - Snippet code is the document's lines verbatim, joined with `\n`; the source map has one
///   verbatim segment per line, so CRLF documents map exactly.
public enum TextReader {
    public static func read(_ document: SourceDocument) -> Tutorial {
        read(document, lines: TextLines.scan(document))
    }

    /// Reads from the document's measured lines (`TextLines.scan`, or lines spliced after an edit).
    static func read(_ document: SourceDocument, lines: [TextLine]) -> Tutorial {
        let kinds = TextLines.classify(lines)
        let blocks = TextBlocks.blocks(lines, kinds: kinds)
        let (title, titleBlocks) = title(blocks, lines)
        var assembler = TextAssembler(lines: lines, title: title)
        // The page title (and a breadcrumb trail above it) is no step's prose.
        for block in blocks.dropFirst(titleBlocks) { assembler.add(block) }
        return Tutorial(
            document: document, format: .text, title: assembler.tutorialTitle, sections: assembler.finish())
    }

    /// The first prose line before any label or code, when it reads like a page title: short, and
    /// not a sentence or an instruction (`Make a view:`). A breadcrumb trail copied from the page
    /// above it (`Docs › SwiftUI › Tutorials`) is passed over, and so is a category line above the title:
    /// of two title-like lines followed by a sentence or a label (`Framework Integration`, `Interfacing
    /// with UIKit`, then the page's description), the second is the page's own title. Returns the title and how many
    /// leading blocks it takes.
    static func title(_ blocks: [TextBlock], _ lines: [TextLine]) -> (title: String?, blocks: Int) {
        var index = 0
        // Without a title line, the breadcrumb's last part names the page.
        var breadcrumbTitle: String?
        var titleLike: [(text: String, blocks: Int)] = []
        while index < blocks.count, titleLike.count < 2, case .prose(let line) = blocks[index] {
            let text = lines[line].text.trimmingWhitespace()
            if titleLike.isEmpty, let lastPart = breadcrumbLastPart(text) {
                breadcrumbTitle = lastPart
                index += 1
                continue
            }
            guard isTitleLike(text) else { break }
            titleLike.append((String(text), index + 1))
            index += 1
        }
        guard let first = titleLike.first else { return (breadcrumbTitle, index) }
        if titleLike.count == 2, index < blocks.count, opensContent(blocks[index], lines) {
            return (titleLike[1].text, titleLike[1].blocks)
        }
        return (first.text, first.blocks)
    }

    /// Whether a block after two title-like lines shows they were a category and a title: the page's
    /// description (a sentence) or its first label. Code after them says the second line introduces it.
    private static func opensContent(_ block: TextBlock, _ lines: [TextLine]) -> Bool {
        switch block {
        case .label: return true
        case .prose(let line): return !isTitleLike(lines[line].text.trimmingWhitespace())
        default: return false
        }
    }

    /// Short, and not ending like a sentence or an instruction.
    private static func isTitleLike(_ text: Substring) -> Bool {
        guard text.utf8.count <= 200, text.count <= 120, let last = text.last else { return false }
        return !".:!?。：！？".contains(last)
    }

    /// The last part of a breadcrumb line (two or more short parts joined by a separator), nil for
    /// any other line.
    static func breadcrumbLastPart(_ text: Substring) -> String? {
        for separator in [" › ", " » ", " > ", " / "] where text.containsText(separator) {
            let parts = text.components(separatedBy: separator)
            if parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 40 }) { return parts.last }
        }
        return nil
    }
}

/// Builds sections and steps from blocks in one forward pass.
struct TextAssembler {
    private struct StepDraft {
        var label: String?
        var number: Int?
        var title: String
        var awaitsTitle: Bool
        var prose: [String] = []
        var range: SourceRange
        var snippets: [Snippet] = []
    }

    private struct SectionDraft {
        var title: String
        /// The section label as written; nil for implicit sections.
        var label: String? = nil
        var awaitsTitle: Bool
        var range: SourceRange
        var steps: [StepDraft] = []
        /// Opened by a step or by code, not by a section label.
        var isImplicit = false
    }

    let lines: [TextLine]
    let tutorialTitle: String?
    private var sections: [SectionDraft] = []
    private var section: SectionDraft?
    private var step: StepDraft?
    /// Prose lines not inside a step, kept for the implicit step of the next snippet.
    private var pendingProse: [(text: String, range: SourceRange)] = []
    private var pendingFileName: (name: String, range: SourceRange)?

    init(lines: [TextLine], title: String?) {
        self.lines = lines
        self.tutorialTitle = title
    }

    mutating func add(_ block: TextBlock) {
        switch block {
        case .label(let line):
            addLabel(lines[line])
        case .tableOfContents:
            // A table of contents ends what came before; what follows it belongs to no step until the next label.
            closeStep()
            closeSection()
            pendingProse = []
        case .chrome:
            break
        case .prose(let line):
            addProse(lines[line])
        case .fileName(let line, let name):
            endAwaitingTitles()
            pendingFileName = (name, lines[line].range)
        case .code(let first, let last):
            endAwaitingTitles()
            addCode(first: first, last: last)
        }
    }

    private mutating func addLabel(_ line: TextLine) {
        guard let match = line.heading else { return }
        closeStep()
        pendingProse = []
        pendingFileName = nil
        switch match.kind {
        case .section:
            closeSection()
            section = SectionDraft(
                title: match.title.isEmpty ? match.label : match.title, label: match.label,
                awaitsTitle: match.title.isEmpty, range: line.range)
        case .step:
            endAwaitingTitles()
            // Without section labels, numbering that starts again at 1 starts a new section.
            if let current = section, current.isImplicit, match.number == 1,
                let previous = current.steps.last(where: { $0.number != nil })?.number, previous > 1
            {
                closeSection()
            }
            if section == nil { section = implicitSection(at: line.range) }
            step = StepDraft(
                label: match.label, number: match.number, title: match.title, awaitsTitle: match.title.isEmpty,
                range: line.range)
        }
    }

    private mutating func addProse(_ line: TextLine) {
        let text = String(line.text.trimmingWhitespace())
        // Each draft is taken out before it is changed (`step = nil`): a copy still held there would make
        // every append copy the whole array, quadratic in a step's lines or a section's steps.
        if var current = step {
            step = nil
            if current.awaitsTitle {
                current.title = text
                current.awaitsTitle = false
            }
            current.prose.append(text)
            current.range = current.range.union(line.range)
            step = current
        } else if var current = section {
            section = nil
            if current.awaitsTitle {
                current.title = text
                current.awaitsTitle = false
            } else {
                pendingProse.append((text, line.range))
            }
            // A section's introduction is part of it; prose after its last step, outside any step, is not.
            if current.steps.isEmpty { current.range = current.range.union(line.range) }
            section = current
        } else {
            pendingProse.append((text, line.range))
        }
    }

    private mutating func addCode(first: Int, last: Int) {
        let fileName = pendingFileName
        pendingFileName = nil
        let snippet = TextSnippets.snippet(lines: lines[first...last], fileName: fileName?.name)
        if var current = step {
            step = nil
            current.snippets.append(snippet)
            current.range = current.range.union(snippet.range)
            step = current
            return
        }
        // Code outside a step: an implicit step from the prose before it to the code.
        let start = pendingProse.first?.range.start ?? fileName?.range.start ?? snippet.range.start
        let range = SourceRange(start: start, end: snippet.range.end)
        let implicit = StepDraft(
            label: nil, number: nil, title: pendingProse.last?.text ?? "", awaitsTitle: false,
            prose: pendingProse.map(\.text), range: range, snippets: [snippet])
        pendingProse = []
        append(implicit)
    }

    private func implicitSection(at range: SourceRange) -> SectionDraft {
        SectionDraft(title: tutorialTitle ?? "", awaitsTitle: false, range: range, isImplicit: true)
    }

    /// A title comes only from the block right after its label.
    private mutating func endAwaitingTitles() {
        step?.awaitsTitle = false
        section?.awaitsTitle = false
    }

    private mutating func closeStep() {
        guard let finished = step else { return }
        step = nil
        append(finished)
    }

    private mutating func append(_ finished: StepDraft) {
        var current = section ?? implicitSection(at: finished.range)
        section = nil
        current.steps.append(finished)
        current.range = current.range.union(finished.range)
        section = current
    }

    /// Sections without steps (an introduction with prose only) add nothing to check and are dropped.
    private mutating func closeSection() {
        guard let finished = section else { return }
        section = nil
        if !finished.steps.isEmpty { sections.append(finished) }
    }

    /// The sections read so far, with step ids assigned in document order.
    mutating func finish() -> [Section] {
        closeStep()
        closeSection()
        return sections.enumerated().map { sectionOffset, draft in
            Section(
                title: draft.title, label: draft.label, range: draft.range,
                steps: draft.steps.enumerated().map { stepOffset, step in
                    Step(
                        id: StepID(section: sectionOffset + 1, step: stepOffset + 1), label: step.label,
                        labelNumber: step.number, title: step.title, prose: step.prose.joined(separator: "\n"),
                        range: step.range, snippets: step.snippets)
                })
        }
    }
}

/// Snippets from runs of code lines.
enum TextSnippets {
    static func snippet(lines: ArraySlice<TextLine>, fileName: String?) -> Snippet {
        var code = ""
        var builder = SnippetSourceMap.Builder()
        for line in lines {
            builder.append(codeOffset: code.utf8.count, documentOffset: line.range.start, length: line.range.length)
            code += line.text
            code += "\n"
        }
        let range = SourceRange(start: lines.first!.range.start, end: lines.last!.range.end)
        let language = language(fileName: fileName, code: code)
        return Snippet(
            fileName: fileName, language: language, code: code,
            kind: SnippetClassifier.kind(code: code, language: language, fileName: fileName), range: range,
            sourceMap: builder.build(fallback: range))
    }

    private static let languagesByExtension: [String: String] = [
        "swift": "swift", "m": "objective-c", "mm": "objective-c", "h": "c", "c": "c", "cpp": "cpp",
        "kt": "kotlin", "java": "java", "js": "javascript", "ts": "typescript", "py": "python", "rb": "ruby",
        "go": "go", "rs": "rust", "json": "json", "plist": "xml", "xml": "xml", "storyboard": "xml",
        "xib": "xml", "html": "html", "css": "css", "yml": "yaml", "yaml": "yaml", "sh": "shell",
        "md": "markdown",
    ]

    /// Line starts that, without a semicolon at the end, are Swift rather than another C-family language.
    private static let swiftLineStarts = [
        "import SwiftUI", "import UIKit", "import Foundation", "func ", "struct ", "class ", "final class ",
        "enum ", "extension ", "protocol ", "let ", "var ", "guard ", "if let ", "init(", "@State ", "@Binding ",
        "@objc ", "@Published ", "@main", "#selector(", "override func ",
    ]

    /// The language named by the file's extension, else Swift when a line starts the way only Swift
    /// lines do; nil when unknown.
    static func language(fileName: String?, code: String) -> String? {
        if let fileName, let dot = fileName.lastIndex(of: ".") {
            return languagesByExtension[fileName[fileName.index(after: dot)...].lowercased()]
        }
        for line in code.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if swiftLineStarts.contains(where: { trimmed.hasPrefix($0) }) && !trimmed.hasSuffix(";") {
                return "swift"
            }
        }
        return nil
    }
}
