import Dispatch
import Synchronization
import Testing
import RestKitHTTP

@Suite("The request queue: concurrency limit and cancellation against a live server")
struct RequestQueueTests {
    /// A manager mapping `{"count": n}` from the queue server's routes.
    static func manager(_ baseURL: String, limit: Int) -> ObjectManager {
        let manager = ObjectManager(baseURL: baseURL, maximumConcurrentRequests: limit)
        manager.configure { config in
            for pattern in ["/work/:n", "/hold/:id", "/other/:id"] {
                config.responseDescriptors.append(ResponseDescriptor(mapping: Mappings.meta, method: .get, pathPattern: PathPattern(pattern)))
            }
        }
        return manager
    }

    /// Waits until `condition` holds (at most 30 s: the suite runs beside every other test on a
    /// loaded machine); the test fails if it never does.
    static func eventually(_ what: Comment, _ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(condition(), what)
    }

    /// A task getting `path`, its outcome as a `Result`.
    static func start(_ manager: ObjectManager, _ path: String) -> Task<Result<Int, ObjectManagerError>, Never> {
        Task {
            do throws(ObjectManagerError) {
                return .success(try await manager.getObjects(at: path).objects(of: Meta.self).first?.count ?? -1)
            } catch {
                return .failure(error)
            }
        }
    }

    static func cancellation(of task: Task<Result<Int, ObjectManagerError>, Never>) async -> ObjectManagerError? {
        guard case .failure(let error) = await task.value else { return nil }
        return error
    }

    @Test func neverRunsMoreThanTheLimitAndCompletesEveryRequest() async throws {
        let gauge = Gauge()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: Gate(), fill: 3)) { baseURL in
            let manager = Self.manager(baseURL, limit: 3)
            #expect(manager.maximumConcurrentRequests == 3)
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for n in 1...12 {
                    group.addTask { try await manager.getObjects(at: "/work/\(n)").objects(of: Meta.self).first?.count ?? 0 }
                }
                var counts: [Int] = []
                for try await count in group { counts.append(count) }
                return counts
            }
            #expect(counts.sorted() == Array(1...12))
            #expect(gauge.total == 12)
            #expect(gauge.peak <= 3)
            #expect(gauge.peak == 3)  // the first three wait for one another (`fill`)
            #expect(manager.requestQueue.runningCount == 0)
            #expect(manager.requestQueue.waitingCount == 0)
        }
    }

    @Test func defaultLimitIsFiveAndRaisingItStartsWaitingRequests() async throws {
        let gauge = Gauge()
        let gate = Gate()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: gate)) { baseURL in
            #expect(ObjectManager(baseURL: baseURL).maximumConcurrentRequests == 5)
            let manager = Self.manager(baseURL, limit: 1)
            let tasks = (1...3).map { Self.start(manager, "/hold/\($0)") }
            await Self.eventually("one runs, two wait") {
                manager.requestQueue.runningCount == 1 && manager.requestQueue.waitingCount == 2 && gauge.current == 1
            }
            manager.maximumConcurrentRequests = 3
            await Self.eventually("all three reach the server") { gauge.current == 3 }
            #expect(manager.requestQueue.waitingCount == 0)
            manager.maximumConcurrentRequests = 0
            #expect(manager.maximumConcurrentRequests == 1)  // clamped
            gate.open()
            for task in tasks {
                let count = try await task.value.get()
                #expect(count == 1)
            }
        }
    }

    @Test func waitingRequestsStartInOrder() async throws {
        let gauge = Gauge()
        let gate = Gate()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: gate, delay: .milliseconds(20))) { baseURL in
            let manager = Self.manager(baseURL, limit: 1)
            let holder = Self.start(manager, "/hold/1")
            await Self.eventually("the holder runs") { gauge.current == 1 }
            let order = OrderLog()
            var tasks: [Task<Void, any Error>] = []
            for n in 1...5 {
                let waitingBefore = manager.requestQueue.waitingCount
                tasks.append(Task {
                    let count = try await manager.getObjects(at: "/work/\(n)").objects(of: Meta.self).first?.count ?? 0
                    order.append(count)
                })
                await Self.eventually("request \(n) waits") { manager.requestQueue.waitingCount == waitingBefore + 1 }
            }
            gate.open()
            _ = await holder.value
            for task in tasks { try await task.value }
            #expect(order.values == [1, 2, 3, 4, 5])
        }
    }

    @Test func cancelsRunningAndWaitingRequestsMatchingAPattern() async throws {
        let gauge = Gauge()
        let gate = Gate()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: gate)) { baseURL in
            let manager = Self.manager(baseURL, limit: 1)
            let running = Self.start(manager, "/hold/1")
            await Self.eventually("the first runs") { gauge.current == 1 }
            let waiting = Self.start(manager, "/hold/2")
            await Self.eventually("the second waits") { manager.requestQueue.waitingCount == 1 }
            let other = Self.start(manager, "/other/3")
            await Self.eventually("the third waits") { manager.requestQueue.waitingCount == 2 }

            #expect(manager.cancelRequests(matching: "/hold/:id", method: .post) == 0)  // wrong method
            #expect(manager.cancelRequests(matching: "/hold/:id", method: .get) == 2)

            let runningError = await Self.cancellation(of: running)
            #expect(runningError?.errorType == .cancelled)
            #expect(runningError?.reason.contains("cancelRequests(matching: GET /hold/:id)") == true)
            let waitingError = await Self.cancellation(of: waiting)
            #expect(waitingError?.errorType == .cancelled)
            #expect(waitingError?.reason.contains("GET /hold/2") == true)
            await Self.eventually("the other request starts") { gauge.current >= 1 && manager.requestQueue.waitingCount == 0 }
            gate.open()
            let otherCount = try await other.value.get()
            #expect(otherCount == 1)
            #expect(gauge.total == 2)  // /hold/2 never reached the server
        }
    }

    @Test func cancelAllRequests() async throws {
        let gauge = Gauge()
        let gate = Gate()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: gate)) { baseURL in
            let manager = Self.manager(baseURL, limit: 2)
            let tasks = ["/hold/1", "/other/2", "/hold/3", "/other/4"].map { Self.start(manager, $0) }
            await Self.eventually("two run, two wait") {
                gauge.current == 2 && manager.requestQueue.waitingCount == 2
            }
            #expect(manager.cancelAllRequests() == 4)
            for task in tasks {
                let error = await Self.cancellation(of: task)
                #expect(error?.errorType == .cancelled)
                #expect(error?.reason.contains("cancelAllRequests()") == true)
            }
            #expect(manager.requestQueue.runningCount == 0)
            #expect(manager.requestQueue.waitingCount == 0)
            #expect(manager.cancelAllRequests() == 0)
            gate.open()
            // The queue still works afterwards.
            let after = try await manager.getObjects(at: "/work/7").objects(of: Meta.self)
            #expect(after == [Meta(count: 7)])
        }
    }

    @Test func cancellingTheTaskOfAWaitingRequestTakesItOutOfTheQueue() async throws {
        let gauge = Gauge()
        let gate = Gate()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: gate)) { baseURL in
            let manager = Self.manager(baseURL, limit: 1)
            let running = Self.start(manager, "/hold/1")
            await Self.eventually("the first runs") { gauge.current == 1 }
            let waiting = Self.start(manager, "/hold/2")
            await Self.eventually("the second waits") { manager.requestQueue.waitingCount == 1 }
            waiting.cancel()
            let error = await Self.cancellation(of: waiting)
            #expect(error?.errorType == .cancelled)
            #expect(error?.reason.contains("while waiting in the request queue") == true)
            #expect(manager.requestQueue.waitingCount == 0)
            #expect(manager.requestQueue.runningCount == 1)

            running.cancel()  // a running request: AsyncHTTPClient's request is cancelled
            let runningError = await Self.cancellation(of: running)
            #expect(runningError?.errorType == .cancelled)
            #expect(manager.requestQueue.runningCount == 0)
            #expect(gauge.total == 1)
            gate.open()
        }
    }

    @Test func aRequestCancelledRightAfterItLeavesTheQueueIsStillCancelled() async throws {
        let gauge = Gauge()
        let gate = Gate()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: gate)) { baseURL in
            for round in 1...20 {
                let manager = Self.manager(baseURL, limit: 1)
                let holder = Self.start(manager, "/other/\(round)")
                await Self.eventually("the holder runs") { manager.requestQueue.runningCount == 1 }
                let waiting = Self.start(manager, "/hold/\(round)")
                await Self.eventually("the second waits") { manager.requestQueue.waitingCount == 1 }
                // Admitted (dequeued) and cancelled in the same breath: its task has not
                // started its request yet, or has only just; either way it must fail.
                manager.maximumConcurrentRequests = 2
                #expect(manager.cancelRequests(matching: "/hold/:id") == 1)
                let error = await Self.cancellation(of: waiting)
                #expect(error?.errorType == .cancelled, "round \(round)")
                #expect(manager.cancelRequests(matching: "/other/:id") == 1)
                _ = await holder.value
                #expect(manager.requestQueue.runningCount == 0)
            }
            gate.open()
        }
    }

    @Test func aTaskCancelledBeforeItsRequestNeverSendsIt() async throws {
        let gauge = Gauge()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: Gate())) { baseURL in
            let manager = Self.manager(baseURL, limit: 1)
            let task = Task { () async -> ObjectManagerError? in
                try? await Task.sleep(for: .seconds(10))  // cancelled at once
                do throws(ObjectManagerError) {
                    _ = try await manager.getObjects(at: "/work/1")
                    return nil
                } catch {
                    return error
                }
            }
            task.cancel()
            let error = await task.value
            #expect(error?.errorType == .cancelled)
            #expect(gauge.total == 0)
        }
    }

    @Test func manyCancellationsRacingWithCompletionsLeaveTheQueueEmpty() async throws {
        let gauge = Gauge()
        try await GistServer.run(router: QueueServer.makeRouter(gauge: gauge, gate: Gate(), delay: .milliseconds(2))) { baseURL in
            let manager = Self.manager(baseURL, limit: 2)
            let tasks = (1...40).map { Self.start(manager, "/work/\($0)") }
            for (index, task) in tasks.enumerated() where index % 3 == 0 { task.cancel() }
            manager.cancelRequests(matching: "/work/:n")  // whatever is in the queue now
            for task in tasks {
                switch await task.value {
                case .success(let count): #expect((1...40).contains(count))
                case .failure(let error): #expect(error.errorType == .cancelled)
                }
            }
            #expect(manager.requestQueue.runningCount == 0)
            #expect(manager.requestQueue.waitingCount == 0)
            #expect(gauge.peak <= 2)
        }
    }

    /// The queue's lock taken by several threads at once, without a server. Under `make
    /// sanitize` this is the regression test for that lock: with `Synchronization.Mutex`,
    /// ThreadSanitizer reported a race on the queue's state here (it cannot follow Mutex's
    /// contended hand-over on Linux; see `LockedValue`).
    @Test func itsStateIsSharedByManyThreadsAtOnce() {
        let queue = RequestQueue(maximumConcurrentRequests: 1)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<5_000 {
                queue.maximumConcurrentRequests = 1 + (thread + round) % 7
                #expect(queue.runningCount + queue.waitingCount == 0)
                if round % 250 == 0 { #expect(queue.cancelAllRequests() == 0) }
            }
        }
        #expect((1...7).contains(queue.maximumConcurrentRequests))
    }
}

/// The order in which tasks finished.
final class OrderLog: Sendable {
    private let log = Mutex<[Int]>([])
    func append(_ value: Int) { log.withLock { $0.append(value) } }
    var values: [Int] { log.withLock { $0 } }
}
