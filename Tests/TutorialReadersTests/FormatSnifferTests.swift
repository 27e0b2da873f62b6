import TutorialModel
import TutorialReaders
import XCTest
import TestSupport

final class FormatSnifferTests: XCTestCase {
    func testExtensionComesFirst() {
        XCTAssertEqual(FormatSniffer.format(of: SourceDocument(path: "a/b.MD", text: "<html>")), .markdown)
        XCTAssertEqual(FormatSniffer.format(of: SourceDocument(path: "x.tutorial", text: "")), .docc)
        XCTAssertEqual(FormatSniffer.format(of: SourceDocument(path: "x.htm", text: "")), .html)
        XCTAssertEqual(FormatSniffer.format(of: SourceDocument(path: "x.txt", text: "# Title")), .text)
    }

    func testContentDecidesWithoutExtension() {
        XCTAssertEqual(FormatSniffer.format(ofContent: "\u{FEFF}<!DOCTYPE html><html>"), .html)
        XCTAssertEqual(FormatSniffer.format(ofContent: "@Tutorial(time: 20) {"), .docc)
        XCTAssertEqual(FormatSniffer.format(ofContent: "intro\n```swift\nlet a = 1\n```\n"), .markdown)
        XCTAssertEqual(FormatSniffer.format(ofContent: "步骤1\n创建文件"), .text)
    }

    func testFileNameLabels() {
        XCTAssertEqual(FileNameLabel.fileName(in: "PageView.swift"), "PageView.swift")
        XCTAssertEqual(FileNameLabel.fileName(in: " `PageControl.swift`: "), "PageControl.swift")
        // A Chinese or Japanese line that ends with the name (no space before it) labels the code with it.
        XCTAssertEqual(FileNameLabel.fileName(in: "整理后的完整代码是PageControl.swift："), "PageControl.swift")
        XCTAssertEqual(FileNameLabel.fileName(in: "完成したコードはPageView.swift"), "PageView.swift")
        // A name written in those scripts stays whole; a name in the middle of a sentence is no label.
        XCTAssertEqual(FileNameLabel.fileName(in: "视图.swift"), "视图.swift")
        XCTAssertNil(FileNameLabel.fileName(in: "创建一个名为PageView.swift的新文件"))
        XCTAssertNil(FileNameLabel.fileName(in: "The code of PageView.swift:"))
        XCTAssertNil(FileNameLabel.fileName(in: "Open PageView.swift"))
        XCTAssertNil(FileNameLabel.fileName(in: "version 1.2"))
        XCTAssertNil(FileNameLabel.fileName(in: ".swift"))
    }

    func testSnippetClassifierTellsFilesFromFragments() {
        let file = "import SwiftUI\n\nstruct A: View {\n    var body: some View { Text(\"a\") }\n}\n"
        XCTAssertEqual(SnippetClassifier.kind(code: file, language: "swift", fileName: "A.swift"), .file)
        let members = "    func makeCoordinator() -> Coordinator {\n        Coordinator(self)\n    }\n"
        XCTAssertEqual(SnippetClassifier.kind(code: members, language: "swift", fileName: "A.swift"), .fragment)
        XCTAssertEqual(SnippetClassifier.kind(code: "searchBar.delegate = context.coordinator\n", language: "swift", fileName: nil), .fragment)
        let modifiers = "@MainActor\npublic final class Model {\n    var 名前 = \"🎉\"\n}"
        XCTAssertEqual(SnippetClassifier.kind(code: modifiers, language: "swift", fileName: nil), .file)
        let unbalanced = "struct A {\n    func f() {\n"
        XCTAssertEqual(SnippetClassifier.kind(code: unbalanced, language: "swift", fileName: "A.swift"), .fragment)
        let closesFirst = "}\nstruct B {\n"
        XCTAssertEqual(SnippetClassifier.kind(code: closesFirst, language: "swift", fileName: "B.swift"), .fragment)
    }

    /// The byte scan must classify as the rule reads: compared with a plain statement of it (split into
    /// lines, the first four words of each line at depth 0) over random texts built from the pieces that
    /// matter (keywords, braces, blanks, CR, tabs, multi-byte characters).
    func testSnippetClassifierAgreesWithThePlainReading() {
        let pieces = [
            "import", "struct", "class", "enum", "protocol", "extension", "actor", "func", "@MainActor", "public",
            "final", "A", "{", "}", "{}", " ", "  ", "\t", "\n", "\r\n", "\r", "é", "名前", "importx", "xstruct",
            "// struct", "\"class\"", "=",
        ]
        var random = SeededGenerator(seed: 2026120371)
        var files = 0
        for _ in 0..<4000 {
            let code = (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? "" : " ")
            let expected = plainKind(code)
            if expected == .file { files += 1 }
            XCTAssertEqual(SnippetClassifier.kind(code: code, language: "swift", fileName: nil), expected, code.debugDescription)
        }
        XCTAssertGreaterThan(files, 100, "the random texts should hold whole files too")
    }

    private func plainKind(_ code: String) -> SnippetKind {
        let keywords: Set<String> = ["import", "struct", "class", "enum", "protocol", "extension", "actor"]
        var depth = 0
        var minimumDepth = 0
        var declares = false
        for line in Array(code.utf8).split(separator: 0x0A, omittingEmptySubsequences: false) {
            if depth == 0, let first = line.first, ![0x20, 0x09, 0x0D].contains(first) {
                let words = line.split(whereSeparator: { [0x20, 0x09, 0x0D].contains($0) }).prefix(4)
                if words.contains(where: { keywords.contains(String(decoding: $0, as: UTF8.self)) }) { declares = true }
            }
            for byte in line {
                if byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "}") {
                    depth -= 1
                    minimumDepth = min(minimumDepth, depth)
                }
            }
        }
        return declares && depth == 0 && minimumDepth == 0 ? .file : .fragment
    }
}
