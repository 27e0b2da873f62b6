import Foundation
import TutorialModel
import TutorialReaders
import XCTest

@testable import TutorialAnalysis

/// A document over the size limit is refused before it is read, so a huge file costs no memory;
/// reached through a symbolic link too, whose own size is only that of the path it holds.
final class DocumentLoaderSizeTests: XCTestCase {
    func testAFileOverTheLimitIsRefusedBeforeReadingDirectlyAndThroughALink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.md")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: Data()))
        // Sparse: 17 MiB of zeros that take no disk space. Read, they would be refused as binary data.
        XCTAssertEqual(truncate(big.path, off_t(InputLimits.maximumDocumentBytes + (1 << 20))), 0)
        let link = directory.appendingPathComponent("link.md")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: big)

        for path in [big.path, link.path] {
            XCTAssertThrowsError(try DocumentLoader.load(path), path) { error in
                let reason = (error as? DocumentLoader.InputError)?.reason ?? "\(error)"
                XCTAssertTrue(reason.contains("over the limit of 16 MiB"), "\(path): \(reason)")
            }
        }
    }
}
