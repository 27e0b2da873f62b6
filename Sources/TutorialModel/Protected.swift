#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value behind a lock: the one lock wrapper of the project (the server's state, the facts cache,
/// results written by parallel workers). The server keeps its shared state in these rather than in
/// actors so message order is decided by the reader loop alone, never by the scheduling of tasks.
public final class Protected<Value>: @unchecked Sendable {
    @usableFromInline let lock = PlatformLock()
    @usableFromInline var value: Value

    public init(_ value: Value) { self.value = value }

    @inlinable @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
