/// NSString's path arithmetic (`lastPathComponent`, `deletingLastPathComponent`, `pathExtension`) on
/// Linux, without Foundation (FoundationEssentials has no NSString, and `URL`'s versions differ: `URL`
/// resolves `..`, keeps no empty path). Paths are walked by Character as Foundation walks them, so a
/// slash carrying a combining mark is no separator; FoundationTextTests holds these against NSString.
package enum PathText {
    /// The last component: `"/a/b/"` → `"b"`, `"/"` → `"/"`, `""` → `""`.
    package static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// The path without its last component: `"/a/b"` → `"/a"`, `"/a"` → `"/"`, `"a"` → `""`.
    package static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// The extension of the last component, without its dot; `""` when there is none (`".profile"`,
    /// `".."`, `"a."` has the empty extension).
    package static func pathExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return "" }
        let componentStart = startOfLastComponent(fixed)
        var position = fixed.endIndex
        while position > componentStart {
            let previous = fixed.index(before: position)
            if fixed[previous] == "/" { return "" }
            if fixed[previous] == "." {
                // A leading dot starts a hidden name, and `..` is the parent, neither an extension.
                if previous == componentStart { return "" }
                if previous == fixed.index(before: fixed.endIndex), fixed.index(before: previous) == componentStart,
                    fixed[fixed.index(before: previous)] == "."
                {
                    return ""
                }
                return String(fixed[position...])
            }
            position = previous
        }
        return ""
    }

    /// Runs of slashes made one, and a trailing slash dropped (`"/"` alone stays; `"//"` becomes `""`).
    /// As Foundation does it: in place, going on after a collapsed run from where the run ended in the
    /// path as it was, so as many characters as were removed go unexamined (`"a//////b//c"` keeps its
    /// second run). Walked in UTF-8 bytes, which is Foundation's walk for every path whose slashes carry
    /// no combining mark (Foundation traps on some others).
    package static func fixingSlashes(_ path: String) -> String {
        if path == "/" { return path }
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        var position = 0
        while position < bytes.count {
            guard bytes[position] == slash else {
                position += 1
                continue
            }
            var after = position
            while after < bytes.count, bytes[after] == slash { after += 1 }
            if after != position + 1 { bytes.replaceSubrange(position..<after, with: [slash]) }
            position = after
        }
        if bytes.last == slash { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func startOfLastComponent(_ path: String) -> String.Index {
        var position = path.endIndex
        while position > path.startIndex {
            let previous = path.index(before: position)
            if path[previous] == "/" { break }
            position = previous
        }
        return position
    }
}
