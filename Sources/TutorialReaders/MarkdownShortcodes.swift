import TutorialModel

/// Static-site code tags: Hugo's shortcodes, `{{< highlight swift >}}` … `{{< /highlight >}}` (also
/// `{{% … %}}`, and shortcodes named for code, `{{< code lang="swift" >}}` … `{{< /code >}}`), and Jekyll's
/// Liquid tags, `{% highlight swift linenos %}` … `{% endhighlight %}` (also Octopress's `{% codeblock
/// lang:swift %}` … `{% endcodeblock %}`). The site renders the lines between as a code block; CommonMark
/// reads them as paragraphs and headings (a `# comment` line becomes a heading). The reader rewrites each pair's lines into a fence of the same length before parsing, so
/// cmark reads code there and every byte, line and column stays where it was.
enum MarkdownShortcodes {
    /// An opening or closing shortcode on a line by itself.
    struct Tag: Equatable {
        let name: String
        let closing: Bool
        /// The language the opening tag names: its first bare argument, or `lang=`/`language=`.
        let language: String?
    }

    /// Rewrites the shortcode pairs among `lines` of `bytes` into fences (`lineIndex` indexes `bytes`).
    static func fence(_ bytes: inout [UInt8], lines: Range<Int>, lineIndex: LineIndex) {
        var open: (line: Int, tag: Tag)?
        for line in lines {
            let range = lineIndex.contentRange(ofLine: line)
            // A cheap test first: most lines do not start with `{{`.
            guard let first = bytes[range.start..<range.end].firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
                bytes[first] == UInt8(ascii: "{"), first + 1 < range.end,
                bytes[first + 1] == UInt8(ascii: "{") || bytes[first + 1] == UInt8(ascii: "%"),
                let tag = tag(String(decoding: bytes[range.start..<range.end], as: UTF8.self))
            else { continue }
            if let opening = open {
                guard tag.closing, tag.name == opening.tag.name else { continue }
                let start = lineIndex.contentRange(ofLine: opening.line)
                let info = Array("```".utf8) + Array((opening.tag.language ?? "").utf8)
                // The opening line holds `{{<`, the name and `>}}`: always longer than the fence.
                guard info.count <= start.end - start.start else {
                    open = nil
                    continue
                }
                overwrite(&bytes, start.start..<start.end, with: info)
                overwrite(&bytes, range.start..<range.end, with: Array("```".utf8))
                open = nil
            } else if !tag.closing {
                open = (line, tag)
            }
        }
    }

    private static func overwrite(_ bytes: inout [UInt8], _ range: Range<Int>, with text: [UInt8]) {
        for (offset, index) in range.enumerated() { bytes[index] = offset < text.count ? text[offset] : 0x20 }
    }

    /// The code shortcode a line holds by itself, or nil: `{{< highlight swift "linenos=table" >}}`,
    /// `{{% code lang="swift" %}}`, `{{< /highlight >}}`. A shortcode is one of code when it is named
    /// `highlight` or its name contains `code`.
    static func tag(_ line: String) -> Tag? {
        var text = Substring(line).trimmingWhitespace()
        if !text.hasPrefix("{{"), text.hasPrefix("{%"), text.hasSuffix("%}") { return liquidTag(text) }
        guard text.hasPrefix("{{"), text.hasSuffix("}}") else { return nil }
        text = text.dropFirst(2).dropLast(2).trimmingWhitespace()
        guard let open = text.first, let close = text.last, (open == "<" && close == ">") || (open == "%" && close == "%")
        else { return nil }
        text = text.dropFirst().dropLast().trimmingWhitespace()
        let closing = text.first == "/"
        if closing { text = text.dropFirst().trimmingWhitespace() }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let name = words.first.map({ String($0).lowercased() }),
            name == "highlight" || name.containsText("code"),
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        guard !closing else { return Tag(name: name, closing: true, language: nil) }
        var language: String?
        for word in words.dropFirst() {
            let unquoted = word.filter { $0 != "\"" && $0 != "'" }
            if let equals = unquoted.firstIndex(of: "=") {
                let key = unquoted[..<equals].lowercased()
                if key == "lang" || key == "language" { language = String(unquoted[unquoted.index(after: equals)...]) }
            } else if language == nil {
                language = unquoted
            }
        }
        return Tag(name: name, closing: false, language: infoString(language))
    }

    /// A Liquid code tag on a line by itself: `{% highlight swift linenos %}` (the language is the first
    /// argument), `{% codeblock Title lang:swift %}`, and their `{% endhighlight %}`, `{% endcodeblock %}`.
    /// The closing tag is named `end` and the opening's name, and pairs with it as Hugo's `/name` does.
    private static func liquidTag(_ tag: Substring) -> Tag? {
        let words = tag.dropFirst(2).dropLast(2).trimmingWhitespace().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard var name = words.first.map({ String($0).lowercased() }) else { return nil }
        let closing = name.hasPrefix("end")
        if closing { name.removeFirst(3) }
        guard name == "highlight" || name == "codeblock" else { return nil }
        guard !closing else { return words.count == 1 ? Tag(name: name, closing: true, language: nil) : nil }
        let arguments = words.dropFirst()
        let language =
            name == "highlight"
            ? arguments.first.map(String.init)
            : arguments.first(where: { $0.hasPrefix("lang:") }).map { String($0.dropFirst(5)) }
        return Tag(name: name, closing: false, language: infoString(language))
    }

    /// A language as a fence's info string: one word of plain characters, else none.
    private static func infoString(_ language: String?) -> String? {
        guard let language, !language.isEmpty, language.allSatisfy({ $0.isLetter || $0.isNumber || "+-_#.".contains($0) })
        else { return nil }
        return language.lowercased()
    }
}
