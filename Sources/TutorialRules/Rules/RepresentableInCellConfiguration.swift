import SwiftFacts
import TutorialModel

/// Inside `UIHostingConfiguration { … }` a view that is a `UIViewControllerRepresentable`.
struct RepresentableInCellConfiguration: CodeRule {
    let description = RuleDescription(
        id: "representable-in-cell-configuration", category: .lifecycle,
        summary: "A UIViewControllerRepresentable is used inside a UIHostingConfiguration cell.",
        explanation: """
            `UIHostingConfiguration` hosts SwiftUI content in a collection or table view cell without a view \
            controller, so a `UIViewControllerRepresentable` inside it has nothing to be contained in and is \
            not supported. Use a `UIViewRepresentable`, or host the content with a `UIHostingController` added \
            as a child. The representable may be declared in another file of the tutorial.
            """,
        defaultSeverity: .warning,
        triggering: [
            RuleExample(
                "A page view controller in a cell",
                files: [
                    (
                        "PageViewController.swift",
                        "struct PageViewController: UIViewControllerRepresentable {\n    var controllers: [UIViewController]\n}\n"
                    ),
                    (
                        "Cells.swift",
                        """
                        func configure(_ cell: UICollectionViewListCell) {
                            cell.contentConfiguration = UIHostingConfiguration {
                                ↓PageViewController(controllers: [])
                            }
                        }
                        """
                    ),
                ]),
            RuleExample(
                "Nested in a stack, split across lines",
                """
                struct Picker2: UIViewControllerRepresentable {}
                func configure(_ cell: UITableViewCell) {
                    cell.contentConfiguration =
                        UIHostingConfiguration {
                            VStack {
                                Text("Pick")
                                ↓Picker2()
                            }
                        }
                        .margins(.all, 8)
                }
                """),
            RuleExample(
                "Conformance added by an extension",
                """
                struct Camera {}
                extension Camera: UIViewControllerRepresentable {}
                let configuration = UIHostingConfiguration { ↓Camera() }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "A view representable is fine in a cell",
                """
                struct PageControl: UIViewRepresentable {}
                let configuration = UIHostingConfiguration { PageControl() }
                """),
            RuleExample(
                "A view controller representable outside any cell configuration",
                """
                struct PageViewController: UIViewControllerRepresentable {}
                struct PageView: View {
                    var body: some View { PageViewController() }
                }
                """),
            RuleExample(
                "A type the tutorial does not declare",
                fragment: """
                    cell.contentConfiguration = UIHostingConfiguration { MapSnapshot(place: place) }
                    """),
        ])

    func check(_ context: CodeContext) -> [CodeFinding] {
        context.facts.calls.compactMap { call in
            guard call.inHostingConfiguration, call.isTypeLike,
                let type = context.project.resolve(call.name, from: call.enclosingType),
                type.adopts("UIViewControllerRepresentable")
            else { return nil }
            return CodeFinding(
                subject: "\(type.qualifiedName)@\(call.enclosingType ?? "")",
                message: "\(type.name) is a UIViewControllerRepresentable; a UIHostingConfiguration cell has no view "
                    + "controller to host it",
                range: call.nameRange)
        }
    }
}
