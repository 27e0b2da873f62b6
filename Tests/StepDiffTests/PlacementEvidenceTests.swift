import SnippetComposition
import TestSupport
import TutorialModel
import XCTest

@testable import StepDiff

/// What a step's text and a member's own declaration say about where the member goes, beyond its
/// signature: a conformance the text adopts, a type shown again whose body is replaced, a model's
/// property that is no member of the type it holds.
final class PlacementEvidenceTests: XCTestCase {
    static let table = """
        import UIKit

        struct TaskTable: UIViewRepresentable {
            class Coordinator: NSObject, UITableViewDataSource {
                var tasks: [String] = []
            }
        }

        """

    static let selection = """
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            tableView.deselectRow(at: indexPath, animated: true)
        }

        """

    /// The text adopts the protocol the delegate method belongs to; the snippet shows the method alone:
    /// the class header gets the conformance, and the summary says it came from the text.
    func testAConformanceTheTextAdoptsIsWrittenIntoTheClassTheMethodJoins() throws {
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "TaskTable.swift", code: Self.table)])
        builder.step(
            label: "Step 2", prose: "Make the coordinator adopt UITableViewDelegate and add this method.",
            snippets: [.init(file: nil, code: Self.selection, kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        let state = try XCTUnwrap(set.files.first?.states.last)
        XCTAssertEqual(
            state.composition?.summary,
            "tableView(_:didSelectRowAt:) added to TaskTable.Coordinator; "
                + "TaskTable.Coordinator adopts UITableViewDelegate, as the step's text says")
        XCTAssertTrue(
            state.code.contains("class Coordinator: NSObject, UITableViewDataSource, UITableViewDelegate {"), state.code)
    }

    /// Without the text naming it, or when the class adopts it already (here or in an extension), the
    /// header stays as it is.
    func testNoConformanceIsWrittenThatTheTextDoesNotNameOrTheTypeHas() throws {
        let cases: [(prose: String, file: String)] = [
            ("Add this method to the coordinator.", Self.table),
            ("Answer the delegate: UITableViewDelegate calls it on selection.",
             Self.table.replacingOccurrences(of: "UITableViewDataSource {", with: "UITableViewDataSource, UITableViewDelegate {")),
            ("It is part of UITableViewDelegate.", Self.table + "\nextension TaskTable.Coordinator: UITableViewDelegate {}\n"),
            // A protocol of another class than the method's first parameter.
            ("Make the coordinator adopt UICollectionViewDelegate.", Self.table),
        ]
        for (prose, file) in cases {
            var builder = TutorialBuilder()
            builder.step(label: "Step 1", snippets: [.init(file: "TaskTable.swift", code: file)])
            builder.step(label: "Step 2", prose: prose, snippets: [.init(file: nil, code: Self.selection, kind: .fragment)])
            let state = try XCTUnwrap(buildTimelineSet(builder.build()).files.first?.states.last)
            XCTAssertEqual(state.composition?.summary, "tableView(_:didSelectRowAt:) added to TaskTable.Coordinator", prose)
            XCTAssertEqual(
                state.code.components(separatedBy: "UITableViewDelegate").count - 1,
                file.components(separatedBy: "UITableViewDelegate").count - 1, prose)
        }
    }

    /// A type shown again (no imports, no preview) whose one member takes the place of another: the body
    /// it had is one block, so the brace that closes it is not the new method's. The merge keeps the
    /// old member whole rather than splitting it, and the file parses.
    func testATypeShownAgainWithANewMemberKeepsTheOldOneWhole() throws {
        let file = """
            import SwiftUI
            import MapKit

            struct MapView: UIViewRepresentable {
                var body: some View {
                    Text("Map")
                }
            }

            struct MapView_Previews: PreviewProvider {
                static var previews: some View {
                    MapView()
                }
            }

            """
        let shown = """
            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView {
                    MKMapView(frame: .zero)
                }
            }

            """
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "MapView.swift", code: file)])
        builder.step(label: "Step 2", snippets: [.init(file: nil, code: shown)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let state = try XCTUnwrap(set.files.first?.states.last)
        XCTAssertEqual(state.composition?.summary, "MapView replaced in MapView.swift")
        XCTAssertEqual(
            state.code,
            """
            import SwiftUI
            import MapKit

            struct MapView: UIViewRepresentable {
                func makeUIView(context: Context) -> MKMapView {
                    MKMapView(frame: .zero)
                }
                var body: some View {
                    Text("Map")
                }
            }

            struct MapView_Previews: PreviewProvider {
                static var previews: some View {
                    MapView()
                }
            }

            """)
    }

    /// The merge itself: aligned by text alone, the new method's closing brace takes the place of the old
    /// body's and the result does not parse; the Swift merge anchors nothing on that brace.
    func testTheSwiftMergeDoesNotTakeOneBodysBraceForAnothers() throws {
        let previous = "struct A {\n    var body: Int {\n        1\n    }\n}"
        let shown = "struct A {\n    // ...\n    func make() -> Int {\n        2\n    }\n    // ...\n}"
        let textual = try XCTUnwrap(mergeElided(previous: TracedText(untraced: previous.utf8), shown: TracedText(shown: shown)))
        XCTAssertEqual(textual.string, "struct A {\n    var body: Int {\n        1\n    func make() -> Int {\n        2\n    }\n}\n")
        let merged = try XCTUnwrap(mergeElidedSwift(previous: TracedText(untraced: previous.utf8), shown: TracedText(shown: shown), trees: SyntaxTrees()))
        // The later marker takes the old member, as it does wherever two markers could.
        XCTAssertEqual(merged.string, "struct A {\n    func make() -> Int {\n        2\n    }\n    var body: Int {\n        1\n    }\n}\n")
        // Where the textual merge parses, it is the one kept.
        let kept = "struct A {\n    var body: Int {\n        1\n    }\n    // ...\n}"
        XCTAssertEqual(
            mergeElidedSwift(previous: TracedText(untraced: previous.utf8), shown: TracedText(shown: kept), trees: SyntaxTrees())?.string,
            mergeElided(previous: TracedText(untraced: previous.utf8), shown: TracedText(shown: kept))?.string)
    }

    /// `var hikes: [Hike]` after a step that showed `struct Hike`: the only type of the recent file is weak
    /// evidence, and a property holding values of that type belongs to a type that holds them.
    func testAPropertyHoldingTheRecentTypeIsNotPlacedIntoIt() throws {
        let model = "struct Trail: Codable {\n    var name: String\n    var length: Double\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Create Trail.swift.", snippets: [.init(file: nil, code: model)])
        builder.step(
            label: "Step 2", prose: "Load the trails into the model object.",
            snippets: [.init(file: nil, code: "var trails: [Trail] = load(\"trails.json\")\n", kind: .fragment)])
        // The same shape holding another type is placed as before.
        builder.step(
            label: "Step 3", prose: "Add the names of the places it passes.",
            snippets: [.init(file: nil, code: "var places: [String] = []\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.2"])
        XCTAssertEqual(set.unplaced.first?.reason, "var trails holds Trail values, so it belongs to another type")
        XCTAssertEqual(set.files.first?.states.last?.composition?.summary, "var places added to Trail")
    }

    static let commands = """
        import SwiftUI

        struct NoteCommands: Commands {
            var body: some Commands {
                SidebarCommands()
            }
        }

        """

    /// `var body: some Scene` (an app's) shown after a command set: not the command set's body, and no
    /// second body beside it, even when the text names the command set.
    func testABodyOfAnotherOpaqueTypeIsNotTheSameDeclaration() throws {
        let sceneBody = "var body: some Scene {\n    WindowGroup { NoteList() }\n        .commands { NoteCommands() }\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "NoteCommands.swift", code: Self.commands)])
        builder.step(label: "Step 2", prose: "Apply NoteCommands to the window group.", snippets: [.init(file: nil, code: sceneBody, kind: .fragment)])
        // The same name with the same opaque type is still the same declaration.
        builder.step(
            label: "Step 3", snippets: [.init(file: nil, code: "var body: some Commands {\n    CommandMenu(\"Notes\") {}\n}\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.2"])
        XCTAssertEqual(set.unplaced.first?.reason, "NoteCommands declares another var body: some Commands")
        XCTAssertEqual(set.files.first?.states.map(\.step.description), ["1.1", "1.3"])
        XCTAssertEqual(set.files.first?.states.last?.composition?.summary, "var body replaced in NoteCommands")
    }

    /// A type the snippet's own top-level extension names unqualified goes to the top level of the file,
    /// even when the text names the type it could have been nested in.
    func testATypeATopLevelExtensionNamesStaysAtTheTopLevel() throws {
        let key = """
            private struct SelectedNoteKey: FocusedValueKey {
                typealias Value = Binding<Note>
            }

            extension FocusedValues {
                var selectedNote: Binding<Note>? {
                    get { self[SelectedNoteKey.self] }
                    set { self[SelectedNoteKey.self] = newValue }
                }
            }

            """
        let nested = "struct Row: Hashable {\n    var title: String\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "NoteCommands.swift", code: Self.commands)])
        builder.step(label: "Step 2", prose: "In NoteCommands, add a focused value.", snippets: [.init(file: nil, code: key, kind: .fragment)])
        // Without such an extension, the type the text names still takes the new type.
        builder.step(label: "Step 3", prose: "Nest a Row type in NoteCommands.", snippets: [.init(file: nil, code: nested, kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let summaries = set.files.first?.states.compactMap { $0.composition?.summary }
        XCTAssertEqual(
            summaries,
            ["SelectedNoteKey added to NoteCommands.swift; extension FocusedValues added to NoteCommands.swift",
             "Row added to NoteCommands"])
    }

    /// `private var coordinates: Coordinates` shown with `struct Coordinates`: the property goes to the
    /// recent type, and the type it is declared with is nested beside it.
    func testATypeShownWithThePropertyThatUsesItIsNestedBesideIt() throws {
        let model = "struct Trail: Codable {\n    var name: String\n}\n"
        let shown = "private var start: Point\n\nstruct Point: Codable {\n    var latitude: Double\n    var longitude: Double\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "Trail.swift", code: model)])
        builder.step(label: "Step 2", prose: "Add where the trail starts, with a nested type.", snippets: [.init(file: nil, code: shown, kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        let state = try XCTUnwrap(set.files.first?.states.last)
        XCTAssertEqual(state.composition?.summary, "var start added to Trail; Point added to Trail")
        XCTAssertEqual(
            state.code,
            "struct Trail: Codable {\n    var name: String\n\n    private var start: Point\n\n    struct Point: Codable {\n        var latitude: Double\n        var longitude: Double\n    }\n}\n")
    }

    /// The recent file's only type is weak evidence; a text that sends the reader to another Swift file
    /// outweighs it, and the snippet is listed.
    func testTheRecentTypeIsNotTakenWhenTheTextNamesAnotherFile() throws {
        let home = "struct Home: View {\n    var body: some View { Text(\"\") }\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "Home.swift", code: home)])
        builder.step(
            label: "Step 2", prose: "In Trail.swift, add a rating to the Trail structure; trails.json has one per trail.",
            snippets: [.init(file: nil, code: "var rating: Int\n", kind: .fragment)])
        builder.step(label: "Step 3", prose: "In Home.swift, add a title.", snippets: [.init(file: nil, code: "var title: String\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.2"])
        XCTAssertEqual(set.unplaced.first?.reason, "var rating belongs to Trail.swift, which the text names")
        XCTAssertEqual(set.files.first?.states.last?.composition?.summary, "var title added to Home")
    }

    /// `var body` is in every view: among several, the one type that declares what the new body uses
    /// takes it, also when the recent file holds another view; a type the text merely names (the view
    /// the new body shows) does not take a body that uses what it lacks.
    func testABodyGoesToTheOneViewThatDeclaresWhatItUses() throws {
        let row = "import SwiftUI\n\nstruct ShelfRow: View {\n    var title: String\n\n    var body: some View {\n        Text(title)\n    }\n}\n"
        let item = "import SwiftUI\n\nstruct ShelfItem: View {\n    var book: Book\n\n    var body: some View {\n        Text(book.name)\n    }\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", snippets: [.init(file: "ShelfItem.swift", code: item)])
        builder.step(label: "Step 2", snippets: [.init(file: "ShelfRow.swift", code: row)])
        builder.step(
            label: "Step 3", prose: "Give the cover a shadow.",
            snippets: [.init(file: nil, code: "var body: some View {\n    Text(book.name)\n        .shadow(radius: 2)\n}\n", kind: .fragment)])
        builder.step(
            label: "Step 4", prose: "Show a TabView with ShelfRow in it.",
            snippets: [.init(file: nil, code: "var body: some View {\n    TabView(selection: $selection) {\n        ShelfRow(title: \"A\")\n    }\n}\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.step.description), ["1.4"])
        XCTAssertEqual(set.unplaced.first?.reason, "var body uses selection, which ShelfRow does not declare")
        let itemFile = try XCTUnwrap(set.files.first { $0.fileName == "ShelfItem.swift" })
        XCTAssertEqual(itemFile.states.map(\.step.description), ["1.1", "1.3"])
        XCTAssertEqual(itemFile.states.last?.composition?.summary, "var body replaced in ShelfItem")
    }

    /// An earlier step named a file the tutorial never shows (`Create ShelfDetail.swift.`); a later body
    /// that repeats most lines of another file's body rewrites that one rather than starting a part of the
    /// named file. A body with nothing in common with any file still goes on there.
    func testABodyThatRepeatsAnotherFilesBodyRewritesIt() throws {
        let list = "var body: some View {\n    List(books) { book in\n        ShelfItem(book: book)\n    }\n}\n"
        var builder = TutorialBuilder()
        builder.step(label: "Step 1", prose: "Show the books in ShelfList.swift.", snippets: [.init(file: nil, code: list, kind: .fragment)])
        builder.step(label: "Step 2", prose: "Create ShelfDetail.swift.", snippets: [])
        builder.step(
            label: "Step 3", prose: "Embed the list in a navigation view.",
            snippets: [.init(file: nil, code: "var body: some View {\n    NavigationView {\n        List(books) { book in\n            ShelfItem(book: book)\n        }\n    }\n}\n", kind: .fragment)])
        builder.step(
            label: "Step 4", prose: "Show the cover.",
            snippets: [.init(file: nil, code: "var body: some View {\n    Image(cover)\n        .resizable()\n}\n", kind: .fragment)])
        let set = buildTimelineSet(builder.build())
        XCTAssertEqual(set.unplaced.map(\.reason), [])
        XCTAssertEqual(set.files.map(\.fileName), ["ShelfList.swift", "ShelfDetail.swift"])
        XCTAssertEqual(set.files[0].states.map(\.step.description), ["1.1", "1.3"])
        XCTAssertEqual(set.files[1].states.map(\.step.description), ["1.4"])
    }
}
