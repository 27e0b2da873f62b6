import CLibXML2

/// Page chrome, skipped whole (see `HTMLReader`), and what it may still say about the content: a layout
/// wrapper named for its sidebar (`<div class="page-with-sidebar">`) that holds the page's `<main>` is no
/// chrome, and a page header that is a hero over the content (`<header class="hero"><h1>Getting
/// Started</h1><p>…</p></header>`, Bootstrap's jumbotron, `<div class="header">`) holds the page's title
/// where the content has no level-1 heading of its own, though its other text is chrome.
extension HTMLBlocks {
    static let skippedElements: Set<String> = [
        "script", "style", "noscript", "template", "nav", "button", "select", "option",
        "textarea", "input", "svg", "math", "iframe", "object", "embed", "canvas", "audio", "video", "map",
    ]
    static let chromeRoles: Set<String> = [
        "navigation", "banner", "contentinfo", "search", "menu", "menubar", "toolbar",
    ]
    /// Words of a class or id that mark navigation wherever they stand (`book-summary`, `sidebar-toc`).
    static let chromeWords: Set<String> = [
        "nav", "navbar", "navigation", "toc", "breadcrumb", "breadcrumbs", "sidebar", "menu", "summary", "masthead",
        "pagination", "skip",
    ]
    /// Whole class or id tokens of a site's header and footer. Not every `…-header`: `section-header`
    /// and `article-header` hold the content's own headings.
    static let chromeTokens: Set<String> = [
        "header", "footer", "site-header", "site-footer", "book-header", "book-footer", "global-header",
        "global-footer", "top-header", "main-header", "main-footer", "page-footer", "top-bar", "topbar",
    ]

    /// What a `class` or `id` value says of its element.
    enum ChromeReading {
        /// Nothing: read on.
        case content
        /// Chrome: a header's or footer's token, a table of contents.
        case chrome
        /// Navigation, unless the element holds the page's main content (`holdsMainContent`).
        case chromeUnlessItHoldsTheContent
    }

    mutating func isSkipped(_ node: xmlNodePtr, name: String) -> Bool {
        if name == "header" || name == "footer" {
            // HTML5: an article's own header holds its title; the page's header and footer are chrome.
            return !Self.hasAncestor(node, in: ["article", "main"])
        }
        if Self.skippedElements.contains(name) { return true }
        if let role = Self.attribute("role", of: node)?.lowercased(), Self.chromeRoles.contains(role) { return true }
        for attributeName in ["class", "id"] {
            guard let value = Self.attribute(attributeName, of: node) else { continue }
            // Kept by value: a page repeats a few classes on every block (each split into tokens and words, and
            // searched twice, cost a tenth of an HTML read).
            let reading: ChromeReading
            if let known = chromeReadingByValue[value] {
                reading = known
            } else {
                reading = Self.chromeReading(of: value)
                chromeReadingByValue[value] = reading
            }
            switch reading {
            case .content: continue
            case .chrome: return true
            case .chromeUnlessItHoldsTheContent: return !Self.holdsMainContent(node)
            }
        }
        return false
    }

    /// What a `class` or `id` value (as written) says of its element.
    static func chromeReading(of written: String) -> ChromeReading {
        let value = written.lowercased()
        let tokens = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if tokens.contains(where: { chromeTokens.contains(String($0)) }) { return .chrome }
        let words = value.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "\t" })
        if words.contains(where: { chromeWords.contains(String($0)) }) { return .chromeUnlessItHoldsTheContent }
        if value.containsText("table-of-contents") || value.containsText("tableofcontents") { return .chrome }
        return .content
    }

    /// Whether the element holds the page's main content (`<main>`, `<article>`): a wrapper named for the
    /// sidebar it also holds, never chrome itself.
    static func holdsMainContent(_ node: xmlNodePtr) -> Bool {
        firstDescendant(named: "main", of: node) != nil || firstDescendant(named: "article", of: node) != nil
    }

    /// The title a skipped page header gives the page: the text of its first `<h1>`, when the header holds
    /// no navigation (a site banner with its menu names the site, not the page) and the heading is not a
    /// link (a site's name links home). Nil for any other skipped element.
    func heroTitle(of node: xmlNodePtr, name: String) -> String? {
        let isHeader =
            name == "header"
            || ["class", "id"].contains { attributeName in
                Self.attribute(attributeName, of: node)?.lowercased()
                    .split(whereSeparator: { $0 == " " || $0 == "\t" }).contains("header") == true
            }
        guard isHeader, Self.firstDescendant(named: "nav", of: node) == nil,
            let heading = Self.firstDescendant(named: "h1", of: node), Self.firstDescendant(named: "a", of: heading) == nil
        else { return nil }
        let title = collapseWhitespace(text(of: heading))
        return title.isEmpty ? nil : title
    }
}
