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

/// A directory holding more entries than one walk visits is refused with one line, never checked in part
/// with the rest passed over in silence (issue 22: every limit that skips work says so).
final class DocumentLoaderWalkLimitTests: XCTestCase {
    func testADirectoryOverTheWalkLimitIsAnInputErrorNotAPartialRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loader-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for number in 0..<6 {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent("t\(number).md").path, contents: Data("# T\n".utf8)))
        }
        XCTAssertEqual(try DocumentLoader.expand([directory.path], walkLimit: 6).count, 6)
        XCTAssertThrowsError(try DocumentLoader.expand([directory.path], walkLimit: 5)) { error in
            let reason = (error as? DocumentLoader.InputError)?.reason ?? "\(error)"
            XCTAssertEqual(reason, "holds more than 5 files and folders, the most one walk visits; name the folders to check inside it")
        }
    }
}
