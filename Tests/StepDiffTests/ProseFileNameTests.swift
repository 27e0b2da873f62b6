@testable import StepDiff
import XCTest

/// `fileNames(in:)` answers "none" from the prose's dots alone when no dot stands between two name bytes;
/// it must never drop a name that way. With a file name appended after a space (which joins no word of
/// the text), the dots always let the whole scan run: the names found before it must be the text's own.
final class ProseFileNameTests: XCTestCase {
    func testTheDotCheckDropsNoName() {
        let pieces = [
            "Open", " ", "PageView", ".", "swift", ".swift", "e.g.", "中", "-", "+", "_", "m", "..", "\n", "a.b", ".h", "é",
        ]
        // A seeded linear congruential generator: the same texts on every run.
        var state: UInt64 = 11
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var named = 0
        for _ in 0..<20_000 {
            let text = (0..<(next() % 8)).map { _ in pieces[next() % pieces.count] }.joined()
            let names = fileNames(in: text)
            XCTAssertEqual(names, Array(fileNames(in: text + " Z.swift").dropLast()), text.debugDescription)
            if !names.isEmpty { named += 1 }
        }
        XCTAssertGreaterThan(named, 1_000, "the random texts name files")
        XCTAssertEqual(fileNames(in: "Open PageView.swift. Then build."), ["PageView.swift"])
        XCTAssertEqual(fileNames(in: "Build it. Then run."), [])
    }
}
