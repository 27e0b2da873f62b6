import Foundation
import LanguageServer
import TutorialModel
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The wire format, tested apart from the server (sourcekit-lsp's MessageSplitting tests).
final class MessageFramingTests: XCTestCase {
    func frame(_ body: String) -> Data { MessageFramer.frame(Data(body.utf8)) }

    func testFrameWritesContentLengthInBytes() {
        XCTAssertEqual(String(decoding: frame(#"{"a":"步"}"#), as: UTF8.self), "Content-Length: 11\r\n\r\n{\"a\":\"步\"}")
    }

    func testMessagesSplitAcrossChunksAndSeveralInOneChunk() {
        var framer = MessageFramer()
        var stream = frame("{\"n\":1}")
        stream.append(frame("{\"n\":22}"))
        stream.append(frame("{}"))
        var bodies: [String] = []
        // One byte at a time: every split point of headers and bodies is exercised.
        for byte in stream {
            for event in framer.append(Data([byte])) {
                guard case .message(let body) = event else { return XCTFail("unexpected \(event)") }
                bodies.append(String(decoding: body, as: UTF8.self))
            }
        }
        XCTAssertEqual(bodies, ["{\"n\":1}", "{\"n\":22}", "{}"])
        XCTAssertEqual(framer.pendingByteCount, 0)
        var whole = MessageFramer()
        XCTAssertEqual(whole.append(stream).count, 3)
    }

    func testOtherHeadersAndCaseAreAccepted() {
        var framer = MessageFramer()
        let stream = Data("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        XCTAssertEqual(framer.append(stream), [.message(Data("{}".utf8))])
    }

    func testMissingContentLengthIsReportedAndTheNextMessageStillArrives() {
        var framer = MessageFramer()
        var stream = Data("Content-Type: x\r\n\r\n".utf8)
        stream.append(frame("{}"))
        let events = framer.append(stream)
        XCTAssertEqual(events.count, 2)
        guard case .malformed = events[0] else { return XCTFail("expected malformed, got \(events[0])") }
        XCTAssertEqual(events[1], .message(Data("{}".utf8)))
    }

    func testGarbageBeforeAHeaderResynchronises() {
        var framer = MessageFramer()
        // A body shorter than announced leaves its tail glued to the next header.
        var stream = Data("Content-Length: 3\r\n\r\n{}}tail".utf8)
        stream.append(frame("{\"ok\":true}"))
        let events = framer.append(stream)
        XCTAssertEqual(events.first, .message(Data("{}}".utf8)))
        XCTAssertEqual(events.last, .message(Data("{\"ok\":true}".utf8)))
    }

    func testOversizedBodyIsSkippedWithoutBufferingIt() {
        var framer = MessageFramer(maximumBodyLength: 10)
        var events = framer.append(Data("Content-Length: 100\r\n\r\n".utf8))
        guard case .malformed = events.first else { return XCTFail("expected malformed") }
        events = framer.append(Data(repeating: UInt8(ascii: "x"), count: 100))
        XCTAssertEqual(events, [])
        XCTAssertEqual(framer.pendingByteCount, 0)
        XCTAssertEqual(framer.append(frame("{}")), [.message(Data("{}".utf8))])
    }

    func testNegativeOrNonNumericLengthIsMalformed() {
        XCTAssertNil(MessageFramer.contentLength(in: "Content-Length: -4"))
        XCTAssertNil(MessageFramer.contentLength(in: "Content-Length: four"))
        XCTAssertEqual(MessageFramer.contentLength(in: "X: y\r\nContent-Length:  7 "), 7)
    }

    /// The real stdio transport over pipes: frames out, frames in, end of stream reported.
    func testStreamConnectionOverPipes() throws {
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toServer), 0)
        XCTAssertEqual(pipe(&fromServer), 0)
        let connection = StreamConnection(input: toServer[0], output: fromServer[1])
        let events = Protected<[ConnectionEvent]>([])
        let closed = expectation(description: "closed")
        connection.start { event in
            events.withLock { $0.append(event) }
            if event == .closed { closed.fulfill() }
        }
        let outgoing = frame("{\"id\":1}") + Data("Content-Length: 5\r\n\r\n{".utf8)
        outgoing.withUnsafeBytes { _ = write(toServer[1], $0.baseAddress, $0.count) }
        close(toServer[1])
        wait(for: [closed], timeout: 5)
        let received = events.withLock { $0 }
        XCTAssertEqual(received.first, .message(Data("{\"id\":1}".utf8)))
        guard received.count == 3, case .malformed(let reason) = received[1] else {
            return XCTFail("expected a malformed tail, got \(received)")
        }
        XCTAssertTrue(reason.contains("stream ended inside a message"))

        connection.send(Data("{\"x\":\"é\"}".utf8))
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(fromServer[0], &buffer, buffer.count)
        XCTAssertEqual(
            String(decoding: buffer[0..<max(count, 0)], as: UTF8.self), "Content-Length: 10\r\n\r\n{\"x\":\"é\"}")
        close(toServer[0])
        close(fromServer[0])
        close(fromServer[1])
    }
}
