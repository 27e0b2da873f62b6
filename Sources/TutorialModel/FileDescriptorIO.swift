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

/// Reading and writing whole buffers through a file descriptor, as `FileHandle` did (FoundationEssentials
/// has no `FileHandle`): interrupted calls are retried, short writes continued.
package enum FileDescriptorIO {
    /// Up to `count` bytes, fewer at the end of the file (`FileHandle.read(upToCount:)`, with an empty
    /// result for its nil); nil when reading fails.
    package static func read(_ descriptor: Int32, upToCount count: Int) -> Data? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, count - filled)
            }
            if read < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if read == 0 { break }
            filled += read
        }
        return Data(bytes[..<filled])
    }

    /// Everything to the end of the file (`FileHandle.readToEnd()`); nil when reading fails and, as there,
    /// for an empty file.
    package static func readToEnd(_ descriptor: Int32) -> Data? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let read = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if read < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if read == 0 { break }
            data.append(contentsOf: chunk[..<read])
        }
        return data.isEmpty ? nil : data
    }

    /// Writes all of `bytes`; false when the descriptor refuses them (a closed pipe, a full disk).
    @discardableResult
    package static func write(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let contiguous = Array(bytes)
        var written = 0
        while written < contiguous.count {
            let result = contiguous.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, contiguous.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += result
        }
        return true
    }
}

// At file scope, where `read` and `write` are the C library's, not the methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
