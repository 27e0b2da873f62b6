import CLibXML2
import Foundation
import Reports
import StepDiff
import TestSupport
import TutorialModel
import TutorialRules
import XCTest

/// A three-step tutorial: a file created, a line added, a line modified and one removed, then shown
/// again unchanged where the step asks for an edit; plus a fragment that is never diffed.
func sampleDiffTutorial() -> Tutorial {
    let v1 =
        "import SwiftUI\n\nstruct PageView: View {\n    @State var currentPage = 1\n\n    var body: some View {\n        Text(\"<Page>\")\n            .aspectRatio(3/2, contentMode: .fit)\n    }\n}\n"
    let v2 = v1.replacingOccurrences(of: "currentPage = 1", with: "currentPage = 0")
        .replacingOccurrences(of: "            .aspectRatio(3/2, contentMode: .fit)\n", with: "")
        .replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\nimport UIKit\n")
    var builder = TutorialBuilder(path: "sample.md")
    builder.section("Track the page")
    builder.step(label: "Step 1", title: "Create PageView.swift", snippets: [.init(file: "PageView.swift", code: v1)])
    builder.step(label: "Step 2", title: "Reset the page", snippets: [.init(file: "PageView.swift", code: v2)])
    builder.step(
        label: "Step 3", title: "Update the page",
        snippets: [.init(file: "PageView.swift", code: v2), .init(file: nil, code: "let x = 1\n", kind: .fragment)])
    return builder.build()
}

final class DiffReportTests: XCTestCase {
    // step-no-change is off by default: the report shows what a configuration turning it on would.
    let report = makeDiffReport([sampleDiffTutorial()], options: DiffOptions(), configuration: .only(RuleRegistry.ids))

    /// The JSON keeps the contract's shape: documents → changes → hunks → lines, `from` null for a new file.
    func testJSONFollowsTheContract() throws {
        let data = Data(encodeJSON(DiffJSON(report)).utf8)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let document = try XCTUnwrap((root["documents"] as? [[String: Any]])?.first)
        XCTAssertEqual(document["path"] as? String, "sample.md")
        let changes = try XCTUnwrap(document["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["to"] as? String }, ["1.1", "1.2", "1.3"])
        XCTAssertTrue(changes[0]["from"] is NSNull, "a new file's from is null")
        XCTAssertEqual(changes[1]["from"] as? String, "1.1")
        XCTAssertEqual(changes.map { $0["added"] as? Int }, [10, 2, 0])
        XCTAssertEqual(changes.map { $0["removed"] as? Int }, [0, 2, 0])
        XCTAssertEqual(changes.map { $0["noChange"] as? Bool }, [false, false, true])
        XCTAssertNil(changes[1]["composed"], "only a composed state says how it was composed")
        // The fragment is listed with where it is and why it is in no change.
        let fragments = try XCTUnwrap(document["fragments"] as? [[String: Any]])
        XCTAssertEqual(fragments.count, 1)
        XCTAssertTrue(fragments[0]["file"] is NSNull)
        XCTAssertEqual(fragments[0]["step"] as? String, "1.3")
        XCTAssertEqual(fragments[0]["snippet"] as? Int, 1)
        XCTAssertEqual(fragments[0]["reason"] as? String, "shows statements that match no code block of the file closely enough")
        XCTAssertNotNil((fragments[0]["range"] as? [String: Any])?["start"])
        for key in ["file", "from", "to", "added", "removed", "hunks"] { XCTAssertNotNil(changes[1][key], key) }
        let hunk = try XCTUnwrap((changes[1]["hunks"] as? [[String: Any]])?.first)
        for key in ["oldStart", "oldLines", "newStart", "newLines", "lines"] { XCTAssertNotNil(hunk[key], key) }
        let lines = try XCTUnwrap(hunk["lines"] as? [[String: Any]])
        XCTAssertEqual(Set(lines.compactMap { $0["kind"] as? String }), ["context", "added", "removed"])
        let modified = try XCTUnwrap(lines.first { ($0["text"] as? String) == "    @State var currentPage = 0" })
        // `0` is the 30th character: columns are 1-based UTF-16, the end exclusive.
        XCTAssertEqual(modified["highlights"] as? [[String: Int]], [["start": 30, "end": 31]])
    }

    func testUnifiedIsGitStyleWithStepIds() {
        let text = renderUnifiedDiff(report, color: false)
        XCTAssertEqual(
            text,
            """
            # sample.md
            diff --step ..1.1 PageView.swift
            --- /dev/null
            +++ b/PageView.swift\tstep 1.1 Step 1
            @@ -0,0 +1,10 @@ step 1.1
            +import SwiftUI
            +
            +struct PageView: View {
            +    @State var currentPage = 1
            +
            +    var body: some View {
            +        Text("<Page>")
            +            .aspectRatio(3/2, contentMode: .fit)
            +    }
            +}
            diff --step 1.1..1.2 PageView.swift
            --- a/PageView.swift\tstep 1.1
            +++ b/PageView.swift\tstep 1.2 Step 2
            @@ -1,10 +1,10 @@ step 1.2
             import SwiftUI
            +import UIKit
             
             struct PageView: View {
            -    @State var currentPage = 1
            +    @State var currentPage = 0
             
                 var body: some View {
                     Text("<Page>")
            -            .aspectRatio(3/2, contentMode: .fit)
                 }
             }
            diff --step 1.2..1.3 PageView.swift
            (no change: step 1.3 shows PageView.swift as step 1.2)
            fragment 1.3#2 (no file): not diffed: shows statements that match no code block of the file closely enough

            """)
        let coloured = renderUnifiedDiff(report, color: true)
        XCTAssertTrue(
            coloured.contains("\u{1B}[31m-    @State var currentPage = \u{1B}[7m1\u{1B}[27m\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[32m+import UIKit\u{1B}[0m"))
    }

    func testMarkdownHasSummaryAndDiffBlocks() {
        let markdown = renderMarkdownDiff(report)
        XCTAssertTrue(markdown.contains("| 1.2 | PageView.swift | step 1.1 | 2 | 2 |"), markdown)
        XCTAssertTrue(markdown.contains("## 1.2 Step 2 — Reset the page\n"))
        XCTAssertTrue(markdown.contains("```diff\n@@ -1,10 +1,10 @@ step 1.2\n"))
        XCTAssertTrue(markdown.contains("**PageView.swift**: no change (from step 1.2). ⚠️ `step-no-change`"))
        XCTAssertTrue(markdown.contains("- ⚠️ `step-no-change` (step 1.3): step 1.3 (Step 3) shows PageView.swift unchanged"), markdown)
        XCTAssertTrue(
            markdown.hasSuffix(
                "Snippets not diffed:\n\n| Step | File | Why |\n| --- | --- | --- |\n| 1.3#2 |  | shows statements that match no code block of the file closely enough |\n\n"),
            markdown)

    }

    /// The page shows deleted lines, changed words, syntax classes and summaries, escapes the code,
    /// and references nothing outside itself (checked on libxml2's parse of the page).
    func testHTMLIsSelfContainedAndShowsEverything() {
        let html = renderHTMLDiff(report)
        XCTAssertTrue(html.contains("<tr class=\"del\">"), "deleted lines are shown")
        XCTAssertTrue(
            html.contains("<span class=\"hl\"><span class=\"num\">1</span></span>"), "the changed word is highlighted")
        XCTAssertTrue(html.contains("<span class=\"kw\">struct</span>"), "SwiftSyntax classes colour the code")
        XCTAssertTrue(html.contains("<span class=\"str\">&quot;&lt;Page&gt;&quot;</span>"), "code is escaped")
        XCTAssertTrue(html.contains("not diffed: shows statements that match no code block"))
        XCTAssertTrue(html.contains("step-no-change"))
        XCTAssertTrue(html.contains("table class=\"diff split\""))
        XCTAssertEqual(externalReferences(inHTML: html), [])
        // A numbering finding is flagged in the outline and told in its step.
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [])
        builder.step(label: "Step 3", snippets: [])
        let numbered = renderHTMLDiff(
            makeDiffReport([builder.build()], options: DiffOptions(), configuration: .only(["step-numbering"])))
        XCTAssertTrue(numbered.contains("<span class=\"warn\" title=\"step-numbering\">!</span>"))
        XCTAssertTrue(numbered.contains("skips from 1 to 3"))
        // Off, as by default, the rule marks nothing.
        let quiet = renderHTMLDiff(makeDiffReport([builder.build()], options: DiffOptions()))
        XCTAssertFalse(quiet.contains("skips from 1 to 3"))
        // The checker itself catches what it must.
        XCTAssertEqual(
            externalReferences(
                inHTML:
                    "<html><head><link rel=stylesheet href=\"a.css\"><style>@import 'x.css'; b { background: url(x.png) }</style></head><body><img src=\"https://e/x.png\"><a href=\"#ok\">ok</a><a href=\"other.html\">x</a><p style=\"background:url(y.png)\">p</p></body></html>"
            ).count, 6)
    }
}

/// Every reference from the page to something outside it: `src`/`href`/other URL attributes that are
/// not `#fragments`, and `@import`/`url(` in style sheets and style attributes.
func externalReferences(inHTML html: String) -> [String] {
    let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue)
    let bytes = Array(html.utf8)
    guard
        let document = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), "report.html", "UTF-8", options)
            }
        })
    else { return ["the page does not parse"] }
    defer { xmlFreeDoc(document) }
    var found: [String] = []
    func text(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }  // libxml2 allocates with malloc by default; `xmlFree` is a global var Swift 6 rejects
        return String(cString: pointer)
    }
    func styleReferences(_ css: String) -> [String] {
        let lowered = css.lowercased()
        return ["@import", "url("].filter { lowered.contains($0) }.map { "css \($0)" }
    }
    func walk(_ node: UnsafeMutablePointer<xmlNode>?) {
        var node = node
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: current.pointee.name)
                var attribute = current.pointee.properties
                while let attr = attribute {
                    let attrName = String(cString: attr.pointee.name).lowercased()
                    let value = text(xmlNodeGetContent(UnsafeMutablePointer(OpaquePointer(attr))))
                    if ["src", "href", "srcset", "data", "poster", "action", "background", "formaction"].contains(
                        attrName), !value.hasPrefix("#")
                    {
                        found.append("\(name) \(attrName)=\(value)")
                    }
                    if attrName == "style" { found += styleReferences(value) }
                    attribute = attr.pointee.next
                }
                if name == "style" { found += styleReferences(text(xmlNodeGetContent(current))) }
            }
            walk(current.pointee.children)
            node = current.pointee.next
        }
    }
    walk(xmlDocGetRootElement(document))
    return found
}
