#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The UIKit and AppKit protocols the rules know: their required methods and how they are wired.
///
/// The table lives in `KnownProtocols.json` so that adding a protocol is a data change.
public struct KnownProtocols: Sendable, Decodable {
    public struct Entry: Sendable, Decodable {
        public let name: String
        /// Whether it refines `NSObjectProtocol` (adopters must inherit from `NSObject`).
        public let objc: Bool
        /// The property an object sets to adopt an adopter (`dataSource`, `delegate`).
        public let wiring: String?
        /// Required methods as Swift spells them: `pageViewController(_:viewControllerBefore:)`.
        public let required: [String]
    }

    public let protocols: [Entry]
    /// Each name's first entry: the rules ask for an entry by name for every type and conformance of every
    /// state, and comparing the name with each entry's in turn was about a fifth of missing-required-method.
    private let firstByName: [String: Int]

    public init(protocols: [Entry]) {
        self.protocols = protocols
        var firstByName: [String: Int] = [:]
        for (index, entry) in protocols.enumerated() where firstByName[entry.name] == nil { firstByName[entry.name] = index }
        self.firstByName = firstByName
    }

    private enum CodingKeys: String, CodingKey { case protocols }

    public init(from decoder: any Decoder) throws {
        self.init(protocols: try decoder.container(keyedBy: CodingKeys.self).decode([Entry].self, forKey: .protocols))
    }

    public func entry(_ name: String) -> Entry? { firstByName[name].map { protocols[$0] } }

    /// The table shipped with the rules (`KnownProtocols.json`, embedded in the module by the package).
    public static let standard: KnownProtocols = {
        guard let table = try? JSONDecoder().decode(KnownProtocols.self, from: Data(PackageResources.KnownProtocols_json))
        else { return KnownProtocols(protocols: []) }
        return table
    }()

    /// Whether a protocol name is an Objective-C data source or delegate: a known entry marked `objc`,
    /// or a framework-prefixed `…DataSource` / `…Delegate`.
    public func isObjCProtocol(_ name: String) -> Bool {
        if let entry = entry(name) { return entry.objc }
        return (name.hasSuffix("Delegate") || name.hasSuffix("DataSource"))
            && Self.frameworkPrefixes.contains { name.hasPrefix($0) }
    }

    private static let frameworkPrefixes = [
        "UI", "NS", "MK", "WK", "CL", "PH", "AV", "SK", "SCN", "AR", "CB", "EK", "MF", "GK", "QL",
    ]
}
