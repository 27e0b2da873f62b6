#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file system primitives behind `FileSystemResources` and the CLI's directory walk: real paths,
/// what lies at a path, and a bounded walk that never leaves the directory it starts in.
///
/// A tutorial repository is untrusted input (a pull request can add any symbolic link), so a walk
/// follows a link only when its target lies inside the walked directory, visits each real directory
/// once (loops end), and stops after a fixed number of entries.
public enum FileTreeWalk {
    /// The files a walk found, in walk order: sorted by name within each directory, a directory's
    /// content where the directory sorts. `complete` is false when the entry limit cut the walk short.
    public struct Listing: Sendable, Equatable {
        public var files: [String]
        public var complete: Bool
        /// Links under the directory whose target lies outside it (not followed, not listed).
        public var linksLeavingTree: [String] = []

        public init(files: [String], complete: Bool, linksLeavingTree: [String] = []) {
            self.files = files
            self.complete = complete
            self.linksLeavingTree = linksLeavingTree
        }
    }

    /// The absolute path with every link, `.` and `..` resolved; nil when nothing lies there (a
    /// dangling link included).
    public static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `directory` or lies under it (both resolved).
    public static func isInside(_ path: String, _ directory: String) -> Bool {
        if path == directory { return true }
        return path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// What lies at `path`, never following a link in its last component (resolved paths have none,
    /// unless one appeared since: then it is not read) and never blocking on a FIFO.
    public static func item(at path: String, byteLimit: Int) -> ResourceItem {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: break
        default: return .notRegular
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .missing }
        defer { close(descriptor) }
        // The open file, not the name, is what gets read: checked again after opening.
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .notRegular }
        let size = Int(info.st_size)
        if size > byteLimit { return .tooLarge(byteCount: size) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= byteLimit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        // A file that grew past the limit while being read.
        if bytes.count > byteLimit { return .tooLarge(byteCount: bytes.count) }
        return .file(bytes)
    }

    /// Regular files under `directory`, hidden entries (`.name`) skipped. Paths are `directory` joined
    /// with the names walked (links keep their own name); a link is followed only when its target lies
    /// inside the real `directory`, and each real directory is walked once, so symbolic-link loops end.
    /// At most `limit` entries (files and directories) are visited.
    public static func regularFiles(under directory: String, limit: Int = InputLimits.maximumWalkedEntries) -> Listing {
        var listing = Listing(files: [], complete: true)
        guard let root = realPath(directory) else { return listing }
        var visited: Set<String> = [root]
        var budget = limit
        // Depth-first without recursion: one frame per open directory (deep trees cost no stack).
        var stack: [(path: String, real: String, entries: [Entry], next: Int)] = []
        if let entries = entries(of: root) {
            stack.append((directory, root, entries, 0))
        }
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].entries.count else {
                stack.removeLast()
                continue
            }
            let entry = stack[top].entries[stack[top].next]
            stack[top].next += 1
            guard budget > 0 else {
                listing.complete = false
                break
            }
            budget -= 1
            let parent = stack[top].path
            let path = parent.hasSuffix("/") ? parent + entry.name : parent + "/" + entry.name
            let lexicalReal = stack[top].real + "/" + entry.name
            var kind = entry.kind
            var real = lexicalReal
            if kind == .link || kind == .unknown {
                guard let target = realPath(lexicalReal) else { continue }
                guard isInside(target, root) else {
                    listing.linksLeavingTree.append(path)
                    continue
                }
                real = target
                var info = stat()
                guard stat(target, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: kind = .directory
                case S_IFREG: kind = .file
                default: kind = .other
                }
            }
            switch kind {
            case .directory:
                guard visited.insert(real).inserted, let children = entries(of: real) else { continue }
                stack.append((path, real, children, 0))
            case .file:
                listing.files.append(path)
            case .link, .unknown, .other:
                continue
            }
        }
        return listing
    }

    private enum Kind { case file, directory, link, unknown, other }
    private struct Entry {
        let name: String
        let kind: Kind
    }

    /// The visible entries of a directory, sorted by name.
    private static func entries(of directory: String) -> [Entry]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var result: [Entry] = []
        // The name is read through its address, up to its terminating zero: glibc packs the entries, so
        // the last one's name can end before the 256 bytes `d_name` declares, and copying the whole field
        // read past the buffer (AddressSanitizer: heap-buffer-overflow).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let pointer = readdir(handle) {
            let name = String(cString: UnsafeRawPointer(pointer).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard !name.hasPrefix(".") else { continue }
            let kind: Kind
            switch Int32(pointer.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .link
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            result.append(Entry(name: name, kind: kind))
        }
        return result.sorted { $0.name < $1.name }
    }
}
