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
import TutorialModel

/// Writes files so that readers see the old texts or the new ones, never half of each, across files:
/// every new text is first *staged* in a temporary file in its file's folder (written, flushed, given
/// the file's mode and, when running as root, its owner), and only when every file is staged are the
/// temporaries renamed over the files. A write or stage that fails renames nothing and removes the
/// temporaries staged so far. A rename that fails after others (which a same-folder rename does only
/// when the folder changes under it) puts the files already replaced back to their old text.
public enum AtomicWrite {
    /// A new text waiting in its temporary file.
    public struct Staged: Sendable {
        public let temporary: String
        public let target: String
        /// The text to put back if a later rename of the same commit fails.
        let previousText: String?
    }

    /// One file, staged and committed.
    public static func write(_ text: String, to path: String) throws(FixError) {
        try commit([stage(text, for: path)])
    }

    /// Writes `text` to a temporary file beside `path`, with `path`'s mode (and owner, as root).
    public static func stage(_ text: String, for path: String, previousText: String? = nil) throws(FixError)
        -> Staged
    {
        let directory = PathText.deletingLastComponent(path)
        // A short name: the file's own name may already be as long as the file system allows.
        let temporary =
            (directory.isEmpty ? "." : directory)
            + "/.tutorial-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        var info = stat()
        let exists = stat(path, &info) == 0
        let mode: mode_t = exists ? info.st_mode & 0o7777 : 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw FixError("\(path): cannot create a temporary file (\(String(cString: strerror(errno))))")
        }
        var failure = writeAll(text, to: descriptor)
        // The mode is set explicitly: `open`'s mode passes through the umask (664 would become 644).
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil, exists, geteuid() == 0, fchown(descriptor, info.st_uid, info.st_gid) != 0 {
            failure = String(cString: strerror(errno))
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw FixError("\(path): not written (\(failure)); no file was changed")
        }
        return Staged(temporary: temporary, target: path, previousText: previousText)
    }

    /// Renames every staged file over its target, in order.
    public static func commit(_ staged: [Staged]) throws(FixError) {
        for (index, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
            let reason = String(cString: strerror(errno))
            discard(Array(staged[index...]))
            var restored = true
            for done in staged[..<index].reversed() {
                guard let previous = done.previousText else {
                    restored = false
                    continue
                }
                do { try commit([stage(previous, for: done.target)]) } catch { restored = false }
            }
            let others = restored ? "no file was changed" : "files renamed before it may hold the new text"
            throw FixError("\(file.target): not written (\(reason)); \(others)")
        }
    }

    /// Removes staged temporaries that will not be renamed.
    public static func discard(_ staged: [Staged]) {
        for file in staged { unlink(file.temporary) }
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
