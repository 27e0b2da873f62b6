import CLibXML2
import TutorialModel

/// libxml2 node access for the HTML reader: element names, attributes, text, and the document lines and
/// offsets a node stands at.
extension HTMLBlocks {
    // MARK: - Text and positions

    /// The text of a node without the blocks nested in it; `<br>` as a space.
    func text(of node: xmlNodePtr) -> String { text(of: node, lineBreak: " ", keepNestedBlocks: false) }

    /// The text under `node` (script and style bodies never count). Nested blocks are left out, each as a
    /// space, unless `keepNestedBlocks` (a code block's highlighter may wrap lines in `<div>`s).
    func text(of node: xmlNodePtr, lineBreak: String, keepNestedBlocks: Bool) -> String {
        var result = ""
        var stack: [(xmlNodePtr, Int)] = [(node, 0)]
        while let (current, depth) = stack.popLast() {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result += String(cString: content) }
            case XML_ELEMENT_NODE:
                let name = Self.name(of: current)
                if name == "br" {
                    result += lineBreak
                    continue
                }
                if current != node, Self.skippedElements.contains(name) || Self.isPermalink(current, name: name) {
                    continue
                }
                if current != node, !keepNestedBlocks, Self.blockElements.contains(name) {
                    // Nested blocks are read on their own, but a table cell or list item keeps words apart.
                    result += " "
                    continue
                }
                Self.pushChildren(of: current, depth: depth, onto: &stack)
            default:
                continue
            }
        }
        return result
    }

    /// Pushes the children of `node` (at `depth`) onto a walk's stack so that they pop in document order;
    /// none below `maximumDepth`.
    static func pushChildren(of node: xmlNodePtr, depth: Int, onto stack: inout [(xmlNodePtr, Int)]) {
        guard depth < maximumDepth else { return }
        var child = node.pointee.last
        while let next = child {
            stack.append((next, depth + 1))
            child = next.pointee.prev
        }
    }

    /// How much of a heading's or text block's own text (nested blocks left out, as in `text(of:)`) its links
    /// make: `.whole` when only links carry words, `.opens` when a link comes before any other words.
    func linkShape(of node: xmlNodePtr) -> OutlineBlock.LinkShape {
        var sawLink = false
        var sawWords = false
        var stack: [(xmlNodePtr, Int)] = [(node, 0)]
        while let (current, depth) = stack.popLast() {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = current.pointee.content else { continue }
                let text = String(cString: content)
                guard text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                if !sawLink { return .none }
                sawWords = true
            case XML_ELEMENT_NODE:
                let name = Self.name(of: current)
                if current != node, Self.skippedElements.contains(name) || Self.isPermalink(current, name: name)
                    || Self.blockElements.contains(name)
                {
                    continue
                }
                if name == "a", current != node, !collapseWhitespace(text(of: current)).isEmpty {
                    sawLink = true
                    continue
                }
                Self.pushChildren(of: current, depth: depth, onto: &stack)
            default:
                continue
            }
        }
        guard sawLink else { return .none }
        return sawWords ? .opens : .whole
    }

    /// Whether the block's own links (nested blocks left out, as in `linkShape(of:)`) all point into the page
    /// itself (`href="#setup"`), with one link at least.
    func linksStayOnPage(of node: xmlNodePtr) -> Bool {
        var sawLink = false
        var stack: [(xmlNodePtr, Int)] = [(node, 0)]
        while let (current, depth) = stack.popLast() {
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            let name = Self.name(of: current)
            if current != node, Self.skippedElements.contains(name) || Self.blockElements.contains(name) { continue }
            if name == "a", current != node {
                guard let href = Self.attribute("href", of: current), href.hasPrefix("#") else { return false }
                sawLink = true
                continue
            }
            Self.pushChildren(of: current, depth: depth, onto: &stack)
        }
        return sawLink
    }

    /// From the element's start tag to its end tag; without an end tag, to the end of its last line.
    mutating func elementRange(_ node: xmlNodePtr, name: String) -> SourceRange {
        let nodeLine = line(of: node)
        guard let located = raw.startTag(named: name, line: knownLine(of: node), after: tagCursor, lineIndex: lineIndex)
        else {
            let start = firstNonBlank(onLine: nodeLine)
            return SourceRange(start: start, end: max(start, lineIndex.contentRange(ofLine: lastLine(of: node)).end))
        }
        tagCursor = located.tag.range.end
        if let end = raw.endTag(named: name, after: located.index) {
            return SourceRange(start: located.tag.range.start, end: end.range.end)
        }
        let lineEnd = lineIndex.contentRange(
            ofLine: max(lastLine(of: node), lineIndex.lineNumber(containing: located.tag.range.start))
        ).end
        return SourceRange(start: located.tag.range.start, end: max(located.tag.range.end, lineEnd))
    }

    /// The 0-based document line of a node, nil past the 65535th line of the parsed HTML, where libxml2's
    /// HTML parser stops counting (its per-node line is 16 bits), or when its lines are out of step with
    /// ours: tags are then matched by order alone.
    func knownLine(of node: xmlNodePtr) -> Int? {
        !linesAgree || xmlGetLineNo(node) >= 65535 ? nil : line(of: node)
    }

    /// The 0-based document line libxml2 gives for a node.
    func line(of node: xmlNodePtr) -> Int {
        let parsedLine = max(Int(xmlGetLineNo(node)), 1)
        return min(firstLine + parsedLine - 1, lineIndex.lineCount - 1)
    }

    /// `lastLine(of:)`, nil when it lies past the lines libxml2 counts.
    func lastKnownLine(of node: xmlNodePtr) -> Int? {
        !linesAgree || xmlGetLineNo(Self.lastDescendant(of: node)) >= 65535 ? nil : lastLine(of: node)
    }

    /// The node's last descendant in document order (itself when it has no children).
    static func lastDescendant(of node: xmlNodePtr) -> xmlNodePtr {
        var current = node
        var depth = 0
        while let last = current.pointee.last, depth < maximumDepth {
            current = last
            depth += 1
        }
        return current
    }

    /// The 0-based line where a node's content ends: its last descendant's line plus that text's line breaks.
    func lastLine(of node: xmlNodePtr) -> Int {
        let current = Self.lastDescendant(of: node)
        var result = max(line(of: current), line(of: node))
        if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
            var pointer = content
            while pointer.pointee != 0 {
                if pointer.pointee == 0x0A { result += 1 }
                pointer += 1
            }
        }
        return min(result, lineIndex.lineCount - 1)
    }

    func firstNonBlank(onLine line: Int) -> Int {
        let content = lineIndex.contentRange(ofLine: line)
        var start = content.start
        while start < content.end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return start
    }

    func offset(ofLine line: Int) -> Int { lineIndex.lineStarts[line] }

    // MARK: - libxml2 accessors

    static func name(of node: xmlNodePtr) -> String {
        guard node.pointee.type == XML_ELEMENT_NODE, let name = node.pointee.name else { return "" }
        return String(cString: name).lowercased()
    }

    /// An attribute's value, read from the node's attribute list (no allocation to free).
    static func attribute(_ attributeName: String, of node: xmlNodePtr) -> String? {
        var property = node.pointee.properties
        while let current = property {
            if let name = current.pointee.name, String(cString: name).lowercased() == attributeName {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            property = current.pointee.next
        }
        return nil
    }

    static func firstDescendant(named name: String, of node: xmlNodePtr) -> xmlNodePtr? {
        var stack: [(xmlNodePtr, Int)] = [(node, 0)]
        while let (current, depth) = stack.popLast() {
            if current != node, Self.name(of: current) == name { return current }
            guard depth < maximumDepth else { continue }
            var child = current.pointee.last
            while let next = child {
                stack.append((next, depth + 1))
                child = next.pointee.prev
            }
        }
        return nil
    }

    /// Languages highlighters name without a prefix (`<code class="swift">`, `class="hljs swift"`).
    static let knownLanguages: Set<String> = [
        "swift", "objc", "objectivec", "objective-c", "c", "cpp", "c++", "java", "kotlin", "js", "javascript",
        "typescript", "ts", "json", "xml", "html", "css", "shell", "bash", "sh", "zsh", "console", "python",
        "ruby", "go", "rust", "yaml", "diff", "plaintext", "text", "markdown", "sql",
    ]

    /// The language a `data-lang` or `data-language` attribute names; before the class names' (`HTMLBlocks.codeLanguage`).
    static func declaredLanguage(of node: xmlNodePtr) -> String? {
        for attributeName in ["data-lang", "data-language"] {
            if let value = attribute(attributeName, of: node), !value.isEmpty { return value.lowercased() }
        }
        return nil
    }

    /// The language a highlighter's class names: `language-swift`, `lang-swift`, `highlight-source-swift`,
    /// `brush: swift`, a bare `swift` (`written`: the `class` attribute's value).
    static func language(classes written: String) -> String? {
        let classes = written.lowercased()
        let words = classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
        for word in words {
            for prefix in ["language-", "lang-", "highlight-source-", "source-"]
            where word.hasPrefix(prefix) && word.count > prefix.count {
                return String(word.dropFirst(prefix.count))
            }
        }
        if classes.containsText("brush:"), let last = words.last { return String(last) }
        return words.first { knownLanguages.contains(String($0)) }.map(String.init)
    }

    /// A file name carried by the code element itself: `data-filename`, `data-file`, `title`.
    static func fileNameAttribute(of node: xmlNodePtr) -> String? {
        for attributeName in ["data-filename", "data-file", "data-title", "title"] {
            if let value = attribute(attributeName, of: node), let name = FileNameLabel.fileName(in: value) {
                return name
            }
        }
        return nil
    }
}
