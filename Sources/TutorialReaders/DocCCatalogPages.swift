import TutorialModel

/// The pages of a DocC catalog that are not step-by-step tutorials.
///
/// A `.docc` catalog holds reference articles and documentation extension files in Markdown next to
/// its `.tutorial` files. DocC renders them as documentation, not as tutorials: they have no steps,
/// and their code listings are examples, not states of a file. Read as tutorials they would get
/// phantom steps and findings, so they are recognised and read as pages with no sections.
public enum DocCCatalogPages {
    /// Whether a Markdown document is a DocC documentation page: a Markdown file inside a `.docc`
    /// catalog (found from its real path) without a `@Tutorial` directive, or, anywhere, a
    /// documentation extension file (its title is a symbol link: ``# ``MyModule/MyType`` ``).
    public static func isDocumentationPage(_ document: SourceDocument, resources: any ResourceProvider) -> Bool {
        let inCatalog = CatalogResources(documentPath: document.path, provider: resources).isCatalog
        if !inCatalog {
            guard let title = title(of: document), isSymbolLink(title) else { return false }
        }
        return !hasDirective("Tutorial", in: document)
    }

    /// A documentation page as the model holds it: its title, no sections, nothing to report.
    public static func page(_ document: SourceDocument, format: DocumentFormat) -> Tutorial {
        Tutorial(document: document, format: format, title: title(of: document), sections: [], diagnostics: [])
    }

    /// The text of the first `# ` heading line, when the page has one.
    ///
    /// Looked for first in the document's opening lines alone: every Markdown document outside a catalog is
    /// asked at every keystroke, the title is usually on the first line, and an edited version's text is made
    /// as a string only when something asks for it (`SourceDocument.text`). A title found there is the whole
    /// text's (the opening ends at a line break, so its lines are the text's first lines); none found there
    /// says nothing, and the whole text is searched.
    static func title(of document: SourceDocument) -> String? {
        let index = document.lineIndex
        let openingEnd = index.lineNumber(containing: openingBytes) + 1
        if openingEnd < index.lineCount {
            let opening = String(decoding: index.bytes[..<index.lineStarts[openingEnd]], as: UTF8.self)
            if let title = title(in: opening) { return title }
        }
        return title(in: document.text)
    }

    /// How many bytes at least the opening lines searched first for the title hold.
    static let openingBytes = 4096

    /// The first `# ` heading line's text outside code fences.
    private static func title(in text: String) -> String? {
        var fence: Character?
        // Line by line as found, not `split` (which cuts the whole document first): the title is usually
        // on the first line.
        var rest: Substring? = text[...]
        while let remaining = rest {
            // `isNewline`, not `"\n"`: in a CRLF document `\r\n` is one Character, which `"\n"` never matches.
            let lineEnd = remaining.firstIndex(where: \.isNewline)
            let line = remaining[..<(lineEnd ?? remaining.endIndex)]
            rest = lineEnd.map { remaining[remaining.index(after: $0)...] }
            let trimmed = line.trimmingWhitespace()
            if let marker = trimmed.first, marker == "`" || marker == "~",
                trimmed.hasPrefix(String(repeating: marker, count: 3))
            {
                fence = fence == nil ? marker : (fence == marker ? nil : fence)
                continue
            }
            guard fence == nil, line.hasPrefix("# ") else { continue }
            return String(line.dropFirst(2).trimmingWhitespace())
        }
        return nil
    }

    /// ``Symbol``, `` ``Module/Type/method(_:)`` ``: DocC's link to a symbol of the documented module,
    /// between exactly two backticks on each side, with no backtick or blank inside (`` ```Closure``` `` is
    /// code in a heading, not a link).
    static func isSymbolLink(_ text: String) -> Bool {
        guard text.hasPrefix("``"), text.hasSuffix("``"), text.count > 4 else { return false }
        let inner = text.dropFirst(2).dropLast(2)
        return !inner.contains { $0 == "`" || $0.isWhitespace }
    }

    /// Whether a line of the document starts with `@name` (a DocC directive at the top level or nested).
    static func hasDirective(_ name: String, in document: SourceDocument) -> Bool {
        let directive = "@" + name
        for line in document.text.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace()
            guard trimmed.hasPrefix(directive) else { continue }
            let rest = trimmed.dropFirst(directive.count)
            if rest.isEmpty || rest.first == "(" || rest.first == "{" || rest.first == " " { return true }
        }
        return false
    }
}

extension DocCCatalogPages {
    /// `files` (in walk order) with each catalog's tutorials in the order its `@Tutorials` table of
    /// contents lists them: the tutorials named there take the places the catalog's `.tutorial` files
    /// held, in the table's order, followed by the others in walk order; every other file keeps its
    /// place. `read` gives a file's text (nil when it cannot be read).
    public static func orderedByTableOfContents(_ files: [String], read: (String) -> SourceDocument?) -> [String] {
        var tutorialsByCatalog: [String: [Int]] = [:]
        for (index, path) in files.enumerated() where path.lowercased().hasSuffix(".tutorial") {
            // The catalog from the real path, so `.` typed inside a catalog finds it too.
            let resources = CatalogResources(documentPath: path, provider: FileSystemResources())
            guard resources.isCatalog else { continue }
            tutorialsByCatalog[resources.root, default: []].append(index)
        }
        var result = files
        for (_, slots) in tutorialsByCatalog where slots.count > 1 {
            var order: [String]?
            for slot in slots {
                guard let document = read(files[slot]), hasDirective("Tutorials", in: document),
                    let names = DocCReader.tutorialOrder(ofTableOfContents: document), !names.isEmpty
                else { continue }
                order = names
                break
            }
            guard let order else { continue }
            func rank(_ path: String) -> Int {
                let name = CatalogResources.splitFolder(path).name
                let stem = name.lowercased().hasSuffix(".tutorial") ? String(name.dropLast(".tutorial".count)) : name
                return order.firstIndex(of: stem) ?? order.count
            }
            let sorted = slots.map { files[$0] }.enumerated().sorted {
                (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
            }
            for (slot, entry) in zip(slots, sorted) { result[slot] = entry.element }
        }
        return result
    }
}
