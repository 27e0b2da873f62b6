import SwiftFacts
import TestSupport
import TutorialModel
import XCTest

final class FactsTests: XCTestCase {
    func testRepresentableFactsWithRenamedContextAndSplitLines() throws {
        let marked = MarkedText(
            """
            struct 1️⃣PageControl: UIViewRepresentable {
                @Binding var currentPage: Int
                func makeCoordinator() -> Self.Coordinator { Coordinator(self) }
                func makeUIView(context ctx: Context) -> UIPageControl {
                    let control = UIPageControl()
                    control.addTarget(
                        ctx.coordinator,
                        action: 2️⃣#selector(Coordinator.updateCurrentPage(sender:)),
                        for: .valueChanged)
                    control.delegate =
                        3️⃣ctx.coordinator
                    return control
                }
                final class Coordinator: NSObject {
                    @objc func updateCurrentPage(sender: UIPageControl) {}
                }
            }
            """)
        let facts = try XCTUnwrap(extractFacts(code: marked.text))
        let type = facts.types.first { $0.name == "PageControl" }
        XCTAssertEqual(type?.nameRange.start, marked["1️⃣"])
        XCTAssertEqual(type?.inherited.map(\.name), ["UIViewRepresentable"])
        XCTAssertEqual(type?.properties.first?.attributes, ["Binding"])
        let make = facts.functions.first { $0.name == "makeUIView" }
        XCTAssertEqual(make?.contextParameterName, "ctx")
        XCTAssertEqual(facts.functions.first { $0.name == "makeCoordinator" }?.returnTypeText, "Coordinator")
        XCTAssertEqual(facts.selectors.first?.typeName, "Coordinator")
        XCTAssertEqual(facts.selectors.first?.labels, ["sender"])
        XCTAssertEqual(facts.selectors.first?.range.start, marked["2️⃣"])
        let assignment = facts.assignments.first { $0.member == "delegate" }
        XCTAssertEqual(assignment?.value.coordinatorBase, "ctx")
        XCTAssertEqual(assignment?.value.range.start, marked["3️⃣"])
        let addTarget = facts.calls.first { $0.name == "addTarget" }
        XCTAssertEqual(addTarget?.arguments.first?.value.coordinatorBase, "ctx")
        XCTAssertEqual(facts.types.first { $0.name == "Coordinator" }?.qualifiedName, "PageControl.Coordinator")
        XCTAssertTrue(facts.functions.first { $0.name == "updateCurrentPage" }?.isObjC ?? false)
        XCTAssertTrue(facts.syntaxErrors.isEmpty)
    }

    func testHostingConfigurationAndInitializers() throws {
        let facts = try XCTUnwrap(extractFacts(
            code: """
                struct Card { @State var count = 0; @Binding var on: Bool; let title: String; var computed: Int { 1 } }
                func cell(_ cell: UICollectionViewCell) {
                    cell.contentConfiguration = UIHostingConfiguration { MapSnapshot(); Text("x") }
                    Card(on: $flag, title: "t")
                }
                """))
        let card = facts.types.first { $0.name == "Card" }
        XCTAssertEqual(card?.properties.map(\.name), ["count", "on", "title", "computed"])
        XCTAssertEqual(card?.properties.map(\.isComputed), [false, false, false, true])
        let inside = facts.calls.filter(\.inHostingConfiguration).map(\.name)
        XCTAssertEqual(inside, ["MapSnapshot", "Text"])
        let call = facts.calls.first { $0.name == "Card" }
        XCTAssertEqual(call?.arguments.map(\.label), ["on", "title"])
        XCTAssertEqual(call?.arguments.first?.value.isProjectedBinding, true)
        XCTAssertFalse(call?.inHostingConfiguration ?? true)
    }

    func testACallsValueIsDroppedOnlyWhereNothingTakesIt() throws {
        let facts = try XCTUnwrap(extractFacts(
            code: """
                subject.sink { print($0) }
                _ = subject.map { $0 }.sink { _ in }
                let kept = subject.sink { _ in }
                subject.sink { _ in }.store(in: &bag)
                func start() {
                    model.$name
                        .sink { print($0) }
                    handle(subject.sink { _ in })
                    return subject.sink { _ in }
                }
                var token: AnyCancellable { subject.sink { _ in } }
                let make = { subject.sink { _ in } }
                """))
        let sinks = facts.calls.filter { $0.name == "sink" }
        // The one statement of a body may be its value (an implicit return): not dropped.
        XCTAssertEqual(sinks.map(\.resultDropped), [true, true, false, false, true, false, false, false, false])
        XCTAssertEqual(sinks.map(\.baseText), ["subject", "subject.map { $0 }", "subject", "subject", "model.$name", "subject", "subject", "subject", "subject"])
        // The value of `map` feeds `sink`, that of `store` is Void and dropped: only the outermost call counts.
        XCTAssertEqual(facts.calls.first { $0.name == "map" }?.resultDropped, false)
        XCTAssertEqual(facts.calls.first { $0.name == "store" }?.resultDropped, true)
    }

    func testSyntaxErrorsAndSuppressionComments() throws {
        let facts = try XCTUnwrap(extractFacts(code: "let x = (1\nlet y = 2 // tutorial-check:disable-line swift-syntax-error\n"))
        XCTAssertFalse(facts.syntaxErrors.isEmpty)
        XCTAssertTrue(facts.isSuppressed(rule: "swift-syntax-error", at: 12))
        XCTAssertFalse(facts.isSuppressed(rule: "swift-syntax-error", at: 2))
    }

    func testIncrementalParseMatchesFullParse() throws {
        let first = "struct A {\n    var x: Int\n}\n"
        let second = "struct A {\n    var x: Int\n    var y = 2\n}\n"
        let cache = FactsCache()
        let (_, parsed) = try XCTUnwrap(cache.facts(for: first))
        let (incremental, _) = try XCTUnwrap(cache.facts(for: second, previous: parsed))
        let full = try XCTUnwrap(extractFacts(code: second))
        XCTAssertEqual(incremental.types, full.types)
        XCTAssertEqual(cache.statistics.incremental, 1)
        _ = cache.facts(for: first)
        XCTAssertEqual(cache.statistics.hits, 1)
    }
}
