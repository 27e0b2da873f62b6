import Foundation
import TutorialModel
import XCTest

@testable import LanguageServer

#if canImport(Glibc)
    import Glibc
#endif

/// The outgoing queue of the stdio transport: diagnostics coalesced per document, everything else kept
/// in order, and the reader held back while a client leaves too much unread.
final class BackpressureTests: XCTestCase {
    private func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }

    func testNewerMessageWithTheSameKeyReplacesTheQueuedOneAndOthersKeepTheirOrder() {
        let queue = OutgoingQueue(limit: 1 << 20)
        queue.enqueue(Data("a1".utf8), coalescingKey: "a")
        queue.enqueue(Data("r1".utf8), coalescingKey: nil)
        queue.enqueue(Data("b1".utf8), coalescingKey: "b")
        queue.enqueue(Data("a2".utf8), coalescingKey: "a")
        queue.enqueue(Data("r2".utf8), coalescingKey: nil)
        queue.close()
        var written: [String] = []
        while let next = text(queue.next()) { written.append(next) }
        XCTAssertEqual(written, ["r1", "b1", "a2", "r2"])
    }

    func testAKeyWrittenAlreadyIsNotReplacedAgain() {
        let queue = OutgoingQueue(limit: 1 << 20)
        queue.enqueue(Data("a1".utf8), coalescingKey: "a")
        XCTAssertEqual(text(queue.next()), "a1")
        queue.enqueue(Data("a2".utf8), coalescingKey: "a")
        queue.enqueue(Data("a3".utf8), coalescingKey: "a")
        XCTAssertEqual(text(queue.next()), "a3")
    }

    func testManyCoalescedMessagesKeepTheQueueSmall() {
        let queue = OutgoingQueue(limit: 1 << 20)
        for version in 0..<10_000 {
            queue.enqueue(Data("diagnostics \(version % 3) v\(version)".utf8), coalescingKey: "doc\(version % 3)")
        }
        queue.close()
        var written: [String] = []
        while let next = text(queue.next()) { written.append(next) }
        // Each document's newest, in the order they were last sent.
        XCTAssertEqual(written, ["diagnostics 1 v9997", "diagnostics 2 v9998", "diagnostics 0 v9999"])
    }

    func testReaderWaitsWhileTooMuchIsUnwrittenAndResumesWhenItDrains() {
        let queue = OutgoingQueue(limit: 10)
        queue.enqueue(Data(repeating: 1, count: 8), coalescingKey: nil)
        queue.enqueue(Data(repeating: 2, count: 8), coalescingKey: nil)
        // Coalesced messages never count against the limit.
        queue.enqueue(Data(repeating: 3, count: 100), coalescingKey: "doc")
        let resumed = expectation(description: "the reader resumes")
        let released = Protected(false)
        Thread {
            queue.waitForRoom()
            released.withLock { $0 = true }
            resumed.fulfill()
        }.start()
        usleep(200_000)
        XCTAssertFalse(released.withLock { $0 }, "16 bytes wait, over the limit of 10: the reader must wait")
        XCTAssertEqual(queue.next()?.first, 1)
        wait(for: [resumed], timeout: 10)
        XCTAssertEqual(queue.next()?.first, 2)
        XCTAssertEqual(queue.next()?.first, 3)
    }

    /// Over real pipes: a client that reads nothing while 2,000 diagnostics and 50 responses are sent
    /// gets, once it reads, every response in order and only a few diagnostics, the newest last.
    func testStreamConnectionCoalescesDiagnosticsWhileTheClientIsNotReading() throws {
        var fromServer: [Int32] = [0, 0]
        var toServer: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fromServer), 0)
        XCTAssertEqual(pipe(&toServer), 0)
        let connection = StreamConnection(input: toServer[0], output: fromServer[1])
        let padding = String(repeating: "x", count: 2_000)
        for version in 1...2_000 {
            connection.send(Data(#"{"method":"diag","version":\#(version),"pad":"\#(padding)"}"#.utf8), coalescingKey: "doc")
            if version % 40 == 0 { connection.send(Data(#"{"id":\#(version / 40)}"#.utf8)) }
        }
        let serverEnd = fromServer[1]
        Thread {
            connection.close()  // waits until everything queued is written
            close(serverEnd)
        }.start()
        var framer = MessageFramer()
        var bodies: [[String: Any]] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fromServer[0], &buffer, buffer.count)
            guard count > 0 else { break }
            for event in framer.append(Data(buffer[0..<count])) {
                guard case .message(let body) = event else { continue }
                bodies.append(try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any]))
            }
        }
        let ids = bodies.compactMap { $0["id"] as? Int }
        XCTAssertEqual(ids, Array(1...50), "every response once, in order")
        let versions = bodies.compactMap { $0["version"] as? Int }
        XCTAssertEqual(versions.last, 2_000, "the newest diagnostics arrive")
        XCTAssertEqual(versions, versions.sorted(), "diagnostics never go back in time")
        // The pipe holds 64 KB (about 30 of these), the writer one more: the rest were coalesced away.
        XCTAssertLessThan(versions.count, 200, "older diagnostics are dropped, not queued")
        close(fromServer[0])
        close(toServer[0])
        close(toServer[1])
    }
}
