import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that readers see the old text or the new one, never half of each: a temporary file
/// in the same folder, flushed, then renamed over the original (keeping its permissions).
public enum AtomicWrite {
    public static func write(_ text: String, to path: String) throws(FixError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary =
            (directory.isEmpty ? "." : directory)
            + "/.\(name).tutorial-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else {
            throw FixError("\(path): cannot create a temporary file (\(String(cString: strerror(errno))))")
        }
        var failure = writeAll(text, to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FixError("\(path): not written (\(failure)); the file is unchanged")
        }
    }
}

extension AtomicWrite {
    /// Creates a new file with the text; an existing file (or link, or anything else at the path) is
    /// left as it is and is an error (`tutorial-check init` without `--force`).
    public static func create(_ text: String, at path: String) throws(FixError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "exists" : "cannot be created: " + String(cString: strerror(errno))
            throw FixError("\(path): \(reason)")
        }
        let failure = writeAll(text, to: descriptor)
        close(descriptor)
        if let failure {
            unlink(path)
            throw FixError("\(path): not written (\(failure))")
        }
    }
}

/// Writes the whole text to an open file; nil, or why it could not.
func writeAll(_ text: String, to descriptor: Int32) -> String? {
    var failure: String?
    Array(text.utf8).withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
    }
    return failure
}

/// `write(2)`, named apart from `AtomicWrite.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
    #else
        return Darwin.write(descriptor, buffer, count)
    #endif
}
