#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex with a condition variable, in place of Foundation's `NSLock` and `NSCondition`: those
/// are the same pthread calls, but living in libFoundation.so they made every start of the CLI load it
/// (and ICU behind it). Not recursive, like `NSLock`.
@usableFromInline package final class PlatformLock: @unchecked Sendable {
    // Heap-allocated: a pthread mutex must not move, and a stored property of a class may.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    @usableFromInline package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    @usableFromInline package func lock() { pthread_mutex_lock(mutex) }
    @usableFromInline package func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for `signal`/`broadcast`, the lock held (released while waiting), as `NSCondition.wait()`.
    package func wait() { pthread_cond_wait(condition, mutex) }
    package func signal() { pthread_cond_signal(condition) }
    package func broadcast() { pthread_cond_broadcast(condition) }
}
