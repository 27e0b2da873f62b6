import TutorialModel

/// Reads DocC `.tutorial` files: `@Tutorial` → `@Section(title:)` → `@Steps` → `@Step` → `@Code`.
///
/// The step's prose is the Markdown text of its `@Step` (before and after the code, asides included),
/// its snippet the resource file `@Code(file:)` names, read through `CatalogResources` from beside
/// the tutorial or anywhere in the enclosing `.docc` catalog, never from outside it. Media (`@Image`, `@Video`),
/// `@Assessments` and the rest of DocC's directives are understood and skipped, `@Comment` with all it
/// holds (steps and sections an author commented out); a directive DocC does not define is skipped with a
/// warning. Nothing here stops reading: a missing resource is a
/// `code-file-missing` error, broken syntax an `input-error`, and the model is built as far as it goes.
public enum DocCReader {
    /// Directives DocC defines (tutorials, tables of contents, articles and page options).
    static let knownDirectives: Set<String> = [
        "Tutorial", "Tutorials", "Article", "Intro", "Section", "ContentAndMedia", "Stack", "Steps", "Step", "Code",
        "Image", "Video", "Assessments", "MultipleChoice", "Choice", "Justification", "XcodeRequirement", "Comment",
        "Chapter", "TutorialReference", "Volume", "Resources", "Documentation", "SampleCode", "Downloads", "Videos",
        "Forums", "Redirected", "Metadata", "Options", "Small", "Row", "Column", "Links", "TabNavigator", "Tab",
        "Snippet", "PageImage", "PageColor", "PageKind", "CallToAction", "Available", "TechnologyRoot",
        "DisplayName", "TitleHeading", "SupportedLanguage", "AutomaticTitleHeading", "AutomaticSeeAlso",
        "AutomaticArticleSubheading", "TopicsVisualStyle", "DocumentationExtension", "DeprecationSummary",
        "CustomMetadata",
    ]

    /// Directives a document is made of; the first of these at the top level is the tutorial.
    static let rootDirectives: Set<String> = ["Tutorial", "Tutorials", "Article"]

    /// Reads a `.tutorial` document, its code resources through `resources`.
    public static func read(_ document: SourceDocument, resources: any ResourceProvider) -> Tutorial {
        let parsed = DocCDirectiveParser.parse(document)
        var reading = Reading(
            document: document, resolver: CatalogResources(documentPath: document.path, provider: resources))
        for problem in parsed.problems {
            reading.report(.unreadableInput, problem.severity, problem.message, at: problem.range)
        }
        reading.reportUnknownDirectives(in: parsed.nodes)

        let root = parsed.nodes.lazy.compactMap { node -> DocCDirective? in
            if case .directive(let directive) = node, rootDirectives.contains(directive.name) { return directive }
            return nil
        }.first
        guard let root else {
            reading.report(
                .unreadableInput, .warning, "no @Tutorial directive: this is not a DocC tutorial",
                at: .empty(at: 0))
            return reading.tutorial(title: nil, sections: [])
        }
        let title = root.directives(named: "Intro").first?.argument("title")?.value ?? root.argument("name")?.value
        // A table of contents has chapters, not steps: it orders a catalog's tutorials (`tutorialOrder`).
        if root.name == "Tutorials" { return reading.tutorial(title: title, sections: []) }
        var sections: [Section] = []
        for (offset, section) in root.directives(named: "Section").enumerated() {
            sections.append(reading.readSection(section, number: offset + 1))
        }
        return reading.tutorial(title: title, sections: sections)
    }

    /// A `@Tutorials` table of contents is read for the order of its chapters only: the tutorials it
    /// lists, in its order (`@TutorialReference(tutorial: "doc:Name")`
    /// as `Name`): the order a catalog's tutorials are checked in.
    public static func tutorialOrder(ofTableOfContents document: SourceDocument) -> [String]? {
        let parsed = DocCDirectiveParser.parse(document)
        guard
            let root = parsed.nodes.lazy.compactMap({ node -> DocCDirective? in
                if case .directive(let directive) = node, rootDirectives.contains(directive.name) { return directive }
                return nil
            }).first, root.name == "Tutorials"
        else { return nil }
        var names: [String] = []
        for chapter in chapters(of: root) {
            for reference in chapter.directives(named: "TutorialReference") {
                guard var name = reference.argument("tutorial")?.value else { continue }
                if name.hasPrefix("doc:") { name.removeFirst(4) }
                if let last = name.split(separator: "/").last { names.append(String(last)) }
            }
        }
        return names
    }

    private static func chapters(of root: DocCDirective) -> [DocCDirective] {
        var chapters: [DocCDirective] = []
        for case .directive(let child) in root.children {
            if child.name == "Chapter" { chapters.append(child) }
            if child.name == "Volume" { chapters += child.directives(named: "Chapter") }
        }
        return chapters
    }

    /// The state of one read: the document, the resource resolver and the diagnostics so far.
    struct Reading {
        let document: SourceDocument
        var resolver: CatalogResources
        var diagnostics: [ReaderDiagnostic] = []

        init(document: SourceDocument, resolver: CatalogResources) {
            self.document = document
            self.resolver = resolver
        }

        mutating func report(
            _ problem: ReadingProblem, _ severity: Severity, _ message: String, at range: SourceRange,
            step: StepID? = nil
        ) {
            diagnostics.append(
                ReaderDiagnostic(problem: problem, severity: severity, message: message, range: range, step: step))
        }

        /// The finished model. Diagnostics found before the steps were known (syntax, unknown
        /// directives) are attributed to the step they stand in.
        func tutorial(title: String?, sections: [Section]) -> Tutorial {
            let steps = sections.flatMap(\.steps)
            let attributed = diagnostics.map { diagnostic -> ReaderDiagnostic in
                guard diagnostic.step == nil,
                    let step = steps.first(where: { $0.range.contains(diagnostic.range.start) })
                else { return diagnostic }
                return ReaderDiagnostic(
                    problem: diagnostic.problem, severity: diagnostic.severity, message: diagnostic.message,
                    range: diagnostic.range, step: step.id, repair: diagnostic.repair)
            }
            return Tutorial(
                document: document, format: .docc, title: title, sections: sections,
                diagnostics: attributed.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) })
        }

        mutating func reportUnknownDirectives(in nodes: [DocCNode]) {
            for case .directive(let directive) in nodes {
                // A comment's content is never rendered: whatever it holds is no problem of the page.
                if directive.name == DocCDirectiveParser.commentName { continue }
                if DocCReader.knownDirectives.contains(directive.name) {
                    reportUnknownDirectives(in: directive.children)
                } else {
                    report(
                        .unreadableInput, .warning,
                        "unknown directive @\(directive.name): DocC does not define it, so its content is skipped",
                        at: directive.nameRange)
                }
            }
        }

        mutating func readSection(_ section: DocCDirective, number: Int) -> Section {
            var title = section.argument("title")?.value ?? ""
            if title.isEmpty {
                report(.unreadableInput, .warning, "@Section has no title: argument", at: section.headRange)
                title = "Section \(number)"
            }
            var steps: [Step] = []
            for step in Self.stepDirectives(in: section) {
                steps.append(readStep(step, id: StepID(section: number, step: steps.count + 1)))
            }
            return Section(title: title, range: section.range, steps: steps)
        }

        /// The `@Step`s of a section, inside its `@Steps` (or, when `@Steps` was forgotten, right in it).
        static func stepDirectives(in section: DocCDirective) -> [DocCDirective] {
            var result: [DocCDirective] = []
            for case .directive(let child) in section.children {
                if child.name == "Step" { result.append(child) }
                if child.name == "Steps" { result += child.directives(named: "Step") }
            }
            return result
        }

        mutating func readStep(_ step: DocCDirective, id: StepID) -> Step {
            let paragraphs = Self.paragraphs(of: step.children, in: document)
            let title = paragraphs.first(where: { !$0.isAside }).map { Self.firstSentence(of: $0.text) } ?? ""
            var snippets: [Snippet] = []
            for code in step.directives(named: "Code") {
                snippets.append(readCode(code, step: id))
            }
            return Step(
                id: id, label: nil, labelNumber: nil, title: title,
                prose: paragraphs.map(\.text).joined(separator: "\n"), range: step.range, snippets: snippets)
        }

        /// `@Code(name:file:previousFile:reset:)`: the snippet is the whole resource file. When the
        /// resource cannot be read, the snippet stays in the model (the page does show a file there)
        /// with no code, as a fragment so it never joins the file's timeline as an empty state.
        mutating func readCode(_ code: DocCDirective, step: StepID) -> Snippet {
            let name = code.argument("name")
            var fileName: String?
            if let name, !name.value.isEmpty {
                fileName = name.value
                // Over a resource that is not Swift (`console` over terminal output in a `.txt`), a name
                // without an extension is only the tab's label; over Swift code DocC cannot tell the language.
                let resourceExtension = code.argument("file").flatMap { Self.fileExtension(of: $0.value) }
                let resourceIsSwift = resourceExtension.map { $0.lowercased() == "swift" } ?? true
                if Self.fileExtension(of: name.value) == nil, resourceIsSwift {
                    report(
                        .missingCodeFile, .error,
                        "@Code name \"\(name.value)\" has no file extension; write the file's full name, like \"\(name.value).swift\"",
                        at: name.valueRange, step: step)
                }
            } else {
                report(
                    .missingCodeFile, .error,
                    "@Code needs a name: argument with the file's name, like \"PageView.swift\"",
                    at: name?.range ?? code.headRange, step: step)
            }

            var resource: CatalogResources.Resource?
            let file = code.argument("file")
            if let file {
                resource = resolve(file, label: "file", step: step)
            } else {
                report(
                    .missingCodeFile, .error, "@Code needs a file: argument naming its code resource",
                    at: code.headRange, step: step)
            }
            let previous = code.argument("previousFile")
            let previousCode = previous.flatMap { resolve($0, label: "previousFile", step: step)?.text }
            let options = DocCCodeOptions(
                resource: file?.value ?? "", resourcePath: resource?.path, resolvedResourcePath: resource?.resolvedPath,
                previousResource: previous?.value, previousCode: previousCode.map(Self.normalizedCode),
                reset: code.argument("reset")?.value.lowercased() == "true")
            let language = (fileName.flatMap(Self.fileExtension) ?? file.flatMap { Self.fileExtension(of: $0.value) })?
                .lowercased()
            return Snippet(
                fileName: fileName, language: language, code: resource.map { Self.normalizedCode($0.text) } ?? "",
                kind: resource == nil ? .fragment : .file,
                range: code.headRange, sourceMap: SnippetSourceMap(segments: [], fallback: code.headRange),
                docc: options)
        }

        /// Reads a resource argument's file through the catalog's resolver, reporting `code-file-missing`
        /// when it cannot (or may not) be read, with the reason.
        mutating func resolve(_ argument: DocCArgument, label: String, step: StepID) -> CatalogResources.Resource? {
            func missing(_ message: String) -> CatalogResources.Resource? {
                report(.missingCodeFile, .error, "@Code \(label): " + message, at: argument.valueRange, step: step)
                return nil
            }
            let value = argument.value
            if Substring(value).trimmingWhitespace().isEmpty {
                return missing("has no value; write the resource's file name, like \"01-PageView.swift\"")
            }
            if let inner = Self.labelInsideValue(argument, in: document) {
                return missing(
                    "is malformed: its value \"\(value)\" begins with the label \(inner):, as if a value or a comma "
                        + "were missing; write \(label): \"FileName.swift\"")
            }
            let place = resolver.isCatalog ? "the catalog \(resolver.rootName)" : "the tutorial's folder"
            switch resolver.resolve(value) {
            case .found(let resource, let others):
                if !others.isEmpty {
                    report(
                        .unreadableInput, .warning,
                        "@Code \(label): \"\(value)\" names \(others.count + 1) files of the catalog "
                            + "(\(([resource.nameInCatalog] + others).joined(separator: ", "))); DocC needs unique "
                            + "resource names, this reads the first",
                        at: argument.valueRange, step: step)
                }
                return resource
            case .directory(let name):
                return missing("\"\(value)\" is a directory (\(name) in \(place)), not a file")
            case .missing(let searchedAll):
                let searched =
                    resolver.isCatalog ? "next to the tutorial or in its .docc catalog" : "next to the tutorial"
                let limit = InputLimits.maximumWalkedEntries
                let cut = searchedAll ? "" : " (the catalog has over \(limit) entries; only that many were searched)"
                return missing("\"\(value)\" was not found \(searched)\(cut)")
            case .unreadable(let name, let reason):
                return missing("\"\(value)\" (\(name) in \(place)) \(reason); it was not read")
            case .refused(let refusal):
                switch refusal {
                case .absolutePath:
                    return missing(
                        "\"\(value)\" is an absolute path; DocC looks resources up by name inside \(place), "
                            + "so it is not read")
                case .leavesCatalog:
                    return missing("\"\(value)\" points outside \(place); resources are read only inside it")
                case .linkLeavesCatalog(let name):
                    return missing(
                        "\"\(value)\" is a symbolic link (\(name)) pointing outside \(place); it is not read")
                case .controlCharacter:
                    return missing("the name holds a NUL, line break or other control character; it is not a file name")
                case .hidden(let component):
                    return missing(
                        "\"\(value)\" leads to a hidden path (\(component)); hidden files and folders are never read as "
                            + "resources")
                case .outsideReadableFolders:
                    return missing(
                        "\"\(value)\" lies outside the editor's workspace folders; the language server reads files "
                            + "only inside them or as the editor sends them")
                }
            }
        }

        /// `previousFile: file: "X.swift"`: an unquoted value that begins like a labeled argument (the
        /// author dropped a value or repeated a label). The label seen, nil for a normal value.
        static func labelInsideValue(_ argument: DocCArgument, in document: SourceDocument) -> String? {
            let start = argument.valueRange.start
            if start > 0, document.bytes[start - 1] == UInt8(ascii: "\"") { return nil }
            let value = Substring(argument.value)
            guard let colon = value.firstIndex(of: ":") else { return nil }
            let label = value[..<colon].trimmingWhitespace()
            guard let first = label.unicodeScalars.first, first.properties.isXIDStart || first == "_",
                label.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue })
            else { return nil }
            return String(label)
        }

        // MARK: Text

        struct Paragraph {
            let text: String
            /// A block quote (`> Experiment: …`, `> Tip: …`): an aside, part of the prose but no title.
            let isAside: Bool
        }

        /// The Markdown paragraphs among `nodes`, one line each; a directive or a blank line ends one.
        static func paragraphs(of nodes: [DocCNode], in document: SourceDocument) -> [Paragraph] {
            var result: [Paragraph] = []
            var lines: [Substring] = []
            var isAside = false
            func flush() {
                if !lines.isEmpty { result.append(Paragraph(text: lines.joined(separator: " "), isAside: isAside)) }
                lines = []
            }
            for node in nodes {
                guard case .text(let range) = node, !range.isEmpty else {
                    flush()
                    continue
                }
                var line = Substring(document.text(in: range))
                let quoted = line.first == ">"
                if quoted {
                    line = line.dropFirst().trimmingWhitespace()
                }
                if quoted != isAside { flush() }
                isAside = quoted
                if !line.isEmpty { lines.append(line) }
            }
            flush()
            return result
        }

        /// The first sentence of a paragraph, as the step's title.
        static func firstSentence(of text: String) -> String {
            var previous: Character?
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character == "。" || character == "！" || character == "？" {
                    return String(text[...index])
                }
                if let previous, previous == "." || previous == "!" || previous == "?", character == " " {
                    return String(text[..<index])
                }
                previous = character
                index = text.index(after: index)
            }
            return text
        }

        /// The extension of a file name, nil when it has none (`PageView`, `.swift`, `PageView.`).
        static func fileExtension(of name: String) -> String? {
            let last = name.split(separator: "/").last ?? Substring(name)
            guard let dot = last.lastIndex(of: "."), dot != last.startIndex, last.index(after: dot) != last.endIndex
            else { return nil }
            return String(last[last.index(after: dot)...])
        }

        /// Code as the model keeps it: `\n` line ends, no byte-order mark, a final newline unless empty.
        static func normalizedCode(_ text: String) -> String {
            var code = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            if code.utf8.contains(0x0D) {
                code = code.replacingCRLF()
            }
            if let last = code.utf8.last, last != 0x0A { code += "\n" }
            return code
        }
    }
}

extension String {
    /// `\r\n` and lone `\r` as `\n`, by bytes (a `Character` view would see `\r\n` as one character).
    fileprivate func replacingCRLF() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var previousWasCR = false
        for byte in utf8 {
            if byte == 0x0D {
                bytes.append(0x0A)
                previousWasCR = true
                continue
            }
            if byte == 0x0A, previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
