import TutorialModel
import XCTest

/// Which differences count as one slip of the hand, and which as another word.
final class TypingSlipTests: XCTestCase {
    func testOneLetterInsertedLeftOutChangedOrTwoSwappedIsASlip() {
        XCTAssertTrue(TypingSlip.isSlip("Wrappped", of: "Wrapped", atEnds: false))
        XCTAssertTrue(TypingSlip.isSlip("EnviromentObject", of: "EnvironmentObject", atEnds: false))
        XCTAssertTrue(TypingSlip.isSlip("delagate", of: "delegate", atEnds: false))
        XCTAssertTrue(TypingSlip.isSlip("Observalbe", of: "Observable", atEnds: false))
        XCTAssertTrue(TypingSlip.isSlip("referencel1", of: "reference1", atEnds: false))
        XCTAssertTrue(TypingSlip.isSlip("swfit", of: "swift", atEnds: false))
    }

    func testEditsAtEitherEndCountOnlyWhenAsked() {
        XCTAssertFalse(TypingSlip.isSlip("vectorA", of: "vectorB", atEnds: false))
        XCTAssertFalse(TypingSlip.isSlip("episodes", of: "episode", atEnds: false))
        XCTAssertFalse(TypingSlip.isSlip("reversed", of: "reverse", atEnds: false))
        XCTAssertFalse(TypingSlip.isSlip("AProtocol", of: "BProtocol", atEnds: false))
        XCTAssertTrue(TypingSlip.isSlip("swif", of: "swift", atEnds: true))
        XCTAssertTrue(TypingSlip.isSlip("wsift", of: "swift", atEnds: true))
        XCTAssertTrue(TypingSlip.isSlip("pythonn", of: "python", atEnds: true))
    }

    func testDigitsAndCaseAreNoSlips() {
        XCTAssertFalse(TypingSlip.isSlip("label12", of: "label22", atEnds: false))
        XCTAssertFalse(TypingSlip.isSlip("python3", of: "python", atEnds: true))
        XCTAssertFalse(TypingSlip.isSlip("someThing", of: "something", atEnds: false), "case is judged by the caller")
        XCTAssertFalse(TypingSlip.isSlip("swift", of: "swift", atEnds: true))
    }

    func testTwoEditsAreNoSlip() {
        XCTAssertFalse(TypingSlip.isSlip("JSONEncodr", of: "JSONDecoder", atEnds: false))
        XCTAssertFalse(TypingSlip.isSlip("ObservableObject", of: "ObservedObject", atEnds: false))
        XCTAssertFalse(TypingSlip.isSlip("swi", of: "swift", atEnds: true))
    }
}
