import Foundation
import TestSupport
import TutorialModel
import TutorialReaders
import XCTest

/// The resolver every entry point reads DocC resources through: names stay inside the catalog.
final class CatalogResourcesTests: XCTestCase {
    /// A scratch folder holding `Guide.docc` (a tutorial and `Resources/`) and an `outside` folder with
    /// a secret the tutorial must never read.
    private var base = ""
    private var catalog: String { base + "/Guide.docc" }
    private var tutorial: String { catalog + "/Guide.tutorial" }
    private var secret: String { base + "/outside/secret.swift" }
    private let secretText = "let secret = \"outside the catalog\"\n"

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: catalog + "/Resources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try "@Tutorial {}\n".write(toFile: tutorial, atomically: false, encoding: .utf8)
        try "struct Inside {}\n".write(toFile: catalog + "/Resources/inside.swift", atomically: false, encoding: .utf8)
        try secretText.write(toFile: secret, atomically: false, encoding: .utf8)
        // The scratch folder itself may lie behind a link (macOS /var → /private/var): compare real paths.
        base = try XCTUnwrap(FileTreeWalk.realPath(base))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    private func resolve(_ name: String, from document: String? = nil) -> CatalogResources.Resolution {
        var resources = CatalogResources(documentPath: document ?? tutorial, provider: FileSystemResources())
        return resources.resolve(name)
    }

    private func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func testANameResolvesInsideTheCatalog() throws {
        guard case .found(let resource, let others) = resolve("inside.swift") else {
            return XCTFail("\(resolve("inside.swift"))")
        }
        XCTAssertEqual(resource.text, "struct Inside {}\n")
        XCTAssertEqual(resource.nameInCatalog, "Resources/inside.swift")
        XCTAssertEqual(resource.path, catalog + "/Resources/inside.swift")
        XCTAssertEqual(resource.resolvedPath, catalog + "/Resources/inside.swift")
        XCTAssertEqual(others, [])
    }

    /// DocC's asset index finds a resource by its name without the extension; a name that has one, or a
    /// folder that does not lead there, still finds nothing.
    func testANameWithoutItsExtensionFindsTheResourceAsDocCDoes() throws {
        guard case .found(let resource, _) = resolve("inside") else { return XCTFail("\(resolve("inside"))") }
        XCTAssertEqual(resource.nameInCatalog, "Resources/inside.swift")
        guard case .found = resolve("Resources/inside") else { return XCTFail("\(resolve("Resources/inside"))") }
        guard case .missing = resolve("inside.md") else { return XCTFail("\(resolve("inside.md"))") }
        guard case .missing = resolve("Other/inside") else { return XCTFail("\(resolve("Other/inside"))") }
    }

    func testDotDotLeavingTheCatalogIsRefusedAndStayingInsideIsAllowed() throws {
        XCTAssertEqual(resolve("../outside/secret.swift"), .refused(.leavesCatalog))
        XCTAssertEqual(resolve("../../outside/secret.swift"), .refused(.leavesCatalog))
        XCTAssertEqual(resolve("Resources/../../outside/secret.swift"), .refused(.leavesCatalog))
        guard case .found(let resource, _) = resolve("Resources/../Resources/inside.swift") else {
            return XCTFail("a `..` that stays inside is a name like any other")
        }
        XCTAssertEqual(resource.text, "struct Inside {}\n")
    }

    func testAnAbsolutePathIsRefusedEvenInsideTheCatalog() {
        XCTAssertEqual(resolve(secret), .refused(.absolutePath))
        XCTAssertEqual(resolve(catalog + "/Resources/inside.swift"), .refused(.absolutePath))
        XCTAssertEqual(resolve("/etc/passwd"), .refused(.absolutePath))
    }

    func testAFileLinkLeavingTheCatalogIsRefused() throws {
        try link(catalog + "/Resources/escape.swift", to: secret)
        XCTAssertEqual(resolve("escape.swift"), .refused(.linkLeavesCatalog("Resources/escape.swift")))
        // Also when the name is only found by searching the whole catalog.
        try FileManager.default.createDirectory(atPath: catalog + "/Deep/Er", withIntermediateDirectories: true)
        try link(catalog + "/Deep/Er/far.swift", to: secret)
        XCTAssertEqual(resolve("far.swift"), .refused(.linkLeavesCatalog("Deep/Er/far.swift")))
    }

    func testADirectoryLinkLeavingTheCatalogIsRefused() throws {
        try link(catalog + "/Shared", to: base + "/outside")
        XCTAssertEqual(resolve("Shared/secret.swift"), .refused(.linkLeavesCatalog("Shared/secret.swift")))
        // The catalog search does not walk into it either: a bare name is not found there.
        XCTAssertEqual(resolve("secret.swift"), .missing(searchedAll: true))
    }

    func testALinkInsideTheCatalogPointingInsideIsRead() throws {
        try FileManager.default.createDirectory(atPath: catalog + "/Code", withIntermediateDirectories: true)
        try "struct Real {}\n".write(toFile: catalog + "/Code/real.swift", atomically: false, encoding: .utf8)
        try link(catalog + "/Resources/alias.swift", to: "../Code/real.swift")
        guard case .found(let resource, _) = resolve("alias.swift") else { return XCTFail("\(resolve("alias.swift"))") }
        XCTAssertEqual(resource.text, "struct Real {}\n")
        XCTAssertEqual(resource.nameInCatalog, "Resources/alias.swift")
        XCTAssertEqual(resource.resolvedPath, catalog + "/Code/real.swift")
    }

    func testNamesWithNULOrLineBreaksAreRefused() {
        XCTAssertEqual(resolve("inside.swift\u{0}.txt"), .refused(.controlCharacter))
        XCTAssertEqual(resolve("inside\n.swift"), .refused(.controlCharacter))
        XCTAssertEqual(resolve("inside\r.swift"), .refused(.controlCharacter))
    }

    func testAResourceThatIsNotUTF8SaysSo() throws {
        try Data([0x6C, 0x65, 0x74, 0x0A, 0x6C, 0x65, 0x74, 0x20, 0xE9, 0x0A]).write(
            to: URL(fileURLWithPath: catalog + "/Resources/latin1.swift"))
        XCTAssertEqual(
            resolve("latin1.swift"),
            .unreadable(
                "Resources/latin1.swift",
                reason: "is not valid UTF-8 (the first invalid byte is on line 2); convert it to UTF-8"))
        try Data([0xFF, 0xFE, 0x6C, 0x00]).write(to: URL(fileURLWithPath: catalog + "/Resources/utf16.swift"))
        XCTAssertEqual(
            resolve("utf16.swift"),
            .unreadable("Resources/utf16.swift", reason: "is UTF-16 encoded; convert it to UTF-8"))
    }

    func testAFIFOIsNeverOpened() throws {
        XCTAssertEqual(mkfifo(catalog + "/Resources/pipe.swift", 0o644), 0)
        // Opening a FIFO for reading would block until a writer comes: the resolver must not.
        XCTAssertEqual(resolve("pipe.swift"), .unreadable("Resources/pipe.swift", reason: "is not a regular file"))
    }

    func testTheCatalogIsFoundFromTheRealPathHoweverTheDocumentIsNamed() throws {
        // A link whose name does not end in .docc still leads into the catalog.
        try link(base + "/view", to: catalog)
        let forms = [tutorial, base + "/view/Guide.tutorial", base + "/outside/../Guide.docc/Guide.tutorial"]
        for form in forms {
            let resources = CatalogResources(documentPath: form, provider: FileSystemResources())
            XCTAssertTrue(resources.isCatalog, form)
            XCTAssertEqual(resources.root, catalog, form)
            XCTAssertEqual(resolve("../outside/secret.swift", from: form), .refused(.leavesCatalog), form)
            guard case .found(let resource, _) = resolve("inside.swift", from: form) else {
                return XCTFail(form)
            }
            XCTAssertEqual(resource.nameInCatalog, "Resources/inside.swift", form)
            XCTAssertEqual(resource.resolvedPath, catalog + "/Resources/inside.swift", form)
        }
        // Printed paths keep the form the document was typed in.
        guard case .found(let viaLink, _) = resolve("inside.swift", from: base + "/view/Guide.tutorial") else {
            return XCTFail()
        }
        XCTAssertEqual(viaLink.path, base + "/view/Resources/inside.swift")
    }

    func testARelativeDocumentPathIsResolvedFromTheWorkingDirectory() throws {
        let previous = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(catalog + "/Resources"))
        for form in ["../Guide.tutorial", "./../Guide.tutorial"] {
            guard case .found(let resource, _) = resolve("inside.swift", from: form) else { return XCTFail(form) }
            XCTAssertEqual(resource.nameInCatalog, "Resources/inside.swift")
            XCTAssertEqual(resource.path, form.dropLast("Guide.tutorial".count) + "Resources/inside.swift")
        }
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(catalog))
        guard case .found(let bare, _) = resolve("inside.swift", from: "Guide.tutorial") else { return XCTFail() }
        XCTAssertEqual(bare.path, "Resources/inside.swift")
    }

    func testWithoutACatalogTheTutorialsFolderIsTheLimit() throws {
        let loose = base + "/loose"
        try FileManager.default.createDirectory(atPath: loose + "/Resources", withIntermediateDirectories: true)
        try "let a = 1\n".write(toFile: loose + "/Resources/a.swift", atomically: false, encoding: .utf8)
        let document = loose + "/t.tutorial"
        let resources = CatalogResources(documentPath: document, provider: FileSystemResources())
        XCTAssertFalse(resources.isCatalog)
        XCTAssertEqual(resources.root, loose)
        XCTAssertEqual(resolve("../outside/secret.swift", from: document), .refused(.leavesCatalog))
        guard case .found = resolve("a.swift", from: document) else { return XCTFail() }
    }

    /// A `.tutorial` at a repository's root (in no catalog) reads its own folder tree, never a hidden
    /// path: not `.git/config` by name, not through an ordinary name linked to it, not inside `.github`.
    func testOutsideACatalogHiddenPathsAreNeverRead() throws {
        let repository = base + "/repository"
        try FileManager.default.createDirectory(atPath: repository + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: repository + "/.github", withIntermediateDirectories: true)
        try "[remote]\n\ttoken = SECRET\n".write(
            toFile: repository + "/.git/config", atomically: false, encoding: .utf8)
        try "let a = 1\n".write(toFile: repository + "/.github/a.swift", atomically: false, encoding: .utf8)
        try "let b = 1\n".write(toFile: repository + "/Settings.swift", atomically: false, encoding: .utf8)
        try link(repository + "/Linked.swift", to: ".git/config")
        let document = repository + "/T.tutorial"
        XCTAssertEqual(resolve(".git/config", from: document), .refused(.hidden(".git")))
        XCTAssertEqual(resolve("./.git/config", from: document), .refused(.hidden(".git")))
        XCTAssertEqual(resolve(".github/a.swift", from: document), .refused(.hidden(".github")))
        XCTAssertEqual(resolve("Linked.swift", from: document), .refused(.hidden(".git")))
        guard case .found(let resource, _) = resolve("Settings.swift", from: document) else {
            return XCTFail("an ordinary file of the tutorial's folder is read")
        }
        XCTAssertEqual(resource.text, "let b = 1\n")
        // Inside a catalog too: a hidden path is no resource.
        try "x\n".write(toFile: catalog + "/Resources/.env", atomically: false, encoding: .utf8)
        XCTAssertEqual(resolve("Resources/.env"), .refused(.hidden(".env")))
    }

    func testTheCatalogSearchEndsOnLinkLoopsAndStopsAtItsLimit() throws {
        let deep = catalog + "/Loop/A"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        try link(deep + "/back", to: catalog + "/Loop")
        try link(deep + "/self", to: deep)
        try "let far = 1\n".write(toFile: deep + "/far.swift", atomically: false, encoding: .utf8)
        guard case .found(let resource, let others) = resolve("far.swift") else {
            return XCTFail("\(resolve("far.swift"))")
        }
        XCTAssertEqual(resource.nameInCatalog, "Loop/A/far.swift")
        XCTAssertEqual(others, [], "each real folder is walked once")
        XCTAssertEqual(resolve("nowhere.swift"), .missing(searchedAll: true))

        let listing = FileTreeWalk.regularFiles(under: catalog, limit: 3)
        XCTAssertFalse(listing.complete)
        XCTAssertLessThanOrEqual(listing.files.count, 3)
    }

    func testTheWalkFollowsNoLinkOutOfTheWalkedFolder() throws {
        try link(catalog + "/Shared", to: base + "/outside")
        try link(catalog + "/Resources/escape.swift", to: secret)
        let listing = FileTreeWalk.regularFiles(under: catalog)
        XCTAssertEqual(listing.files, [catalog + "/Guide.tutorial", catalog + "/Resources/inside.swift"])
        XCTAssertEqual(Set(listing.linksLeavingTree), [catalog + "/Shared", catalog + "/Resources/escape.swift"])
        XCTAssertTrue(listing.complete)
    }

    func testAWriteGoesOnlyWhereTheReadWasAllowed() throws {
        guard case .found(let resource, _) = resolve("inside.swift") else { return XCTFail() }
        let resources = CatalogResources(documentPath: tutorial, provider: FileSystemResources())
        XCTAssertEqual(
            resources.writeTarget(path: resource.path, resolvedAtRead: resource.resolvedPath),
            .success(resource.resolvedPath))
        // Replaced by a link since the read: to the outside, or to another file inside.
        try FileManager.default.removeItem(atPath: resource.path)
        try link(resource.path, to: secret)
        guard
            case .failure(let outside) = resources.writeTarget(
                path: resource.path, resolvedAtRead: resource.resolvedPath)
        else { return XCTFail("a link to the outside is not written") }
        XCTAssertTrue(outside.description.contains("leads outside Guide.docc"), outside.description)
        try FileManager.default.removeItem(atPath: resource.path)
        try "struct Other {}\n".write(toFile: catalog + "/other.swift", atomically: false, encoding: .utf8)
        try link(resource.path, to: catalog + "/other.swift")
        guard
            case .failure(let replaced) = resources.writeTarget(
                path: resource.path, resolvedAtRead: resource.resolvedPath)
        else { return XCTFail("a link put in the file's place is not written through") }
        XCTAssertTrue(replaced.description.contains("replaced by a link"), replaced.description)
        // A path that never was a resource of the catalog.
        guard case .failure = resources.writeTarget(path: secret, resolvedAtRead: nil) else { return XCTFail() }
    }

    func testInMemoryResourcesFollowTheSameRules() {
        var resources = CatalogResources(
            documentPath: "Book.docc/Chapters/t.tutorial",
            provider: MemoryResources([
                "Book.docc/Chapters/a.swift": "let a = 1\n", "Book.docc/Code/b.swift": "let b = 1\n",
                "secret.swift": "let secret = 1\n",
            ]))
        XCTAssertEqual(resources.root, "Book.docc")
        XCTAssertEqual(resources.resolve("../../secret.swift"), .refused(.leavesCatalog))
        XCTAssertEqual(resources.resolve("/secret.swift"), .refused(.absolutePath))
        XCTAssertEqual(resources.resolve("secret.swift"), .missing(searchedAll: true))
        guard case .found(let b, _) = resources.resolve("../Code/b.swift") else { return XCTFail() }
        XCTAssertEqual(b.path, "Book.docc/Code/b.swift")
        guard case .found(let viaSearch, _) = resources.resolve("b.swift") else { return XCTFail() }
        XCTAssertEqual(viaSearch.path, "Book.docc/Code/b.swift")
    }
}
