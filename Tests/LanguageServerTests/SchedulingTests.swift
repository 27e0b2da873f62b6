import Foundation
import LanguageServer
import XCTest

final class SchedulingTests: XCTestCase {
    let uri = "file:///tutorial.md"

    /// A burst of edits while an analysis runs costs one more analysis, not one per edit, and only the
    /// newest version is published after the burst.
    func testEditsDuringAnAnalysisCoalesceAndOldVersionsAreNeverPublished() throws {
        let counting = CountingPipeline(delay: 0.2)
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "TODO\n")
        for version in 2...21 {
            client.notify(
                DidChangeTextDocumentNotification(
                    textDocument: .init(uri: uri, version: version), contentChanges: [.init(text: "TODO \(version)\n")])
            )
        }
        XCTAssertNotNil(client.waitForDiagnostics(uri, version: 21))
        let runs = counting.runs.withLock { $0 }
        XCTAssertLessThanOrEqual(runs.count, 3, "one analysis for the open, at most two for the burst: \(runs)")
        XCTAssertEqual(runs.last, "TODO 21\n")
        let published = client.messages.filter { $0.method == "textDocument/publishDiagnostics" }
            .compactMap { $0.params?["version"] as? Int }
        XCTAssertEqual(published, published.sorted())
        XCTAssertEqual(published.last, 21)
        XCTAssertLessThanOrEqual(published.count, 3)
    }

    /// A lone edit needs nothing more from the client to be analysed (no flush, no later message): its
    /// diagnostics arrive, from exactly one analysis of its text, and no result of the older version follows
    /// them. Asserted as order and count, not as time (a timed assertion fails on a busy machine, not on a
    /// wrong scheduler).
    func testALoneEditIsAnalysedOnceWithNothingMoreSent() throws {
        let counting = CountingPipeline()
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "x\n")
        _ = client.waitForDiagnostics(uri, version: 1)
        client.notify(
            DidChangeTextDocumentNotification(
                textDocument: .init(uri: uri, version: 2), contentChanges: [.init(text: "TODO\n")]))
        XCTAssertEqual(client.waitForDiagnostics(uri, version: 2)?.count, 1)
        XCTAssertEqual(counting.runs.withLock { $0 }, ["x\n", "TODO\n"], "one analysis per version, in order")
        let published = client.messages.filter { $0.method == "textDocument/publishDiagnostics" }
            .compactMap { $0.params?["version"] as? Int }
        XCTAssertEqual(published, [1, 2])
    }

    func testResponsesLeaveInRequestOrder() throws {
        let counting = CountingPipeline(delay: 0.05)
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "TODO\n")
        var ids: [Int] = []
        for index in 0..<60 {
            // Slow pulled diagnostics (a new version each time) interleaved with quick folding requests.
            if index % 3 == 0 {
                client.notify(
                    DidChangeTextDocumentNotification(
                        textDocument: .init(uri: uri, version: 2 + index),
                        contentChanges: [.init(text: "TODO \(index)\n")]))
                ids.append(client.send(DocumentDiagnosticRequest(textDocument: .init(uri: uri))))
            } else {
                ids.append(client.send(FoldingRangeRequest(textDocument: .init(uri: uri))))
            }
        }
        XCTAssertNotNil(client.waitForResponse(ids.last!, timeout: 30))
        let order = client.messages.compactMap { message -> Int? in
            message.method == nil ? message.json["id"] as? Int : nil
        }.filter { ids.contains($0) }
        XCTAssertEqual(order, ids)
    }

    func testCancelledRequestIsAnsweredWithRequestCancelled() throws {
        let counting = CountingPipeline(delay: 0.5)
        let client = TestClient(pipeline: counting.pipeline)
        _ = try client.initialize()
        client.open(uri, text: "TODO\n")
        let id = client.send(DocumentDiagnosticRequest(textDocument: .init(uri: uri)))
        client.notify(CancelRequestNotification(id: .number(id)))
        let response = try XCTUnwrap(client.waitForResponse(id))
        XCTAssertEqual((response.json["error"] as? [String: Any])?["code"] as? Int, -32800)
        // The server still answers afterwards.
        XCTAssertEqual(try client.request(DocumentDiagnosticRequest(textDocument: .init(uri: uri))).items?.count, 1)
    }
}
