@testable import TutorialRules
import XCTest

/// Which differences `misspelt-name` takes for a slip of the hand, and which for another name.
final class MisspeltNameSlipTests: XCTestCase {
    func testOneLetterInsertedLeftOutChangedOrTwoSwappedIsASlip() {
        XCTAssertTrue(MisspeltName.isSlip("Wrappped", of: "Wrapped"))
        XCTAssertTrue(MisspeltName.isSlip("EnviromentObject", of: "EnvironmentObject"))
        XCTAssertTrue(MisspeltName.isSlip("delagate", of: "delegate"))
        XCTAssertTrue(MisspeltName.isSlip("Observalbe", of: "Observable"))
        XCTAssertTrue(MisspeltName.isSlip("referencel1", of: "reference1"))
    }

    func testEditsAtEitherEndAreOtherNames() {
        XCTAssertFalse(MisspeltName.isSlip("vectorA", of: "vectorB"))
        XCTAssertFalse(MisspeltName.isSlip("episodes", of: "episode"))
        XCTAssertFalse(MisspeltName.isSlip("reversed", of: "reverse"))
        XCTAssertFalse(MisspeltName.isSlip("AProtocol", of: "BProtocol"))
    }

    func testDigitsAndCaseAreNoSlips() {
        XCTAssertFalse(MisspeltName.isSlip("label12", of: "label22"))
        XCTAssertFalse(MisspeltName.isSlip("someThing", of: "something"), "case is judged against exact names only")
    }

    func testTwoEditsAreNoSlip() {
        XCTAssertFalse(MisspeltName.isSlip("JSONEncodr", of: "JSONDecoder"))
        XCTAssertFalse(MisspeltName.isSlip("ObservableObject", of: "ObservedObject"))
    }
}
