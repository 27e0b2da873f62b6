import Foundation

extension FileSystemResources {
    /// Regular files under `directory`, sorted, visiting each real directory once (symlink loops end).
    public static func regularFiles(under directory: String) -> [String] {
        var result: [String] = []
        var visited = Set<String>()
        func walk(_ path: String) {
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard visited.insert(real).inserted,
                let entries = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let child = path.hasSuffix("/") ? path + entry : path + "/" + entry
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue { walk(child) } else { result.append(child) }
            }
        }
        walk(directory)
        return result
    }
}
