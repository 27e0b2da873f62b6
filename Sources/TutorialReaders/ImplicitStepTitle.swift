/// The prose that titles a step nothing labels: the last paragraph before its code that a reader of the
/// page sees as prose. Container and template markup a site renders away (`::: code-group`, MyST's
/// `:::{tab-item} CLI`, Liquid's `{% raw %}`) is no title; where only such markup stands before the code,
/// the label it carries (`CLI`, `Click me` in `::: details Click me`) titles the step, else nothing does.
enum ImplicitStepTitle {
    static func title(fromProse prose: [String]) -> String {
        if let sentence = prose.last(where: { !isMarkup($0) }) { return sentence }
        return prose.reversed().lazy.compactMap(label(ofMarkup:)).first ?? ""
    }

    /// Whether the paragraph opens a colon-fenced container (`:::`, `::::{tab-set}`) or consists of template
    /// tags alone (`{% raw %}`, `{{< tab >}}`).
    static func isMarkup(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " }
        if trimmed.hasPrefix(":::") { return true }
        var rest = Substring(trimmed)
        while let open = tagOpening(rest) {
            guard let close = rest.firstRange(of: open.closer) else { return false }
            rest = rest[close.upperBound...].drop { $0 == " " }
        }
        return rest.isEmpty && !trimmed.isEmpty
    }

    /// The words a container opener carries after its name, before any `:option:` (`CLI`), or nil.
    static func label(ofMarkup text: String) -> String? {
        var rest = Substring(text).drop { $0 == " " }
        guard rest.hasPrefix(":::") else { return nil }
        rest = rest.drop { $0 == ":" }.drop { $0 == " " }
        if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
            rest = rest[rest.index(after: close)...]
        } else {
            rest = rest.drop { $0 != " " }
        }
        if let option = rest.firstRange(of: " :") { rest = rest[..<option.lowerBound] }
        let label = rest.trimmingWhitespace()
        return label.isEmpty || label.hasPrefix(":") ? nil : String(label)
    }

    /// The closer of the template tag `text` opens with: `{% … %}`, `{{< … >}}`, `{{% … %}}`.
    private static func tagOpening(_ text: Substring) -> (opener: String, closer: String)? {
        [("{%", "%}"), ("{{<", ">}}"), ("{{%", "%}}")].first { text.hasPrefix($0.0) }.map { ($0.0, $0.1) }
    }
}
