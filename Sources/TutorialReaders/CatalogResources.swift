import TutorialModel

/// The one resolver of DocC code resources (`@Code(file:previousFile:)`): every entry point (CLI,
/// language server, bench, fuzz targets) reads and writes resources through it, so one rule holds.
///
/// The rule is DocC's: a resource is a *name* looked up inside the catalog, the nearest enclosing
/// `.docc` folder of the tutorial's real location (links in the typed path resolved first, so `./X`,
/// an absolute path and a linked path find the same catalog), or the tutorial's own folder when it
/// lies in none. The name is tried next to the tutorial, in a `Resources` folder beside it, then
/// anywhere in the catalog by file name. A tutorial is untrusted input, so a name is never opened
/// when it is absolute, when its `..` leave the catalog, when it resolves through a link to a place
/// outside the catalog, when it or the file it resolves to is hidden (a component starting with `.`, as
/// `.git/config`), when the provider may not read it (the language server reads from disk only inside
/// its workspace folders), or when it holds a NUL or a line break; a device or FIFO is never opened.
/// The search of the catalog visits at most `InputLimits.maximumWalkedEntries` entries.
public struct CatalogResources: Sendable {
    /// A resource that was read.
    public struct Resource: Sendable, Equatable {
        /// The path to show and to edit, in the form the document's path was typed (`Guide.docc/…`
        /// when the user typed `Guide.docc/Guide.tutorial`, absolute when they typed an absolute path).
        public let path: String
        /// The real path of the file read: a fix writes there, and only while `path` still leads to it.
        public let resolvedPath: String
        /// The path inside the catalog (`Resources/01.swift`), the same however the document was named.
        public let nameInCatalog: String
        public let text: String
    }

    public enum Resolution: Sendable, Equatable {
        /// `others`: further files of the catalog with the same name (by `nameInCatalog`), which DocC
        /// would reject as ambiguous.
        case found(Resource, others: [String])
        /// The name is a folder (`nameInCatalog`).
        case directory(String)
        /// No such file; `searchedAll` is false when the catalog was too large to search completely.
        case missing(searchedAll: Bool)
        /// The name may not be read at all.
        case refused(Refusal)
        /// The file exists inside the catalog but is no text resource (`nameInCatalog`, why).
        case unreadable(String, reason: String)
    }

    public enum Refusal: Sendable, Equatable {
        case absolutePath
        /// `..` climbs out of the catalog.
        case leavesCatalog
        /// The name leads to a link (`nameInCatalog`) whose target lies outside the catalog.
        case linkLeavesCatalog(String)
        /// A NUL, line break or other control character: no file name a tutorial means.
        case controlCharacter
        /// The name, or the file it resolves to, has a hidden component (`.git`, `.env`): never a resource,
        /// and where credentials live (a checkout's `.git/config`).
        case hidden(String)
        /// The provider reads nothing there (the language server: outside its workspace folders and not
        /// sent by the editor).
        case outsideReadableFolders
    }

    public let provider: any ResourceProvider
    /// The folder resources are looked up in: the catalog, or the tutorial's folder; resolved.
    public let root: String
    /// Whether `root` is a `.docc` catalog (else the tutorial's own folder).
    public let isCatalog: Bool
    /// The tutorial's real folder, as components below `root`.
    let documentFolder: [String]
    /// The folder part of the document's path as typed ("" for a bare file name).
    let typedFolder: String
    /// Files of the catalog by file name, listed on first need (most names resolve next to the tutorial).
    private var index: CatalogIndex?

    public init(documentPath: String, provider: any ResourceProvider) {
        self.provider = provider
        let (typedFolder, fileName) = Self.splitFolder(documentPath)
        self.typedFolder = typedFolder
        let resolvedDocument =
            provider.resolvedPath(documentPath)
            ?? provider.resolvedPath(typedFolder.isEmpty ? "." : typedFolder).map { Self.join($0, fileName) }
            ?? Self.lexicallyNormalized(documentPath)
        let folder = Self.splitFolder(resolvedDocument).folder
        let components = Self.components(folder)
        let prefix = folder.hasPrefix("/") ? "/" : ""
        if let end = components.lastIndex(where: { $0.lowercased().hasSuffix(".docc") }) {
            root = prefix + components[...end].joined(separator: "/")
            isCatalog = true
            documentFolder = Array(components[(end + 1)...])
        } else {
            root = folder.isEmpty ? "" : prefix + components.joined(separator: "/")
            isCatalog = false
            documentFolder = []
        }
    }

    /// The catalog (or folder) as messages name it: its last component, the same however it was reached.
    public var rootName: String { Self.components(root).last ?? "." }

    /// Resolves a `file:` or `previousFile:` value.
    public mutating func resolve(_ reference: String) -> Resolution {
        let name = String(Substring(reference).trimmingWhitespace())
        guard !name.isEmpty else { return .missing(searchedAll: true) }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .refused(.controlCharacter)
        }
        if name.hasPrefix("/") { return .refused(.absolutePath) }
        if let hidden = Self.hiddenComponent(Self.components(name)) { return .refused(.hidden(hidden)) }
        guard let beside = Self.appending(name, to: documentFolder),
            let inResources = Self.appending(name, to: documentFolder + ["Resources"])
        else { return .refused(.leavesCatalog) }

        var directory: String?
        // A place the provider may not read is passed over (an open buffer elsewhere may still answer),
        // and named only when nothing was found.
        var unreachable = false
        for candidate in [beside, inResources] {
            switch check(candidate) {
            case .some(.directory(let found)): directory = directory ?? found
            case .some(.refused(.outsideReadableFolders)): unreachable = true
            case .some(let resolution): return resolution
            case nil: continue
            }
        }
        var searchedAll = true
        let nameComponents = Self.components(name).filter { $0 != "." }
        if isCatalog, !nameComponents.contains("..") {
            if index == nil { index = CatalogIndex(root: root, provider: provider) }
            let matches = index!.files(endingWith: nameComponents)
            searchedAll = index!.complete
            for (position, match) in matches.enumerated() {
                switch check(match) {
                case .some(.found(let resource, _)):
                    var others = matches.map { $0.joined(separator: "/") }
                    others.remove(at: position)
                    return .found(resource, others: others)
                case .some(.directory), nil: continue
                case .some(.refused(.outsideReadableFolders)): unreachable = true
                case .some(let resolution): return resolution
                }
            }
            if directory == nil, case .some(.directory(let found)) = check(nameComponents) { directory = found }
        }
        if let directory { return .directory(directory) }
        return unreachable ? .refused(.outsideReadableFolders) : .missing(searchedAll: searchedAll)
    }

    /// What the path `components` below the root holds; nil when nothing.
    private func check(_ components: [String]) -> Resolution? {
        let nameInCatalog = components.joined(separator: "/")
        let lexical = Self.join(root, nameInCatalog)
        // Asked before resolving, so what lies outside the provider's reach is not even looked at.
        guard provider.mayRead(lexical) else { return .refused(.outsideReadableFolders) }
        guard let resolved = provider.resolvedPath(lexical) else { return nil }
        guard FileTreeWalk.isInside(resolved, root) else { return .refused(.linkLeavesCatalog(nameInCatalog)) }
        guard provider.mayRead(resolved) else { return .refused(.outsideReadableFolders) }
        // A link with an ordinary name may lead to a hidden file (`a.swift` -> `.git/config`).
        let below = resolved == root ? [] : Self.components(String(resolved.dropFirst(root.count)))
        if let hidden = Self.hiddenComponent(below) { return .refused(.hidden(hidden)) }
        switch provider.item(atResolved: resolved, byteLimit: InputLimits.maximumDocumentBytes) {
        case .missing: return nil
        case .directory: return .directory(nameInCatalog)
        case .notRegular: return .unreadable(nameInCatalog, reason: "is not a regular file")
        case .tooLarge(let count):
            return .unreadable(nameInCatalog, reason: InputLimits.tooLargeMessage(byteCount: count))
        case .file(let bytes):
            switch UTF8Text.decode(bytes) {
            case .failure(let problem): return .unreadable(nameInCatalog, reason: problem.reason)
            case .success(let text):
                let resource = Resource(
                    path: displayPath(of: components), resolvedPath: resolved, nameInCatalog: nameInCatalog,
                    text: text)
                return .found(resource, others: [])
            }
        }
    }

    /// `components` below the root, as a path in the form the document's path was typed: the typed
    /// path of the root (the typed folder less the tutorial's folders inside the catalog), then the
    /// name in the catalog. When links in the typed path hide where the root is, the way from the
    /// tutorial's folder (`../Code/a.swift`) follows the typed folder instead.
    private func displayPath(of components: [String]) -> String {
        let nameInCatalog = components.joined(separator: "/")
        if documentFolder.isEmpty { return Self.join(typedFolder, nameInCatalog) }
        let typed = typedFolder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if typed.count >= documentFolder.count, Array(typed.suffix(documentFolder.count)) == documentFolder {
            let typedRoot = typed.dropLast(documentFolder.count).joined(separator: "/")
            return Self.join(typedRoot.isEmpty && typedFolder.hasPrefix("/") ? "/" : typedRoot, nameInCatalog)
        }
        var shared = 0
        while shared < documentFolder.count, shared < components.count - 1, documentFolder[shared] == components[shared]
        {
            shared += 1
        }
        let way = Array(repeating: "..", count: documentFolder.count - shared) + components[shared...]
        return Self.join(typedFolder, way.joined(separator: "/"))
    }

    // MARK: Writing

    /// Where an edit of `resource` (the `path` and `resolvedPath` a resolution gave) may be written now:
    /// the path is resolved again, and must still lead to the same regular file inside the root. A
    /// resource replaced by a link since it was read, or a link moved to point elsewhere, is refused.
    public func writeTarget(path: String, resolvedAtRead: String?) -> Result<String, WriteRefusal> {
        guard let now = provider.resolvedPath(path) else {
            return .failure(WriteRefusal(description: "\(path): no longer exists; not fixed"))
        }
        guard FileTreeWalk.isInside(now, root), now != root else {
            return .failure(WriteRefusal(description: "\(path): leads outside \(rootName) (to \(now)); not fixed"))
        }
        if let resolvedAtRead, resolvedAtRead != now {
            return .failure(
                WriteRefusal(description: "\(path): was replaced by a link since it was read; not fixed"))
        }
        guard case .file = provider.item(atResolved: now, byteLimit: InputLimits.maximumDocumentBytes) else {
            return .failure(WriteRefusal(description: "\(path): is no longer a regular text file; not fixed"))
        }
        return .success(now)
    }

    public struct WriteRefusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    // MARK: Paths

    /// The components of `name` appended to `base` with `.` and `..` applied; nil when `..` climbs
    /// above `base`'s root.
    static func appending(_ name: String, to base: [String]) -> [String]? {
        var result = base
        for component in components(name) {
            switch component {
            case ".": continue
            case "..":
                guard !result.isEmpty else { return nil }
                result.removeLast()
            default: result.append(component)
            }
        }
        return result
    }

    /// The first component starting with `.` that is not `.` or `..` (`.git`, `.env`), nil when none.
    static func hiddenComponent(_ components: [String]) -> String? {
        components.first { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func splitFolder(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `a/./b/../c` as `a/c`; leading `..` kept (nothing to resolve them against).
    static func lexicallyNormalized(_ path: String) -> String {
        var result: [String] = []
        for component in components(path) {
            if component == "." { continue }
            if component == "..", let last = result.last, last != ".." {
                result.removeLast()
            } else {
                result.append(component)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + result.joined(separator: "/")
    }
}

/// The files of a catalog by file name, from one bounded walk.
private struct CatalogIndex: Sendable {
    /// Paths below the root as components, by last component, in walk order.
    private var byName: [String: [[String]]] = [:]
    /// The same by last component without its extension: DocC's asset index finds `file: intro-1` as
    /// `intro-1.swift`.
    private var byStem: [String: [[String]]] = [:]
    let complete: Bool

    init(root: String, provider: any ResourceProvider) {
        let listing = provider.files(under: root, limit: InputLimits.maximumWalkedEntries)
        complete = listing.complete
        let prefixCount = CatalogResources.components(root).count
        // Links leading out are indexed too, so their name gets "points outside", not "not found".
        for path in listing.files + listing.linksLeavingTree {
            let components = Array(CatalogResources.components(path).dropFirst(prefixCount))
            guard let last = components.last else { continue }
            byName[last, default: []].append(components)
            if let dot = last.lastIndex(of: "."), dot != last.startIndex {
                byStem[String(last[..<dot]), default: []].append(components)
            }
        }
    }

    /// The files whose path below the root ends with `name`'s components (a bare file name matches
    /// that file name anywhere); for a name without an extension that no file has, the files with that
    /// name and any extension.
    func files(endingWith name: [String]) -> [[String]] {
        guard let last = name.last else { return [] }
        let exact = (byName[last] ?? []).filter { $0.count >= name.count && Array($0.suffix(name.count)) == name }
        guard exact.isEmpty, !last.containsText(".") else { return exact }
        let folders = name.dropLast()
        return (byStem[last] ?? []).filter {
            $0.count >= name.count && Array($0.dropLast().suffix(folders.count)) == Array(folders)
        }
    }
}
