#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Apple frameworks, the public names only each of them declares, and what importing each brings into
/// scope: what `missing-import` needs to tell a name used without its framework.
///
/// The table lives in `FrameworkNames.json` so that adding a framework or a name is a data change.
public struct FrameworkNames: Sendable, Decodable {
    public struct Framework: Sendable, Decodable {
        public let name: String
        /// Modules importing this one brings into scope (its re-exports, listed generously).
        public let bringsIntoScope: [String]
        public let names: [String]
    }

    public let frameworks: [Framework]
    /// Modules known to bring none of the frameworks into scope (`Foundation`, `Swift`).
    public let modulesBringingNoneOfThese: [String]

    /// The framework declaring each name (a dictionary built at each call: keep it).
    public var frameworkByName: [String: String] {
        Dictionary(frameworks.flatMap { framework in framework.names.map { ($0, framework.name) } }) { first, _ in first }
    }

    /// Whether the table knows what importing `module` brings into scope.
    public func knows(_ module: String) -> Bool {
        modulesBringingNoneOfThese.contains(module) || frameworks.contains { $0.name == module }
    }

    /// The imported modules and every module they bring into scope, transitively.
    public func inScope(importing modules: [String]) -> Set<String> {
        var result = Set(modules)
        var pending = modules
        while let module = pending.popLast() {
            for brought in frameworks.first(where: { $0.name == module })?.bringsIntoScope ?? []
            where result.insert(brought).inserted {
                pending.append(brought)
            }
        }
        return result
    }

    /// The table shipped with the rules (`FrameworkNames.json`, embedded in the module by the package).
    public static let standard: FrameworkNames = {
        guard let table = try? JSONDecoder().decode(FrameworkNames.self, from: Data(PackageResources.FrameworkNames_json))
        else { return FrameworkNames(frameworks: [], modulesBringingNoneOfThese: []) }
        return table
    }()

    public init(frameworks: [Framework], modulesBringingNoneOfThese: [String]) {
        self.frameworks = frameworks
        self.modulesBringingNoneOfThese = modulesBringingNoneOfThese
    }
}
