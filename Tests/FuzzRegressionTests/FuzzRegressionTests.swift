import Foundation
import FuzzSupport
import XCTest

/// Every input a fuzz target once crashed on (Fixtures/fuzz-regressions/<target>/) runs again through
/// the same function the fuzzer calls; a crash fails the whole test run, which is the point.
final class FuzzRegressionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz-regressions")

    func testEveryRegressionInputRunsThroughItsTarget() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.root.path).filter { !$0.hasPrefix(".") }
        XCTAssertFalse(targets.isEmpty, "no regression inputs found in \(Self.root.path)")
        var replayed = 0
        for target in targets.sorted() {
            let body = try XCTUnwrap(FuzzTargets.all[target], "Fixtures/fuzz-regressions/\(target) names no fuzz target")
            let directory = Self.root.appendingPathComponent(target)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where !name.hasPrefix(".") {
                body(try Data(contentsOf: directory.appendingPathComponent(name)))
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 0)
    }

    /// The corpora the long fuzz runs left (Fixtures/fuzz-corpus/<target>/, where the next run starts) replay
    /// too: an input that reached new code once must still run through it without a crash, found here rather
    /// than hours into the next run.
    func testEveryKeptCorpusInputRunsThroughItsTarget() throws {
        let corpus = Self.root.deletingLastPathComponent().appendingPathComponent("fuzz-corpus")
        var replayed = 0
        for target in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() where !target.hasPrefix(".") {
            let body = try XCTUnwrap(FuzzTargets.all[target], "Fixtures/fuzz-corpus/\(target) names no fuzz target")
            let directory = corpus.appendingPathComponent(target)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where !name.hasPrefix(".") {
                body(try Data(contentsOf: directory.appendingPathComponent(name)))
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 1_000, "the kept corpora hold over a thousand inputs")
    }

    func testEveryTargetHasAnExecutable() {
        let sources = Self.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        for target in FuzzTargets.all.keys {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: sources.appendingPathComponent("fuzz-\(target)").path),
                "FuzzTargets.all has \(target) but Sources/fuzz-\(target) does not exist")
        }
    }
}
