import XCTest

@testable import TutorialReaders

/// The prose that titles a step nothing labels: container and template markup a site renders away is no
/// title; the label a container carries titles the step only where nothing else stands before its code.
final class ImplicitStepTitleTests: XCTestCase {
    func testTheLastParagraphThatIsNotMarkupTitlesTheStep() {
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: ["Install it:", "::: code-group"]), "Install it:")
        XCTAssertEqual(
            ImplicitStepTitle.title(
                fromProse: ["List the jars:", "::::{tab-set} :class: no-sync", ":::{tab-item} CLI"]),
            "List the jars:")
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: ["Show it:", "{% raw %}"]), "Show it:")
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: ["First.", "Then fill the jar."]), "Then fill the jar.")
    }

    func testMarkupAloneIsTitledByTheLabelItCarriesOrByNothing() {
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: [":::", ":::{tab-item} Shell"]), "Shell")
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: ["::: details Click me"]), "Click me")
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: ["::: code-group"]), "")
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: ["{% endraw %} {% raw %}", "{{< tab \"npm\" >}}"]), "")
        XCTAssertEqual(ImplicitStepTitle.title(fromProse: []), "")
    }

    func testProseThatMentionsATagOrColonsIsNoMarkup() {
        let prose = [
            "Use {% raw %} around the braces.", "Ratio 3:::1 is rare", "{% raw %} keeps braces", "Note: it fits.",
        ]
        for text in prose {
            XCTAssertFalse(ImplicitStepTitle.isMarkup(text), text)
        }
        for text in [":::", "::: tip", ":::{note}", "{% raw %}", "{% endraw %} {% raw %}", "{{% notice %}}"] {
            XCTAssertTrue(ImplicitStepTitle.isMarkup(text), text)
        }
    }
}
