#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the lock of RestKit's shared state (the request queue, the
/// object manager's configuration, the transport's first error, the store's registrations).
///
/// It replaces `Synchronization.Mutex`, whose Linux implementation ThreadSanitizer cannot follow:
/// when the lock is contended, `_lockSlow` and `_unlockSlow` (in the uninstrumented
/// libswiftSynchronization) hand the lock over through a futex in the kernel, so
/// ThreadSanitizer sees no order between two holders and reports a race on every value the
/// lock guards (Swift 6.3.1; `make sanitize` reported one in `RequestQueue`, and a two-line
/// program of threads incrementing a dictionary under a `Mutex` reports one too).
/// ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`.
///
/// ```swift
/// let counts = LockedValue([String: Int]())
/// counts.withLock { $0["a", default: 0] += 1 }
/// ```
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // With default attributes pthread_mutex_init only sets fields (glibc and musl always
        // return 0); no input reaches it, so its status is not checked.
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` must not call `withLock` on
    /// the same instance (the mutex is not recursive).
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
