#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Names spelt right that no tutorial declares: what `misspelt-name` holds an undeclared name against.
///
/// Two kinds, from `KnownNames.txt` (written by `scripts/build-known-names`): the toolchain's own public
/// names and Swift's keywords, exact to the letter and its case, with the framework names the
/// `missing-import` table lists; and names common to the Swift code of many independent projects, which
/// bring the frameworks Linux lacks (UIKit, SwiftUI, Combine) but may differ in case from one project to
/// another. Names shorter than five characters are not kept.
public struct KnownNames: Sendable {
    /// Every known name: those exact to the letter and its case and the common ones.
    let all: Set<String>
    /// Every known name by its first character and its length, for the names one edit away.
    private let byFirstAndLength: [String: [String]]
    /// Names exact to the letter and its case (the toolchain's, Swift's keywords, the framework table's) by
    /// their lowercased spelling, for the names differing only in case.
    private let exactByLowercase: [String: [String]]

    init(exact: Set<String>, common: Set<String>) {
        all = exact.union(common)
        byFirstAndLength = Dictionary(grouping: all, by: { Self.bucket($0.first, $0.utf8.count) })
        exactByLowercase = Dictionary(grouping: exact, by: { $0.lowercased() })
    }

    func isKnown(_ name: String) -> Bool { all.contains(name) }

    /// Known names starting with `first` whose UTF-8 length is `length`.
    func names(startingWith first: Character, length: Int) -> [String] {
        byFirstAndLength[Self.bucket(first, length)] ?? []
    }

    /// Exact names spelt as `name` but for case.
    func exactNames(caseInsensitivelyEqualTo name: String) -> [String] { exactByLowercase[name.lowercased()] ?? [] }

    private static func bucket(_ first: Character?, _ length: Int) -> String { "\(first.map(String.init) ?? "")\(length)" }

    /// The names shipped with the rules (`KnownNames.txt`, embedded in the module by the package), with the
    /// framework table's.
    public static let standard: KnownNames = {
        var exact = Set(FrameworkNames.standard.frameworks.flatMap(\.names))
        var common = Set<String>()
        var part = ""
        for line in String(decoding: PackageResources.KnownNames_txt, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                part = String(line)
            } else if part == "[toolchain]" {
                exact.insert(String(line))
            } else {
                common.insert(String(line))
            }
        }
        return KnownNames(exact: exact, common: common)
    }()
}
