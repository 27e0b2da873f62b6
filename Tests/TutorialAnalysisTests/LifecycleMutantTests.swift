import Foundation
import LifecycleMutations
import MutationSyntax
import TutorialAnalysis
import TutorialModel
import TutorialReaders
import TutorialRules
import XCTest

/// Issue 21's mutants: the project's own tutorials and fixtures, each copied with one lifecycle defect
/// injected from a step to the end, must each be reported by the right rule, at warning or error, at the
/// step where the reader first has the defect. What a user sees is asserted, not how the engine gets there.
final class LifecycleMutantTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled tutorial in its four forms.
    static let tutorials = [
        "Tutorials/markdown/interfacing-with-uikit.md", "Tutorials/html/interfacing-with-uikit.html",
        "Tutorials/text/interfacing-with-uikit-zh.txt",
        "Tutorials/docc/InterfacingWithUIKit.docc/InterfacingWithUIKit.tutorial",
    ]

    /// Every tutorial document among the lint, outline and diff fixtures (those that interface UIKit give
    /// mutants; the others none).
    static func fixtures() -> [String] {
        var paths: [String] = []
        for folder in ["Fixtures/lint", "Fixtures/outline", "Fixtures/diff"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker {
                let name = (relative as NSString).lastPathComponent
                guard DocumentLoader.isTutorialFile(name), !name.contains(".lint."), !name.contains(".diff.") else {
                    continue
                }
                paths.append("\(folder)/\(relative)")
            }
        }
        return paths.sorted()
    }

    /// Mutants the engine misses today, each with what it does wrong, for the engine to fix: listed so that
    /// the test guards every other mutant now, and fails when one of these is caught, to take it off the list.
    static let knownMisses: [String: String] = [:]

    /// Shown to a user as a problem to fix.
    static func isDefect(_ finding: Finding) -> Bool { finding.severity == .warning || finding.severity == .error }

    struct Tally {
        var generated = 0
        var caught = 0
        var misses: [String] = []
        var missedIDs: Set<String> = []
        var notCounted: [String] = []
        var generatedByKind: [MutationKind: Int] = [:]
    }

    func testEveryMutantOfTheBundledTutorialsAndFixturesIsCaughtAtItsStep() throws {
        let session = AnalysisSession()
        var tally = Tally()
        var kindsPerTutorial: [String: Set<MutationKind>] = [:]
        for path in Self.tutorials + Self.fixtures() {
            let fullPath = Self.root.appendingPathComponent(path).path
            let document = try DocumentLoader.load(fullPath)
            let resources = FileSystemResources()
            // As a user runs it: the document's own configuration file, when it has one.
            let configuration = try session.configuration(forDocument: fullPath)
            let original = session.analyze(document: document, resources: resources, configuration: configuration)
            let reported = Set(original.findings.filter(Self.isDefect).map { $0.rule })
            let (mutants, skipped) = lifecycleMutants(of: original.tutorial, resources: resources)
            for skip in skipped {
                tally.notCounted.append("\(path): \(skip.kind.rawValue) \(skip.target) not made: \(skip.reason)")
            }
            for mutant in mutants {
                let rule = mutant.kind.expectedRule
                let id = "\(path): \(mutant.kind.rawValue) \(mutant.target)"
                let name = "\(id) (from \(mutant.injectedAt))"
                // The control: the unmutated document must not already report the rule.
                if reported.contains(rule) {
                    if Self.tutorials.contains(path) {
                        tally.misses.append("\(name): the unmutated tutorial already reports \(rule)")
                    } else {
                        tally.notCounted.append("\(name): the fixture already reports \(rule)")
                    }
                    continue
                }
                tally.generated += 1
                tally.generatedByKind[mutant.kind, default: 0] += 1
                if Self.tutorials.contains(path) { kindsPerTutorial[path, default: []].insert(mutant.kind) }
                let analysis = session.analyze(
                    document: SourceDocument(path: fullPath, text: mutant.documentText),
                    resources: mutant.resourceProvider(over: resources), configuration: configuration)
                let shown = analysis.findings.filter { $0.rule == rule && Self.isDefect($0) }
                if shown.contains(where: { mutant.isExpected(at: $0.step) }) {
                    tally.caught += 1
                } else {
                    tally.missedIDs.insert(id)
                    if Self.knownMisses[id] == nil {
                        tally.misses.append("\(name): expected \(rule) at \(window(mutant)); \(said(analysis, rule))")
                    }
                }
            }
        }
        let summary =
            "\(tally.caught) of \(tally.generated) mutants caught at their step; by kind: "
            + MutationKind.allCases.map { "\($0.rawValue) \(tally.generatedByKind[$0] ?? 0)" }.joined(separator: ", ")
        let caughtNow = Self.knownMisses.keys.filter { !tally.missedIDs.contains($0) }.sorted()
        XCTAssertEqual(caughtNow, [], "caught now (take them off knownMisses)")
        XCTAssertTrue(
            tally.misses.isEmpty,
            "\(summary)\nmissed:\n" + tally.misses.joined(separator: "\n") + "\nnot counted:\n"
                + tally.notCounted.joined(separator: "\n"))
        // Each form of the bundled tutorial gives a mutant of every kind: the generator cannot quietly lose one.
        for path in Self.tutorials {
            XCTAssertEqual(kindsPerTutorial[path] ?? [], Set(MutationKind.allCases), "kinds generated from \(path)")
        }
        XCTAssertGreaterThanOrEqual(tally.generated, 48, summary)
    }

    private func window(_ mutant: Mutant) -> String {
        mutant.earliestStep == mutant.expectedStep
            ? mutant.expectedStep.description : "\(mutant.earliestStep)...\(mutant.expectedStep)"
    }

    /// What the analysis said of `rule` at every severity, and the other defects it showed.
    private func said(_ analysis: Analysis, _ rule: String) -> String {
        let ofRule = analysis.findings.filter { $0.rule == rule }.map { finding in
            "\(finding.severity.rawValue) at \(finding.step?.description ?? "no step")"
                + (finding.resolvedAt.map { " resolved at \($0)" } ?? "")
        }
        let others = Set(analysis.findings.filter { $0.rule != rule && Self.isDefect($0) }.map(\.rule))
        return "\(rule): \(ofRule.isEmpty ? "nothing" : ofRule.joined(separator: ", ")); other defects shown: "
            + (others.isEmpty ? "none" : others.sorted().joined(separator: ", "))
    }

    /// The injection itself: the markdown tutorial's data-source wiring leaves at step 2.6 and every later
    /// step, and nothing else in the page changes.
    func testWiringRemovalChangesOnlyTheWiringLinesFromItsStepOn() throws {
        let path = Self.root.appendingPathComponent(Self.tutorials[0]).path
        let tutorial = readTutorial(try DocumentLoader.load(path))
        let (mutants, _) = lifecycleMutants(of: tutorial)
        let mutant = try XCTUnwrap(
            mutants.first { $0.kind == .wiringRemoved && $0.target == "PageViewController.dataSource" })
        XCTAssertEqual(mutant.injectedAt, StepID(section: 2, step: 6))
        XCTAssertEqual(mutant.expectedStep, StepID(section: 2, step: 6))
        let originalLines = tutorial.document.text.split(separator: "\n", omittingEmptySubsequences: false)
        let mutantLines = mutant.documentText.split(separator: "\n", omittingEmptySubsequences: false)
        let removed = originalLines.count - mutantLines.count
        let wiringLines = originalLines.filter { $0.contains("pageViewController.dataSource = context.coordinator") }
        XCTAssertEqual(removed, wiringLines.count)
        XCTAssertEqual(mutantLines.filter { $0.contains(".dataSource = context.coordinator") }.count, 0)
        XCTAssertEqual(
            originalLines.filter { !$0.contains("pageViewController.dataSource = context.coordinator") }, mutantLines)
    }

    /// The edit of each kind on one coordinator, as SwiftParser finds it.
    func testEachKindEditsOnlyWhatItRemoves() {
        let code = """
            struct Picker: UIViewControllerRepresentable {
                func makeCoordinator() -> Coordinator { Coordinator() }
                func makeUIViewController(context: Context) -> UIPickerView {
                    let picker = UIPickerView()
                    picker.dataSource = context.coordinator
                    picker.addTarget(context.coordinator, action: #selector(Coordinator.changed), for: .valueChanged)
                    return picker
                }
                func updateUIViewController(_ picker: UIPickerView, context: Context) {}
                class Coordinator: NSObject, UIPickerViewDataSource {
                    func numberOfComponents(in picker: UIPickerView) -> Int { 1 }
                    func pickerView(_ picker: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 3 }
                    @objc func changed() {}
                }
            }

            """
        let found = mutationSites(in: code)
        XCTAssertTrue(found.isWhole)
        func mutated(_ kind: MutationKind, _ name: String) -> String? {
            guard let site = found.sites.first(where: { $0.key.kind == kind && $0.key.name == name }),
                let edits = site.edits
            else { return nil }
            var bytes = Array(code.utf8)
            for edit in edits.sorted(by: { $0.start > $1.start }) {
                bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        func without(_ line: String) -> String { code.replacingOccurrences(of: line + "\n", with: "") }
        XCTAssertEqual(
            mutated(.wiringRemoved, "dataSource"), without("        picker.dataSource = context.coordinator"))
        XCTAssertEqual(
            mutated(.makeCoordinatorRemoved, "makeCoordinator()"),
            without("    func makeCoordinator() -> Coordinator { Coordinator() }"))
        XCTAssertEqual(
            mutated(.nsObjectRemoved, "Coordinator"),
            code.replacingOccurrences(
                of: "Coordinator: NSObject, UIPickerViewDataSource", with: "Coordinator: UIPickerViewDataSource"))
        XCTAssertEqual(
            mutated(.objcDropped, "changed()"),
            code.replacingOccurrences(of: "@objc func changed", with: "func changed"))
        XCTAssertEqual(
            mutated(.requiredMethodRemoved, "pickerView(_:numberOfRowsInComponent:)"),
            without(
                "        func pickerView(_ picker: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 3 }"))
        XCTAssertEqual(
            mutated(.wiringMovedToUpdate, "dataSource"),
            without("        picker.dataSource = context.coordinator").replacingOccurrences(
                of: "context: Context) {}",
                with: "context: Context) {\n        picker.dataSource = context.coordinator}"))
    }

    /// Elided code is recognised by its shape: a line of dots or ellipses, bare or in a comment; a range is code.
    func testALineStandingForElidedCodeMakesASnippetPartial() {
        XCTAssertTrue(mutationSites(in: "let range = 0...5\nlet half = 0..<2\n").isWhole)
        XCTAssertFalse(mutationSites(in: "struct A {\n    // ...\n}\n").isWhole)
        XCTAssertFalse(mutationSites(in: "struct A {\n    …\n}\n").isWhole)
        XCTAssertFalse(mutationSites(in: "struct A {\n    // 省略…\n}\n").isWhole)
        XCTAssertFalse(mutationSites(in: "struct A {\n").isWhole)
    }
}
