#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SwiftFacts
import TutorialModel

/// A representable without its make or update method; a type adopting a known protocol without its
/// required methods.
struct MissingRequiredMethod: CodeRule {
    let description = RuleDescription(
        id: "missing-required-method", category: .lifecycle,
        summary: "A representable lacks make/update, or a data source lacks a required method.",
        explanation: """
            `UIViewControllerRepresentable` requires `makeUIViewController(context:)` and \
            `updateUIViewController(_:context:)` (`UIViewRepresentable`: `makeUIView(context:)` and \
            `updateUIView(_:context:)`). A type adopting a known protocol must implement its required methods: \
            `UIPageViewControllerDataSource` needs `pageViewController(_:viewControllerBefore:)` and \
            `pageViewController(_:viewControllerAfter:)`; `UITableViewDataSource`, `UICollectionViewDataSource` \
            and `UIPickerViewDataSource` likewise. The known protocols are listed in KnownProtocols.json. The \
            whole project is searched (extensions in other files count), fragments are not judged, and a class \
            inheriting from a class that may implement the methods is left alone.
            """,
        defaultSeverity: .error, evidence: .absence,
        triggering: [
            RuleExample(
                "A representable declared before its methods (two findings: make and update)",
                """
                struct ↓↓PageViewController: UIViewControllerRepresentable {
                    var controllers: [UIViewController]
                }
                """),
            RuleExample(
                "A data source with one of its two methods, a coordinator not named Coordinator",
                """
                struct PageViewController: UIViewControllerRepresentable {
                    func makeCoordinator() -> Pager { Pager() }
                    func makeUIViewController(context ctx: Context) -> UIPageViewController { UIPageViewController() }
                    func updateUIViewController(_ controller: UIPageViewController, context ctx: Context) {}
                }
                class Pager: NSObject, ↓UIPageViewControllerDataSource {
                    func pageViewController(
                        _ pageViewController: UIPageViewController,
                        viewControllerBefore viewController: UIViewController
                    ) -> UIViewController? { nil }
                }
                """),
            RuleExample(
                "A view representable without update, split across lines",
                """
                struct ↓PageControl:
                    UIViewRepresentable
                {
                    func makeUIView(
                        context: Context
                    ) -> UIPageControl { UIPageControl() }
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "Code left out by shape, in any script: a column of dots, a comment with an ellipsis, a comment that is all its block holds, prose among the code",
                steps: [
                    .init([
                        .init(
                            "PageViewController.swift",
                            "struct PageViewController: UIViewControllerRepresentable {\n    var pages: [Int]\n    .\n    .\n    .\n}\n")
                    ]),
                    .init([
                        .init(
                            "PageControl.swift",
                            "struct PageControl: UIViewRepresentable {\n    // 이전 단계와 같음 ……\n    func makeUIView(context: Context) -> UIPageControl { UIPageControl() }\n}\n")
                    ]),
                    .init([
                        .init(
                            "PageView.swift",
                            "struct PageView: UIViewRepresentable {\n    func makeUIView(context: Context) -> UIView {\n        UIView()\n    }\n    func updateUIView(_ view: UIView, context: Context) {\n        // この部分は前と同じ\n    }\n}\nstruct Other: UIViewRepresentable {\n    // 前と同じ\n}\n")
                    ]),
                    .init([
                        .init(
                            "Card.swift",
                            "struct Card: UIViewRepresentable {\n    在这里保留之前的方法\n    func makeUIView(context: Context) -> UIView { UIView() }\n}\n")
                    ]),
                ]),
            RuleExample(
                "Both methods, labels split across lines",
                """
                class Pager: NSObject, UIPageViewControllerDataSource {
                    func pageViewController(
                        _ pageViewController: UIPageViewController,
                        viewControllerBefore viewController: UIViewController) -> UIViewController? { nil }
                    func pageViewController(
                        _ pageViewController: UIPageViewController,
                        viewControllerAfter viewController: UIViewController) -> UIViewController? { nil }
                }
                """),
            RuleExample(
                "A fragment without the make method",
                fragment: """
                    struct PageViewController: UIViewControllerRepresentable {
                        var controllers: [UIViewController]
                    }
                    """),
            RuleExample(
                "The methods are in an extension in another file",
                files: [
                    ("PageControl.swift", "struct PageControl: UIViewRepresentable {\n    var numberOfPages: Int\n}\n"),
                    (
                        "PageControl+Lifecycle.swift",
                        """
                        extension PageControl {
                            func makeUIView(context ctx: Context) -> UIPageControl { UIPageControl() }
                            func updateUIView(_ control: UIPageControl, context: Context) {}
                        }
                        """
                    ),
                ]),
            RuleExample(
                "A delegate protocol with no required methods",
                """
                class Coordinator: NSObject, UIPageViewControllerDelegate {}
                """),
        ])

    /// Superclasses known not to implement data source methods.
    private static let plainSuperclasses: Set<String> = [
        "NSObject", "UIViewController", "UIView", "UIResponder", "NSViewController", "NSView",
    ]

    func check(_ context: CodeContext) -> [CodeFinding] {
        guard !context.isFragment else { return [] }
        var findings: [CodeFinding] = []
        for representable in context.representables where representable.type.isComplete {
            let range = representable.declaration.inherited.first { inherited in
                Representable.protocols.contains { $0.name == inherited.name }
            }
            let anchor =
                representable.declaration.kind == .extension ? range?.range : representable.declaration.nameRange
            guard let anchor else { continue }
            if representable.make == nil {
                findings.append(
                    CodeFinding(
                        subject: "\(representable.type.qualifiedName)/\(representable.makeName)",
                        message:
                            "\(representable.type.name) adopts \(representable.platform)\(representable.flavor.makeSuffix)"
                            + "Representable but has no \(representable.makeSignature)",
                        range: anchor, resolvingTokens: [representable.makeName]))
            }
            if representable.update == nil {
                findings.append(
                    CodeFinding(
                        subject: "\(representable.type.qualifiedName)/\(representable.updateName)",
                        message:
                            "\(representable.type.name) adopts \(representable.platform)\(representable.flavor.makeSuffix)"
                            + "Representable but has no \(representable.updateSignature)",
                        range: anchor, resolvingTokens: [representable.updateName]))
            }
        }
        // A type or two per snippet: an array, not a set made and hashed at every check; the declarations
        // read by name, not copied whole.
        var checked: [String] = []
        for qualifiedName in context.facts.types.compactMap({ $0.kind != .protocol ? $0.qualifiedName : nil }) {
            guard !checked.contains(qualifiedName),
                let type = context.project.type(qualifiedName: qualifiedName), type.primary != nil,
                type.isComplete
            else { continue }
            checked.append(qualifiedName)
            // Only a class's first inherited type can be a superclass, and an unknown one may implement the methods.
            var mayInherit = false
            if type.kind == .class, let first = type.inherited.first?.name {
                mayInherit =
                    context.knownProtocols.entry(first) == nil && !Self.plainSuperclasses.contains(first)
                    && !context.knownProtocols.isObjCProtocol(first)
            }
            guard !mayInherit else { continue }
            for adopted in type.inherited {
                guard let entry = context.knownProtocols.entry(adopted.name) else { continue }
                let missing = entry.required.filter { required in
                    !type.functions.contains { $0.hasSignature(required) }
                }
                guard !missing.isEmpty else { continue }
                // Point at the conformance in this snippet; a conformance declared elsewhere is reported there.
                guard
                    let local = context.facts.types.first(where: { $0.qualifiedName == qualifiedName })?
                        .inherited.first(where: { $0.name == adopted.name })
                        ?? context.facts.types.filter({ $0.qualifiedName == qualifiedName })
                        .flatMap(\.inherited).first(where: { $0.name == adopted.name })
                else { continue }
                findings.append(
                    CodeFinding(
                        subject: "\(type.qualifiedName)/\(adopted.name)",
                        message: "\(type.name) adopts \(adopted.name) but does not implement "
                            + missing.joined(separator: " and "),
                        range: local.range, resolvingTokens: missing.map(distinguishingToken)))
            }
        }
        return findings
    }
}

/// The word that tells a required method apart in code: its last real argument label
/// (`viewControllerAfter` in `pageViewController(_:viewControllerAfter:)`), else its name.
func distinguishingToken(_ signature: String) -> String {
    guard let open = signature.firstIndex(of: "(") else { return signature }
    let labels = signature[signature.index(after: open)...].split(separator: ":").map {
        $0.trimmingScalars(in: TextScalars(charactersIn: "()"))
    }
    return labels.last(where: { !$0.isEmpty && $0 != "_" && $0 != "in" && $0 != "for" }) ?? String(signature[..<open])
}
