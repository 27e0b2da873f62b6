import CLibXML2
import TutorialModel

/// An HTML reader's code blocks: a `<pre>`'s text as a browser shows it, lined up with its bytes.
extension HTMLBlocks {
    mutating func codeBlock(_ node: xmlNodePtr) -> OutlineBlock? {
        var code = Self.normalizedCode(codeText(of: node))
        guard !Self.isLineNumberGutter(code, besideCode: Self.isBesideACodeCell(node)) else { return nil }
        let nodeLine = line(of: node)
        let fallback = SourceRange.empty(at: firstNonBlank(onLine: nodeLine))
        var range = fallback
        var sourceMap = SnippetSourceMap(segments: [], fallback: fallback)
        var blockRange = fallback
        if let located = raw.startTag(named: "pre", line: knownLine(of: node), after: tagCursor, lineIndex: lineIndex) {
            tagCursor = located.tag.range.end
            let contentStart = located.tag.range.end
            let contentEnd =
                HTMLRawMarkup.findEndTag(bytes, name: "pre", from: contentStart, end: parsedRange.end)
                ?? parsedRange.end
            let characters = HTMLRawText.scan(bytes, from: contentStart, to: contentEnd)
            let aligned = HTMLCodeAlignment.align(
                code: Array(code.utf8), raw: characters, bytes: bytes, fallback: SourceRange.empty(at: contentStart))
            range = aligned.range
            sourceMap = aligned.sourceMap
            let closeEnd = HTMLRawMarkup.tagEnd(bytes, from: contentEnd, end: parsedRange.end)
            blockRange = SourceRange(start: located.tag.range.start, end: max(located.tag.range.end, closeEnd))
        }
        if code.isEmpty { code = "" }
        let codeElement = Self.firstDescendant(named: "code", of: node)
        // Hexo and Jekyll wrap the `<pre>` in a line-number table inside `<figure class="highlight swift">`:
        // the language is a few elements up.
        var ancestors: [xmlNodePtr] = []
        var parent = node.pointee.parent
        while let element = parent, ancestors.count < 5, element.pointee.type == XML_ELEMENT_NODE {
            ancestors.append(element)
            parent = element.pointee.parent
        }
        var language: String?
        for element in [node, codeElement].compactMap({ $0 }) + ancestors {
            language = codeLanguage(of: element)
            if language != nil { break }
        }
        let fileName =
            [node, codeElement].compactMap { $0 }.lazy.compactMap(Self.fileNameAttribute(of:)).first ?? figureFileName
        let outlineCode = OutlineCode(
            language: language, fileName: fileName, code: code, range: range, sourceMap: sourceMap)
        return OutlineBlock(kind: .code(outlineCode), text: "", range: blockRange)
    }

    /// The language an element names (`declaredLanguage`, else `language(classes:)`), with what each `class`
    /// attribute's value gave kept for the page's other blocks: a page
    /// tags its code blocks with the same few classes, and splitting them into words and matching prefixes cost
    /// a tenth of an HTML read.
    private mutating func codeLanguage(of element: xmlNodePtr) -> String? {
        if let declared = Self.declaredLanguage(of: element) { return declared }
        guard let classes = Self.attribute("class", of: element) else { return nil }
        if let known = languageByClasses[classes] { return known }
        let language = Self.language(classes: classes)
        languageByClasses[classes] = language
        return language
    }

    /// The text of a code block: text nodes as libxml2 decoded them, `<br>` as a line break.
    func codeText(of node: xmlNodePtr) -> String { text(of: node, lineBreak: "\n", keepNestedBlocks: true) }

    /// `\n` line ends; the newline right after `<pre>` dropped (as browsers do); a trailing line of
    /// only indentation before `</pre>` dropped; a final newline unless empty.
    static func normalizedCode(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        // Most code has no CR and no no-break space: then the bytes are kept as they are, without a copy
        // byte by byte.
        let plain = source.withUnsafeBufferPointer {
            ByteSearch.index(of: 0x0D, in: $0, from: 0) == nil && ByteSearch.index(of: 0xC2, in: $0, from: 0) == nil
        }
        var index = plain ? source.count : 0
        if plain { bytes = source }
        while index < source.count {
            let byte = source[index]
            if byte == 0x0D {
                bytes.append(0x0A)
                if index + 1 < source.count, source[index + 1] == 0x0A { index += 1 }
            } else if byte == 0xC2, index + 1 < source.count, source[index + 1] == 0xA0 {
                bytes.append(0x20)  // `&nbsp;` indentation from highlighters: a space to the compiler
                index += 1
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        if bytes.first == 0x0A { bytes.removeFirst() }
        if let lastBreak = bytes.lastIndex(of: 0x0A) {
            if bytes[(lastBreak + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                bytes.removeSubrange((lastBreak + 1)...)
            }
        } else if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            bytes.removeAll()
        }
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `<pre>` of nothing but ascending numbers is a highlighter's line-number gutter, not code: two
    /// numbers at least, or a lone `1` in a table cell beside the cell of the code it numbers (a one-line
    /// block of Hexo or Jekyll).
    static func isLineNumberGutter(_ code: String, besideCode: Bool = false) -> Bool {
        // Line by line, stopping at the first that is not the next number (code stops at its first line):
        // the lines `split(separator: "\n")` gives, empty ones left out.
        var expected = 1
        var rest = code[...]
        while !rest.isEmpty {
            let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<lineEnd]
            rest = lineEnd < rest.endIndex ? rest[rest.index(after: lineEnd)...] : rest[rest.endIndex...]
            if line.isEmpty { continue }
            guard Int(line.trimmingWhitespace()) == expected else { return false }
            expected += 1
        }
        return expected > 2 || (besideCode && expected == 2)
    }

    /// Whether a `<pre>` sits in a table cell whose next cell holds another `<pre>`: a highlighter's gutter
    /// column beside its code column.
    static func isBesideACodeCell(_ node: xmlNodePtr) -> Bool {
        guard let cell = node.pointee.parent, name(of: cell) == "td" else { return false }
        var sibling = cell.pointee.next
        while let next = sibling {
            if next.pointee.type == XML_ELEMENT_NODE {
                return name(of: next) == "td" && firstDescendant(named: "pre", of: next) != nil
            }
            sibling = next.pointee.next
        }
        return false
    }
}
