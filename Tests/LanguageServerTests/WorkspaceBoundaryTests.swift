import Foundation
import LanguageServer
import TutorialModel
import XCTest

/// The server offers edits of DocC resources only inside the client's workspace folders, and reads
/// no resource outside the tutorial's catalog (docs/security.md).
final class WorkspaceBoundaryTests: XCTestCase {
    private var base = ""
    private var catalog: String { base + "/project/Pages.docc" }
    private var tutorialURI: String { "file://" + catalog + "/Pages.tutorial" }

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("boundary-\(UUID().uuidString)").path
        let fixture = FeatureTests.fixture
        let blocks = fixture.components(separatedBy: "```swift file=PageViewController.swift\n").dropFirst().map {
            String($0[..<$0.range(of: "```")!.lowerBound])
        }
        XCTAssertEqual(blocks.count, 3)
        try FileManager.default.createDirectory(atPath: catalog + "/Resources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/elsewhere", withIntermediateDirectories: true)
        var steps = ""
        for (index, code) in blocks.enumerated() {
            try code.write(toFile: catalog + "/Resources/0\(index + 1).swift", atomically: false, encoding: .utf8)
            steps += """
                        @Step {
                            Step \(index + 1).

                            @Code(name: "PageViewController.swift", file: "0\(index + 1).swift")
                        }

                """
        }
        // A step naming a file outside the catalog, holding a secret the server must never send.
        try "let secret = \"SECRET-4b1d\"\n".write(toFile: base + "/secret.swift", atomically: false, encoding: .utf8)
        steps += """
                    @Step {
                        Outside.

                        @Code(name: "PageViewController.swift", file: "../../secret.swift")
                    }

            """
        let tutorial = """
            @Tutorial(time: 5) {
                @Intro(title: "Pages") {
                    A page view.
                }

                @Section(title: "Wrap the page view controller") {
                    @Steps {
            \(steps)        }
                }
            }

            """
        try tutorial.write(toFile: catalog + "/Pages.tutorial", atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    /// The code actions offered for the unwired coordinator, with everything the server sent.
    private func actions(workspace: String) throws -> (actions: [CodeAction], sent: String) {
        let client = TestClient()
        _ = try client.initialize(rootURI: "file://" + workspace)
        let text = try String(contentsOfFile: catalog + "/Pages.tutorial", encoding: .utf8)
        client.open(tutorialURI, text: text, languageId: "tutorial")
        let pulled = try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: tutorialURI)))
        let missing = pulled.items?.filter { $0.code == "code-file-missing" } ?? []
        XCTAssertEqual(missing.count, 1)
        XCTAssertTrue(missing.first?.message.contains("points outside the catalog Pages.docc") == true)
        let diagnostic = try XCTUnwrap(pulled.items?.first { $0.code == "coordinator-not-wired" })
        let actions = try client.request(
            CodeActionRequest(
                textDocument: .init(uri: tutorialURI), range: diagnostic.range,
                context: .init(diagnostics: [diagnostic])))
        let hover = try client.request(
            HoverRequest(textDocument: .init(uri: tutorialURI), position: Position(line: 30, character: 10)))
        let sent =
            String(decoding: try JSONEncoder().encode(actions), as: UTF8.self) + "\(pulled)"
            + "\(String(describing: hover))"
        return (actions, sent)
    }

    func testInsideTheWorkspaceTheRepairEditsTheCatalogsResources() throws {
        let (actions, sent) = try actions(workspace: base + "/project")
        XCTAssertFalse(sent.contains("SECRET-4b1d"))
        let repair = try XCTUnwrap(actions.first { $0.isPreferred == true })
        let uris = Array(repair.edit?.changes?.keys ?? [:].keys)
        XCTAssertEqual(uris.count, 3, "\(uris)")
        XCTAssertTrue(uris.allSatisfy { $0.hasPrefix("file://" + catalog + "/Resources/") }, "\(uris)")
    }

    /// Outside the workspace folders nothing is read from disk: the resources are not shown, so no
    /// finding about their code and no repair; what the client sent (an open buffer) is read.
    func testOutsideTheWorkspaceFoldersNothingIsReadFromDisk() throws {
        for workspace in [base + "/elsewhere", nil] {
            let client = TestClient()
            _ = try client.initialize(rootURI: workspace.map { "file://" + $0 })
            let text = try String(contentsOfFile: catalog + "/Pages.tutorial", encoding: .utf8)
            client.open(tutorialURI, text: text, languageId: "tutorial")
            let pulled = try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: tutorialURI)))
            let missing = pulled.items?.filter { $0.code == "code-file-missing" }.map(\.message) ?? []
            XCTAssertEqual(
                missing.filter { $0.contains("lies outside the editor's workspace folders") }.count, 3, "\(missing)")
            XCTAssertNil(pulled.items?.first { $0.code == "coordinator-not-wired" })
            let diff = try client.request(StepDiffRequest(textDocument: .init(uri: tutorialURI)))
            XCTAssertFalse("\(diff)".contains("UIPageViewController"), "no resource's code from disk")
            // A resource the client sent is what the tutorial shows.
            client.open(
                "file://" + catalog + "/Resources/01.swift", text: "let sentByTheClient = 1\n", languageId: "swift")
            let again = try client.request(StepDiffRequest(textDocument: .init(uri: tutorialURI)))
            XCTAssertTrue("\(again)".contains("sentByTheClient"), "\(again)")
            XCTAssertFalse("\(again)".contains("UIPageViewController"))
        }
    }

    /// `file:///…/T.tutorial` naming `passwd` beside it, outside the workspace: never read.
    func testATutorialOutsideTheWorkspaceCannotReadTheFileBesideIt() throws {
        let outside = base + "/etc"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "root:x:0:0:SECRET-4b1d\n".write(toFile: outside + "/passwd", atomically: false, encoding: .utf8)
        let client = TestClient()
        _ = try client.initialize(rootURI: "file://" + base + "/project")
        let uri = "file://" + outside + "/T.tutorial"
        client.open(
            uri,
            text: "@Tutorial(time: 5) {\n    @Section(title: \"S\") {\n        @Steps {\n            @Step {\n"
                + "                Show it.\n\n                @Code(name: \"A.swift\", file: \"passwd\")\n"
                + "            }\n        }\n    }\n}\n",
            languageId: "tutorial")
        let diff = try client.request(StepDiffRequest(textDocument: .init(uri: uri)))
        let pulled = try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        XCTAssertFalse("\(diff)\(pulled)".contains("SECRET-4b1d"))
        XCTAssertTrue(
            "\(pulled)".contains("workspace folders; the language server reads files only inside"), "\(pulled)")
        // Nor is a file outside the workspace read when a request names it without opening it.
        let id = client.send(StepDiffRequest(textDocument: .init(uri: "file://" + outside + "/passwd")))
        let response = try XCTUnwrap(client.waitForResponse(id))
        XCTAssertNotNil(response.json["error"])
        XCTAssertFalse(String(decoding: response.body, as: UTF8.self).contains("SECRET-4b1d"))
    }
}
