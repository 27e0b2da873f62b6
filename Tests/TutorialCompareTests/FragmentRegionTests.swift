import TutorialCompare
import TutorialModel
import TutorialReaders
import XCTest

/// A copy that shows a fragment (a view's body) where the original shows the whole file: only the region the
/// fragment shows is compared, so the file's lines around it are not "missing", while a difference inside
/// the region still is a drift.
final class FragmentRegionTests: XCTestCase {
    private let original = """
        # A Weather Card

        ## Section 1: Show the card

        ### Step 1

        Create the card.

        ```swift file=WeatherCard.swift
        import SwiftUI

        struct WeatherCard: View {
            var city: String

            var body: some View {
                VStack(alignment: .leading) {
                    Text(city)
                    Text("Sunny")
                }
            }
        }
        ```

        ### Step 2

        Style the city's name and give the card some room.

        ```swift file=WeatherCard.swift
        import SwiftUI

        struct WeatherCard: View {
            var city: String

            var body: some View {
                VStack(alignment: .leading) {
                    Text(city)
                        .font(.headline)
                    Text("Sunny")
                }
                .padding()
            }
        }

        #Preview {
            WeatherCard(city: "Lyon")
        }
        ```

        """

    /// The copy: the first step as the original, the second as a fragment of the body in `fragment`.
    private func copy(fragment: String) -> String {
        let firstStep = original.components(separatedBy: "### Step 2")[0]
        return firstStep.replacingOccurrences(of: "Create the card.", with: "创建卡片。")
            + "### Step 2\n\n设置城市名称的样式。\n\n```swift\n" + fragment + "```\n"
    }

    private func drifts(_ fragment: String) -> [String] {
        let comparison = compareTutorials(
            original: readTutorial(SourceDocument(path: "original.md", text: original)),
            copy: readTutorial(SourceDocument(path: "copy.md", text: copy(fragment: fragment))))
        XCTAssertEqual(comparison.alignment.map(\.kind), [.match, .match])
        return comparison.drifts.map { "\($0.kind.rawValue) \($0.copy?.step.description ?? "-") \($0.message)" }
    }

    func testLinesOutsideTheFragmentsRegionAreNotMissing() {
        let fragment = """
            VStack(alignment: .leading) {
                Text(city)
                    .font(.headline)
                Text("晴")
            }
            .padding()

            """
        XCTAssertEqual(drifts(fragment), [])
    }

    func testALineLeftOutInsideTheRegionIsStillMissing() {
        let fragment = """
            VStack(alignment: .leading) {
                Text(city)
                Text("晴")
            }
            .padding()

            """
        XCTAssertEqual(drifts(fragment), ["line-missing 1.2 the copy leaves out `.font(.headline)`"])
    }

    func testADifferentCallInsideTheRegionIsStillADrift() {
        let fragment = """
            VStack(alignment: .leading) {
                Text(city)
                    .font(.title)
                Text("晴")
            }
            .padding()

            """
        XCTAssertEqual(
            drifts(fragment), ["api-differs 1.2 the original has `.font(.headline)`, the copy `.font(.title)`"])
    }

    func testALineTheFragmentAddsAtItsEdgeIsStillADrift() {
        let fragment = """
            VStack(alignment: .leading) {
                Text(city)
                    .font(.headline)
                Text("晴")
            }
            .padding()
            .background(.blue)

            """
        XCTAssertEqual(drifts(fragment), ["line-added 1.2 the copy adds `.background(.blue)`"])
    }
}
