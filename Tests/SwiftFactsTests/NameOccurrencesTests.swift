import SwiftFacts
import XCTest

/// What `nameOccurrences(in:)` takes for a declaration, a use, or neither.
final class NameOccurrencesTests: XCTestCase {
    private func occurrences(_ code: String) throws -> NameOccurrences {
        try XCTUnwrap(nameOccurrences(in: code))
    }

    func testDeclarationsOfEveryKindAreDeclared() throws {
        let names = try occurrences(
            """
            struct Shelf<Item> { var books: [Item] }
            enum Genre { case novel, poetry(volume: Int) }
            func move(from source: Int, to destination: Int) {}
            let sorted = shelf.books.sorted { first, second in first < second }
            outer: for index in 0..<3 { break outer }
            """
        ).declared
        for name in [
            "Shelf", "Item", "books", "Genre", "novel", "poetry", "volume", "move", "from", "source", "destination",
            "sorted", "first", "second", "outer", "index",
        ] {
            XCTAssertTrue(names.contains(name), name)
        }
        XCTAssertFalse(names.contains("shelf"), "a name only used is not declared")
    }

    func testUsesAreNamesTypesMembersAndAttributesButNotLabels() throws {
        let uses = try occurrences(
            """
            @EnvironmentObject var store: BookStore
            store.delegate = self
            configure(withTitle: title)
            let pair: (name: String, count: Int) = ("a", 1)
            """
        ).uses.map(\.name)
        XCTAssertEqual(
            uses, ["EnvironmentObject", "BookStore", "store", "delegate", "configure", "title", "String", "Int"])
    }

    func testUsesCarryTheirCodeRange() throws {
        let code = "vc.delagate = self"
        let uses = try occurrences(code).uses.filter { $0.name == "delagate" }
        XCTAssertEqual(uses.count, 1)
        let range = try XCTUnwrap(uses.first).range
        XCTAssertEqual(String(decoding: Array(code.utf8)[range.start..<range.end], as: UTF8.self), "delagate")
    }

    func testAMisspeltKeywordOpeningALineIsAUse() throws {
        XCTAssertTrue(try occurrences("public sturct Point {\n    var x = 0\n}").uses.contains { $0.name == "sturct" })
        XCTAssertTrue(try occurrences("protocal Named {\n}").uses.contains { $0.name == "protocal" })
    }

    func testWordsOfPrintedOutputAndSentencesAreNoUses() throws {
        let uses = try occurrences(
            """
            let park = Park()
            park is being deinitalized
            → derive screens for each value
            |   Publisher   |   Opertaor   |
            """
        ).uses.map(\.name)
        for word in ["deinitalized", "derive", "screens", "Opertaor"] {
            XCTAssertFalse(uses.contains(word), word)
        }
        XCTAssertTrue(uses.contains("Park"))
    }

    func testAFragmentLeftOpenStillHasItsUses() throws {
        // The closing brace a cut left out is no reason to doubt the names of the lines shown.
        let uses = try occurrences("public class Observable<Element> : ObserbableType {").uses.map(\.name)
        XCTAssertTrue(uses.contains("ObserbableType"))
    }
}
