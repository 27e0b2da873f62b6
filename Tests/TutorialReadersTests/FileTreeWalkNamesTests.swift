import Foundation
import XCTest

@testable import TutorialReaders

/// Directory entries are read by the walk straight from `readdir`'s buffer: every name must come back
/// whole, however long (255 bytes, the most a name may have) or wherever it sits in the buffer, and
/// hidden names must stay out. Under AddressSanitizer this also checks that no read leaves the buffer.
final class FileTreeWalkNamesTests: XCTestCase {
    func testEveryNameIsListedWholeAndHiddenOnesAreLeftOut() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("walk-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let longest = String(repeating: "n", count: 249) + ".swift"
        var names = [longest, "é-ü.swift", "a", ".hidden.swift"]
        // Enough entries that names end at many places in readdir's buffer, the last one at its end.
        names += (0..<300).map { String(repeating: "x", count: $0 % 200 + 1) + "-\($0)" }
        for name in names {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data()))
        }

        let listing = FileTreeWalk.regularFiles(under: directory.path)

        XCTAssertTrue(listing.complete)
        let listed = listing.files.map { ($0 as NSString).lastPathComponent }
        XCTAssertEqual(listed, names.filter { !$0.hasPrefix(".") }.sorted())
        XCTAssertTrue(listed.contains(longest))
    }
}
