import TutorialModel
import XCTest

@testable import TutorialReaders

/// Both readers on documents stitched from awkward pieces: whatever comes in, a model comes out (a
/// range precondition or an out-of-bounds index would trap and fail the whole run).
final class MarkdownHTMLRobustnessTests: XCTestCase {
    static let pieces = [
        "# T\n", "## Step 1\n", "### 步骤2 标题\n", "**Step 3.** Go\n", "Setext\n---\n", "> ", ">\t", "- ", "1. ", "    ",
        "\t", "```swift file=A.swift\n", "~~~\n", "```\n", "`B.swift`\n", "let 名 = \"😀\"\n", "\r\n", "\r", "\n\n",
        "<pre>", "</pre>", "<pre><code class=\"lang-swift\">", "</code>", "<span class=\"k\">", "</span>", "&lt;",
        "&amp", "&#x1F600;", "&bogus;", "<br>", "<p>", "<h2>Step 4</h2>", "<nav>", "<!--", "-->", "<figure>",
        "<figcaption>C.swift</figcaption>", "</figure>", "<table><tr><td>", "<!DOCTYPE html>\n", "1\n2\n3\n",
        "| a | b |\n|---|---|\n", "[!NOTE]", "Experiment\n", "<div class=\"toc\">", "</div>", "\u{FEFF}",
    ]

    func testStitchedDocumentsAlwaysGiveAModel() {
        var generator = SplitMix(seed: 20_261_130)
        for round in 0..<400 {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 40)) {
                text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))]
            }
            for path in ["r\(round).md", "r\(round).html"] {
                let document = SourceDocument(path: path, text: text)
                let tutorial = readTutorial(document)
                for step in tutorial.steps {
                    XCTAssertLessThanOrEqual(step.range.end, document.bytes.count, text)
                    for snippet in step.snippets {
                        XCTAssertLessThanOrEqual(snippet.range.end, document.bytes.count, text)
                        let mapped = snippet.sourceMap.documentRange(
                            forCodeRange: SourceRange(start: 0, end: snippet.code.utf8.count))
                        XCTAssertLessThanOrEqual(mapped.end, document.bytes.count, text)
                    }
                }
            }
        }
    }
}

/// A tiny deterministic generator, so a failure names a reproducible document (or edit).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
