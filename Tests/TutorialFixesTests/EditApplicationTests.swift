import Foundation
import TestSupport
import TutorialFixes
import TutorialModel
import XCTest

final class EditApplicationTests: XCTestCase {
    func testEditsApplyInOffsetOrderWhateverOrderTheyCome() throws {
        let marked = MarkedText("let 1️⃣a = 2️⃣b\n3️⃣")
        let edits = [
            TextEdit.insert("// end\n", at: marked["3️⃣"]),
            TextEdit(range: SourceRange(start: marked["1️⃣"], end: marked["1️⃣"] + 1), newText: "first"),
            TextEdit.insert("$", at: marked["2️⃣"]),
        ]
        XCTAssertEqual(try EditApplication.apply(edits, to: marked.text), "let first = $b\n// end\n")
    }

    func testInsertionsAtOneOffsetKeepTheirOrder() throws {
        XCTAssertEqual(try EditApplication.apply([.insert("a", at: 1), .insert("b", at: 1)], to: "xy"), "xaby")
    }

    func testOverlapOutsideAndSplitCharacterAreRefused() {
        let text = "步骤1\n"
        XCTAssertThrowsError(
            try EditApplication.apply(
                [
                    TextEdit(range: SourceRange(start: 0, end: 3), newText: ""),
                    TextEdit(range: SourceRange(start: 2, end: 4), newText: ""),
                ],
                to: text))
        XCTAssertThrowsError(try EditApplication.apply([.insert("x", at: 99)], to: text))
        XCTAssertThrowsError(try EditApplication.apply([.insert("x", at: 1)], to: text), "offset 1 is inside 步")
    }

    func testCompatibleTakesFixesWholeAndSkipsOverlappingOnes() {
        let first = Fix(
            title: "a", rule: "r", kind: .repair,
            edits: [.insert("x", at: 2), TextEdit(range: SourceRange(start: 5, end: 8), newText: "")])
        let overlapping = Fix(title: "b", rule: "r", kind: .repair, edits: [.insert("y", at: 6)])
        let separate = Fix(title: "c", rule: "r", kind: .repair, edits: [.insert("z", at: 2), .insert("w", at: 8)])
        let (taken, skipped) = EditApplication.compatible([first, overlapping, separate])
        XCTAssertEqual(taken.map(\.title), ["a", "c"])
        XCTAssertEqual(skipped.map(\.title), ["b"])
    }
}

final class SuppressionFixesTests: XCTestCase {
    func tutorial(_ text: String, format: DocumentFormat = .markdown, stepStart: Int? = nil) -> Tutorial {
        let document = SourceDocument(path: "t.md", text: text)
        var sections: [Section] = []
        if let stepStart {
            let range = SourceRange(start: stepStart, end: document.bytes.count)
            sections = [
                Section(
                    title: "S", range: range,
                    steps: [
                        Step(
                            id: StepID(section: 1, step: 1), label: "Step 1", labelNumber: 1, title: "", prose: "",
                            range: range, snippets: [])
                    ])
            ]
        }
        return Tutorial(document: document, format: format, title: nil, sections: sections)
    }

    func testDisableHereGoesOnTheLineBeforeTheStep() throws {
        let marked = MarkedText("# T\n\n1️⃣## Step 1\ncode\n")
        let tutorial = tutorial(marked.text, stepStart: marked["1️⃣"])
        let fix = SuppressionFixes.disableHere(
            rule: "step-no-change", step: StepID(section: 1, step: 1), range: SourceRange(start: 20, end: 22),
            in: tutorial)
        XCTAssertEqual(fix.kind, .suppression)
        XCTAssertEqual(
            try EditApplication.apply(fix.edits, to: marked.text),
            "# T\n\n<!-- tutorial-check-disable-next-step step-no-change -->\n## Step 1\ncode\n")
    }

    func testDisableHereWithoutAStepWrapsTheLines() throws {
        let marked = MarkedText("a\nb 1️⃣bad\nc")
        let fix = SuppressionFixes.disableHere(
            rule: "x", step: nil, range: SourceRange(start: marked["1️⃣"], end: marked["1️⃣"] + 3),
            in: tutorial(marked.text))
        XCTAssertEqual(
            try EditApplication.apply(fix.edits, to: marked.text),
            "a\n<!-- tutorial-check-disable x -->\nb bad\n<!-- tutorial-check-enable x -->\nc")
    }

    func testDisableInDocumentKeepsTheDoctypeFirstAndTheLineEndings() throws {
        let html = "<!DOCTYPE html>\r\n<p>x</p>\r\n"
        let fix = SuppressionFixes.disableInDocument(rule: "r", in: tutorial(html, format: .html))
        XCTAssertEqual(
            try EditApplication.apply(fix.edits, to: html),
            "<!DOCTYPE html>\r\n<!-- tutorial-check-disable r -->\r\n<p>x</p>\r\n")
        let markdown = "# T\n"
        XCTAssertEqual(
            try EditApplication.apply(
                SuppressionFixes.disableInDocument(rule: "r", in: tutorial(markdown)).edits, to: markdown),
            "<!-- tutorial-check-disable r -->\n# T\n")
    }
}

final class FileFixerTests: XCTestCase {
    var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "fixes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func write(_ text: String, name: String = "t.md") throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    func testRepairsAreWrittenAtomicallyAndReported() throws {
        let path = try write("a b\n")
        chmod(path, 0o640)
        let outcome = FileFixer.fix(
            SourceDocument(path: path, text: "a b\n"),
            fixes: [
                Fix(title: "dollar", rule: "binding-passed-by-value", kind: .repair, edits: [.insert("$", at: 2)]),
                Fix(title: "silence", rule: "x", kind: .suppression, edits: [.insert("<!-- -->", at: 0)]),
            ])
        XCTAssertTrue(outcome.changed)
        XCTAssertEqual(outcome.applied.map(\.title), ["dollar"], "lint --fix repairs, it never silences")
        XCTAssertEqual(read(path), "a $b\n")
        var info = stat()
        stat(path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o640, "permissions survive the rename")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory), ["t.md"], "no temporary file left")
    }

    func testAFileChangedOnDiskOrAnEditThatCannotApplyLeavesTheFileUntouched() throws {
        let path = try write("changed by someone\n")
        let stale = FileFixer.fix(
            SourceDocument(path: path, text: "a b\n"),
            fixes: [Fix(title: "f", rule: "r", kind: .repair, edits: [.insert("$", at: 2)])])
        XCTAssertFalse(stale.changed)
        XCTAssertNotNil(stale.failure)
        XCTAssertEqual(read(path), "changed by someone\n")

        let other = try write("abc\n", name: "u.md")
        let broken = FileFixer.fix(
            SourceDocument(path: other, text: "abc\n"),
            fixes: [Fix(title: "f", rule: "r", kind: .repair, edits: [.insert("ok", at: 1), .insert("far", at: 400)])])
        XCTAssertFalse(broken.changed)
        XCTAssertTrue(broken.failure?.contains("outside") == true)
        XCTAssertEqual(read(other), "abc\n")
    }

    /// The group write bit survives (the temporary file was created through the umask: 664 became 644),
    /// and so does the owner when running as root (the rename gave the file to root).
    func testModeAndOwnerSurviveTheRewrite() throws {
        let path = try write("a b\n")
        let previousMask = umask(0o022)
        defer { umask(previousMask) }
        chmod(path, 0o664)
        let owner: (uid_t, gid_t) = geteuid() == 0 ? (4321, 4322) : (geteuid(), getegid())
        XCTAssertEqual(chown(path, owner.0, owner.1), 0)
        let outcome = FileFixer.fix(
            SourceDocument(path: path, text: "a b\n"),
            fixes: [Fix(title: "dollar", rule: "binding-passed-by-value", kind: .repair, edits: [.insert("$", at: 2)])])
        XCTAssertTrue(outcome.changed, "\(String(describing: outcome.failure))")
        XCTAssertEqual(read(path), "a $b\n")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o664)
        XCTAssertEqual(info.st_uid, owner.0)
        XCTAssertEqual(info.st_gid, owner.1)
    }

    /// A failure while staging removes what was staged and renames nothing.
    func testAFailedStageRenamesNothingAndLeavesNoTemporary() throws {
        let first = try write("one\n", name: "a.swift")
        let staged = try AtomicWrite.stage("ONE\n", for: first, previousText: "one\n")
        XCTAssertThrowsError(try AtomicWrite.stage("x", for: directory + "/no-such-folder/b.swift"))
        AtomicWrite.discard([staged])
        XCTAssertEqual(read(first), "one\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["a.swift"])
    }
}
