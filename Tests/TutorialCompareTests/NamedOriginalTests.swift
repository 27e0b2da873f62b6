import TutorialCompare
import TutorialModel
import TutorialReaders
import XCTest

/// Which original a copy names: the configuration's `"originals"` first, else the copy's front matter.
final class NamedOriginalTests: XCTestCase {
    private func copy(_ path: String, _ text: String) -> Tutorial {
        readTutorial(SourceDocument(path: path, text: text))
    }

    private let page = "# A page\n\n## Section 1: One\n\n### Step 1\n\nText.\n"

    func testTheConfigurationNamesTheOriginalRelativeToItsFolder() {
        let tutorial = copy("/site/zh/page.md", page)
        XCTAssertEqual(
            namedOriginal(of: tutorial, originals: ["zh/page.md": "en/page.md"], baseDirectory: "/site"), "/site/en/page.md")
        XCTAssertNil(namedOriginal(of: tutorial, originals: ["zh/other.md": "en/page.md"], baseDirectory: "/site"))
    }

    func testTheFrontMatterNamesItRelativeToTheCopysFolder() {
        let tutorial = copy("/site/zh/page.md", "---\ntitle: 一页\noriginal: \"../en/page.md\"\n---\n" + page)
        XCTAssertEqual(namedOriginal(of: tutorial, originals: [:], baseDirectory: nil), "/site/zh/../en/page.md")
        // The configuration's entry wins over the front matter's.
        XCTAssertEqual(
            namedOriginal(of: tutorial, originals: ["zh/page.md": "en/other.md"], baseDirectory: "/site"),
            "/site/en/other.md")
    }

    func testOnlyAMarkdownFrontMatterNamesOne() {
        XCTAssertNil(namedOriginal(of: copy("/site/zh/page.md", page), originals: [:], baseDirectory: nil))
        let text = readTutorial(SourceDocument(path: "/site/zh/page.txt", text: "original: ../en/page.md\n\nStep 1\n"))
        XCTAssertNil(namedOriginal(of: text, originals: [:], baseDirectory: nil))
    }
}
