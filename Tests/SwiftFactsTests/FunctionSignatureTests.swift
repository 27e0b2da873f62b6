import SwiftFacts
import XCTest
import TestSupport

/// `FunctionFact.hasSignature` answers what comparing with the built `signature` answers, for functions
/// and signatures made at random from a few names and labels (some non-ASCII, one of them canonically
/// equivalent to an ASCII letter, where a byte comparison alone would differ).
final class FunctionSignatureTests: XCTestCase {
    func testHasSignatureAgreesWithTheBuiltSignature() {
        let names = ["makeUIView", "updateUIView", "make", "", "caf\u{E9}", "cafe\u{301}", "\u{212A}ey", "Key"]
        let labels: [String?] = [nil, "context", "_", "in", "for", "\u{212A}", "K", "ctx", ""]
        var generator = SeededGenerator(seed: 2026120311)
        func randomFunction() -> FunctionFact {
            let parameters = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                ParameterFact(
                    label: labels.randomElement(using: &generator)!, internalName: "x", typeText: "Int",
                    hasDefault: false, isVariadic: false)
            }
            return FunctionFact(
                kind: .function, name: names.randomElement(using: &generator)!, ownerType: nil,
                parameters: parameters, returnTypeText: nil, attributes: [], isStatic: false, isOverride: false,
                nameRange: CodeRange(start: 0, end: 0), range: CodeRange(start: 0, end: 0), bodyRange: nil)
        }
        var agreed = 0
        for _ in 0..<3000 {
            let function = randomFunction()
            // Half of the signatures are another random function's, so that many of them match.
            var signature = Bool.random(using: &generator) ? randomFunction().signature : function.signature
            if Int.random(in: 0..<4, using: &generator) == 0 { signature += ")" }
            XCTAssertEqual(function.hasSignature(signature), function.signature == signature, "\(function.signature) vs \(signature)")
            if function.signature == signature { agreed += 1 }
        }
        XCTAssertGreaterThan(agreed, 100)
        // Canonically equivalent, though not the same bytes: `==` says equal, and so must this.
        let kelvin = FunctionFact(
            kind: .function, name: "\u{212A}ey", ownerType: nil, parameters: [], returnTypeText: nil, attributes: [],
            isStatic: false, isOverride: false, nameRange: CodeRange(start: 0, end: 0),
            range: CodeRange(start: 0, end: 0), bodyRange: nil)
        XCTAssertTrue(kelvin.hasSignature("Key()"))
    }
}
