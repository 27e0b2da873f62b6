import SwiftFacts
import TutorialRules
import XCTest

/// Type names resolve as Swift resolves them: nested in the enclosing type first, then outwards, then
/// at the top level, across the project's files.
final class ProjectViewTests: XCTestCase {
    func testNamesResolveFromTheInnermostEnclosingTypeOutwards() throws {
        let current = try XCTUnwrap(extractFacts(code: """
            struct A {
                struct Coordinator {}
                struct B {
                    struct C {
                        struct Coordinator {}
                    }
                }
            }
            struct Coordinator {}
            """))
        let other = try XCTUnwrap(extractFacts(code: "extension A.B {\n    struct Helper {}\n}\n"))
        let project = ProjectView(files: [("Other.swift", other)], current: current, currentFileName: "A.swift")
        XCTAssertEqual(project.resolve("Coordinator", from: "A.B.C")?.qualifiedName, "A.B.C.Coordinator")
        XCTAssertEqual(project.resolve("Coordinator", from: "A.B")?.qualifiedName, "A.Coordinator")
        XCTAssertEqual(project.resolve("Coordinator", from: "A")?.qualifiedName, "A.Coordinator")
        XCTAssertEqual(project.resolve("Coordinator", from: nil)?.qualifiedName, "Coordinator")
        XCTAssertEqual(project.resolve("Coordinator", from: "")?.qualifiedName, "Coordinator")
        XCTAssertEqual(project.resolve("Coordinator", from: "Elsewhere.Deep")?.qualifiedName, "Coordinator")
        // A name declared in an extension in another file.
        XCTAssertEqual(project.resolve("Helper", from: "A.B.C")?.qualifiedName, "A.B.Helper")
        XCTAssertNil(project.resolve("Helper", from: "A"))
        // Written with empty components: the components that are there count.
        XCTAssertEqual(project.resolve("Coordinator", from: "A..B.C.")?.qualifiedName, "A.B.C.Coordinator")
        XCTAssertEqual(project.resolve("B", from: ".A")?.qualifiedName, "A.B")
    }
}
