import SwiftFacts
import TutorialModel

/// A whole file that imports frameworks uses a name only a framework it does not import declares.
struct MissingImport: CodeRule {
    let description = RuleDescription(
        id: "missing-import", category: .lifecycle,
        summary: "A file uses a framework's type without importing the framework.",
        explanation: """
            A file that imports frameworks but uses a type or protocol only another Apple framework declares \
            (`WKWebView` with only `import SwiftUI`, `CNContact` without `import Contacts`) does not compile: \
            the reader copying it gets "cannot find type in scope". The names come from a table of frameworks \
            and the names only each of them declares, with what importing each brings into scope (SwiftUI \
            brings UIKit, UIKit brings Foundation). Only a whole file is judged, and only one that imports \
            something (listings without any import leave imports out by convention); a file importing a \
            module the table does not know (a package, the app's own module) may get anything from it, and \
            a name the project declares itself is its own. A name in a comment or a string is no use.
            """,
        defaultSeverity: .error, evidence: .absence,
        triggering: [
            RuleExample(
                "A contacts type with only SwiftUI imported",
                """
                import SwiftUI

                struct ContactRow: View {
                    let contact: ↓CNContact
                    var body: some View { Text(contact.givenName) }
                }
                """),
            RuleExample(
                "A web view in a representable that imports only SwiftUI",
                """
                import SwiftUI

                struct PageView: UIViewRepresentable {
                    func makeUIView(context: Context) -> ↓WKWebView { WKWebView() }
                    func updateUIView(_ view: WKWebView, context: Context) {}
                }
                """),
            RuleExample(
                "The representable protocol in a file importing only WebKit",
                """
                import WebKit

                struct PageView: ↓UIViewRepresentable {
                    func makeUIView(context: Context) -> WKWebView { WKWebView() }
                    func updateUIView(_ view: WKWebView, context: Context) {}
                }
                """),
        ],
        nonTriggering: [
            RuleExample(
                "No import at all: the listing leaves imports out",
                """
                struct ContactRow: View {
                    let contact: CNContact
                    var body: some View { Text(contact.givenName) }
                }
                """),
            RuleExample(
                "Imported, directly or by a framework that brings it in",
                """
                import SwiftUI
                import ContactsUI

                struct Picker: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> CNContactPickerViewController {
                        let store = CNContactStore()
                        _ = store
                        return CNContactPickerViewController()
                    }
                    func updateUIViewController(_ controller: CNContactPickerViewController, context: Context) {}
                }
                """),
            RuleExample(
                "A module the table does not know may bring anything",
                """
                import SwiftUI
                import AppKitBridges

                struct Browser: View {
                    let page: WKWebView
                    var body: some View { Text("page") }
                }
                """),
            RuleExample(
                "A name the project declares itself, and names in comments and strings",
                """
                import SwiftUI

                // Shows a WKWebView later on.
                struct CNContact { let givenName: String }
                struct ContactRow: View {
                    let contact: CNContact
                    var body: some View { Text("CNContactStore") }
                }
                """),
            RuleExample(
                "A file that leaves code out: the import may be in what it does not show",
                """
                import SwiftUI
                // ...
                struct ContactRow: View {
                    let contact: CNContact
                    var body: some View { Text(contact.givenName) }
                }
                """),
        ],
        measuredPrecision: .init(
            value: 1.0, sample: 2, date: "2026-12-02",
            note: "Round 5's held-out part: two listings importing only WebKit or MapKit that declare representables."))

    /// The framework of each name of the table, built once rather than at every state checked.
    private static let frameworkByName = FrameworkNames.standard.frameworkByName
    /// For each capital letter, the bytes from 0x40 to 0x7F that follow it at the start of a name of the table
    /// (one bit each): a word of the code whose second byte is such a byte and not one of these names no
    /// framework's type, and is not looked up.
    private static let nameOpenings: [UInt64] = {
        var openings = [UInt64](repeating: 0, count: 26)
        for name in frameworkByName.keys {
            let bytes = Array(name.utf8)
            guard bytes.count >= 2, bytes[0] >= 0x41, bytes[0] <= 0x5A, bytes[1] >= 0x40, bytes[1] < 0x80 else {
                continue
            }
            openings[Int(bytes[0] - 0x41)] |= 1 << UInt64(bytes[1] - 0x40)
        }
        return openings
    }()
    /// Each module the table knows, with every module importing it brings into scope (itself included):
    /// built once, where `FrameworkNames.inScope` searched the table at every state checked.
    private static let scopeByModule: [String: Set<String>] = {
        let table = FrameworkNames.standard
        var scopes: [String: Set<String>] = [:]
        for module in table.modulesBringingNoneOfThese + table.frameworks.map(\.name) where scopes[module] == nil {
            scopes[module] = table.inScope(importing: [module])
        }
        return scopes
    }()

    func check(_ context: CodeContext) -> [CodeFinding] {
        let facts = context.facts
        guard !context.isFragment, context.project.currentIsComplete, !facts.imports.isEmpty else { return [] }
        // What the modules bring into scope is the union of what each brings (each scope is transitive),
        // asked of each module's scope in turn for a framework's name only: a union made for every state of
        // every file cost a tenth of the rule.
        var scopes: [Set<String>] = []
        for module in facts.imports.map(\.module) {
            guard let scope = Self.scopeByModule[module] else { return [] }
            scopes.append(scope)
        }
        let code = context.snippet.code
        // The words of the code first, in one pass over its bytes: a name of a framework not in scope is
        // rare, and only then is the code's token stream asked for (a parse) to tell code from comments and
        // strings.
        let byName = Self.frameworkByName
        var candidates: [String: String] = [:]
        forEachCapitalizedWord(in: code, openings: Self.nameOpenings) { word in
            if let framework = byName[word], !scopes.contains(where: { $0.contains(framework) }) {
                candidates[word] = framework
            }
        }
        guard !candidates.isEmpty else { return [] }
        var reported: Set<String> = []
        var findings: [CodeFinding] = []
        for token in identifierTokens(named: Set(candidates.keys), in: code) {
            guard let framework = candidates[token.name], !reported.contains(framework),
                !context.project.declaresType(named: token.name)
            else { continue }
            reported.insert(framework)
            let lastImport = facts.imports.map { facts.line(of: $0.range.start) }.max() ?? 0
            findings.append(
                CodeFinding(
                    subject: framework,
                    message: "\(token.name) is declared in \(framework), which this file does not import",
                    range: token.range, fixTitle: "Add import \(framework)",
                    edits: [CodeEdit(.insertLine(before: lastImport + 1, text: "import \(framework)"))],
                    resolvingTokens: [framework]))
        }
        return findings
    }
}

/// Each word of `code` that starts with a capital ASCII letter (`CNContact`, `View`), as often as it occurs,
/// found in one pass over its bytes, comments and strings included; where its second byte is a letter or `_`,
/// only when that is one of `openings` for its first.
private func forEachCapitalizedWord(in code: String, openings: [UInt64], _ body: (String) -> Void) {
    var code = code
    code.withUTF8 { bytes in
        wordByteTable.withUnsafeBufferPointer { table in
            var index = 0
            // ASCII letters, digits and `_`, looked up by byte: this runs for every byte of every state, where two
            // masks chosen and shifted per byte cost a third more.
            func isWordByte(_ byte: UInt8) -> Bool { table[Int(byte)] }
            while index < bytes.count {
                guard isWordByte(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                let first = bytes[start]
                if first >= 0x41 && first <= 0x5A && (start == 0 || bytes[start - 1] < 0x80) {
                    // The second byte of a word is ASCII; below 0x40 (a digit) the word is looked up regardless.
                    let second = index - start >= 2 ? bytes[start + 1] : 0
                    if second >= 0x40, openings[Int(first - 0x41)] & (1 << UInt64(second - 0x40)) == 0 { continue }
                    body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
            }
        }
    }
}

/// Whether each byte is an ASCII letter, digit or `_` (a byte of a word `forEachCapitalizedWord` reads).
private let wordByteTable: [Bool] = (0...255).map { byte in
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
}
