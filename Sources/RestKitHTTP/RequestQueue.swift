import DequeModule
import Logging
import RestKitCore

/// The requests of one ``ObjectManager``: at most ``maximumConcurrentRequests`` run at once,
/// the others wait in first-in, first-out order.
///
/// Every request of the manager goes through its queue. A request can be cancelled by the
/// Swift task that awaits it, by ``cancelRequests(matching:method:)`` or by
/// ``cancelAllRequests()``, whether it is waiting (it leaves the queue) or running (its
/// transport request is cancelled); each way fails it with ``ObjectManagerError`` of type
/// `.cancelled`.
///
/// ```swift
/// let manager = ObjectManager(baseURL: "https://api.example.com")
/// manager.requestQueue.maximumConcurrentRequests = 2
/// async let a = manager.getObjects(at: "/articles/1")
/// async let b = manager.getObjects(at: "/articles/2")
/// async let c = manager.getObjects(at: "/articles/3")   // waits until a or b is done
/// manager.requestQueue.waitingCount                     // 1 (while a and b run)
/// manager.cancelRequests(matching: "/articles/:id")      // a, b and c fail with .cancelled
/// ```
public final class RequestQueue: Sendable {
    /// A request known to the queue.
    private struct Entry {
        let method: RequestMethod
        let path: String
        /// Why it was cancelled, once it was.
        var cancellation: String?
        /// Cancels the running operation (`nil` until it starts).
        var cancel: (@Sendable () -> Void)?
    }

    /// A waiting request and the continuation that admits it.
    private struct Waiter {
        let id: UInt64
        let entry: Entry
        let continuation: UnsafeContinuation<Admission, Never>
    }

    /// How a wait ended.
    private enum Admission {
        case admitted
        case cancelled(String)
    }

    private struct State {
        var limit: Int
        var nextID: UInt64 = 0
        var running: [UInt64: Entry] = [:]
        var waiting: Deque<Waiter> = []

        /// Moves waiters into free slots; returns the continuations to resume (outside the lock).
        mutating func admitWaiters() -> [UnsafeContinuation<Admission, Never>] {
            var admitted: [UnsafeContinuation<Admission, Never>] = []
            while running.count < limit, let waiter = waiting.popFirst() {
                running[waiter.id] = waiter.entry
                admitted.append(waiter.continuation)
            }
            return admitted
        }
    }

    private let state: LockedValue<State>

    /// A queue running at most `maximumConcurrentRequests` requests at once (at least 1).
    ///
    /// ```swift
    /// let queue = RequestQueue(maximumConcurrentRequests: 3)
    /// ```
    public init(maximumConcurrentRequests: Int = 5) {
        state = LockedValue(State(limit: Swift.max(maximumConcurrentRequests, 1)))
    }

    /// How many requests may run at once (default 5; values below 1 count as 1). Raising it
    /// starts waiting requests at once; lowering it lets running requests finish.
    ///
    /// ```swift
    /// manager.requestQueue.maximumConcurrentRequests = 10
    /// ```
    public var maximumConcurrentRequests: Int {
        get { state.withLock { $0.limit } }
        set {
            let admitted = state.withLock { state in
                state.limit = Swift.max(newValue, 1)
                return state.admitWaiters()
            }
            for continuation in admitted { continuation.resume(returning: .admitted) }
        }
    }

    /// How many requests are running (admitted and not yet finished).
    ///
    /// ```swift
    /// print(manager.requestQueue.runningCount, "running,", manager.requestQueue.waitingCount, "waiting")
    /// ```
    public var runningCount: Int {
        state.withLock { $0.running.count }
    }

    /// How many requests wait for a free slot, in first-in, first-out order.
    ///
    /// ```swift
    /// if manager.requestQueue.waitingCount > 100 { manager.cancelAllRequests() }
    /// ```
    public var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Cancels every waiting and running request whose path (relative to the manager's base
    /// URL, without query string) matches `pattern` and, when given, whose method is `method`.
    /// Each fails with ``ObjectManagerError`` of type `.cancelled`.
    ///
    /// ```swift
    /// manager.requestQueue.cancelRequests(matching: "/articles/:id", method: .get)
    /// ```
    ///
    /// - Returns: how many requests were cancelled.
    @discardableResult
    public func cancelRequests(matching pattern: PathPattern, method: RequestMethod? = nil) -> Int {
        let scope = method.map { "\($0) " } ?? ""
        return cancel(reason: "cancelled by cancelRequests(matching: \(scope)\(pattern))") { entry in
            (method == nil || entry.method == method) && pattern.match(entry.path) != nil
        }
    }

    /// Cancels every waiting and running request.
    ///
    /// ```swift
    /// manager.requestQueue.cancelAllRequests()
    /// ```
    ///
    /// - Returns: how many requests were cancelled.
    @discardableResult
    public func cancelAllRequests() -> Int {
        cancel(reason: "cancelled by cancelAllRequests()") { _ in true }
    }

    // MARK: Running

    /// Runs `operation` once a slot is free, as a task that cancellation through the queue
    /// or of the calling task cancels.
    func run<Success: Sendable>(
        method: RequestMethod, path: String, logger: Logger = Logger.silent,
        _ operation: @escaping @Sendable () async throws(ObjectManagerError) -> Success
    ) async throws(ObjectManagerError) -> Success {
        let target = "\(method) \(path)"
        let entry = Entry(method: method, path: path)
        let id = state.withLock { state in
            state.nextID &+= 1
            return state.nextID
        }
        try await admit(id, entry, target: target, logger: logger)
        defer { finish(id) }

        // Starting and checking for a cancellation that arrived between admission and now
        // happen under one lock, so a cancellation is never lost.
        let started = state.withLock { state -> Result<Task<Success, any Error>, ObjectManagerError> in
            if let reason = state.running[id]?.cancellation {
                return .failure(ObjectManagerError(.cancelled, "\(target) was \(reason)"))
            }
            if Task.isCancelled {
                return .failure(ObjectManagerError(.cancelled, "\(target) was cancelled before it started"))
            }
            let task = Task { () async throws -> Success in try await operation() }
            state.running[id]?.cancel = { task.cancel() }
            return .success(task)
        }
        let task = try started.get()
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            let reason = state.withLock { $0.running[id]?.cancellation }
            if let reason {
                throw ObjectManagerError(.cancelled, "\(target) was \(reason)", underlying: error)
            }
            if let error = error as? ObjectManagerError { throw error }
            if Task.isCancelled || error is CancellationError {
                throw ObjectManagerError(.cancelled, "\(target) was cancelled", underlying: error)
            }
            throw ObjectManagerError(.transport, "\(target) failed: \(error)", underlying: error)
        }
    }

    /// Returns once `id` holds a slot; throws `.cancelled` when it is cancelled while waiting.
    private func admit(_ id: UInt64, _ entry: Entry, target: String, logger: Logger) async throws(ObjectManagerError) {
        let occupancy = state.withLock { state -> (running: Int, waiting: Int)? in
            guard state.waiting.isEmpty, state.running.count < state.limit else {
                return (state.running.count, state.waiting.count)
            }
            state.running[id] = entry
            return nil
        }
        guard let occupancy else { return }
        logger.trace(
            "waiting for a request slot",
            metadata: [
                RequestLogKey.method: "\(entry.method)", RequestLogKey.path: "\(entry.path)",
                "rk.queue.running": "\(occupancy.running)", "rk.queue.waiting": "\(occupancy.waiting)",
            ])
        let admission = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Admission, Never>) in
                // `Task.isCancelled` is read under the lock: a cancellation either happened
                // before (seen here) or its handler runs after the waiter is queued (and
                // finds it there).
                let outcome: Admission? = state.withLock { state in
                    if Task.isCancelled { return .cancelled("cancelled") }
                    state.waiting.append(Waiter(id: id, entry: entry, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            waiter?.continuation.resume(returning: .cancelled("cancelled"))
        }
        if case .cancelled(let reason) = admission {
            throw ObjectManagerError(.cancelled, "\(target) was \(reason) while waiting in the request queue")
        }
    }

    /// Frees the slot of `id` and admits the next waiters.
    private func finish(_ id: UInt64) {
        let admitted = state.withLock { state in
            state.running[id] = nil
            return state.admitWaiters()
        }
        for continuation in admitted { continuation.resume(returning: .admitted) }
    }

    /// Cancels the waiting and running requests `matches` selects.
    private func cancel(reason: String, where matches: (Entry) -> Bool) -> Int {
        let (waiters, cancels, count) = state.withLock { state in
            var waiters: [Waiter] = []
            var kept: Deque<Waiter> = []
            for waiter in state.waiting {
                if matches(waiter.entry) { waiters.append(waiter) } else { kept.append(waiter) }
            }
            state.waiting = kept
            var cancels: [@Sendable () -> Void] = []
            var count = waiters.count
            for (id, entry) in state.running where entry.cancellation == nil && matches(entry) {
                state.running[id]?.cancellation = reason
                if let cancel = entry.cancel { cancels.append(cancel) }
                count += 1
            }
            return (waiters, cancels, count)
        }
        for waiter in waiters { waiter.continuation.resume(returning: .cancelled(reason)) }
        for cancel in cancels { cancel() }
        return count
    }
}
