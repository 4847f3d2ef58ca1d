import Hummingbird
import Synchronization

/// How many requests a server handles at once, and the most it ever handled at once.
final class Gauge: Sendable {
    private struct Counts {
        var current = 0
        var peak = 0
        var total = 0
    }
    private let counts = Mutex(Counts())

    func enter() {
        counts.withLock { counts in
            counts.current += 1
            counts.total += 1
            counts.peak = max(counts.peak, counts.current)
        }
    }

    func leave() {
        counts.withLock { $0.current -= 1 }
    }

    var current: Int { counts.withLock { $0.current } }
    var peak: Int { counts.withLock { $0.peak } }
    var total: Int { counts.withLock { $0.total } }
}

/// A flag handlers wait on, so held requests end when the test is done.
final class Gate: Sendable {
    private let isOpenFlag = Atomic(false)

    func open() { isOpenFlag.store(true, ordering: .releasing) }
    var isOpen: Bool { isOpenFlag.load(ordering: .acquiring) }

    /// Waits until the gate opens (at most `limit`).
    func wait(limit: Duration = .seconds(10)) async {
        let deadline = ContinuousClock.now + limit
        while !isOpen, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Routes for the request queue tests.
enum QueueServer {
    /// `/work/:n`: counted by `gauge`, takes `delay`, answers `{"count": n}`; with `fill`, each
    /// request first waits (up to five seconds) until `fill` requests have been in at once, so
    /// that on a loaded machine the slots still fill.
    /// `/hold/:id` and `/other/:id`: counted, wait for `gate`, answer `{"count": 1}`.
    static func makeRouter(
        gauge: Gauge, gate: Gate, delay: Duration = .milliseconds(100), fill: Int? = nil
    ) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/work/:n") { _, context in
            gauge.enter()
            defer { gauge.leave() }
            if let fill {
                let deadline = ContinuousClock.now + .seconds(5)
                while gauge.peak < fill, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
            }
            try? await Task.sleep(for: delay)
            let n = context.parameters.get("n") ?? "0"
            return GistServer.respond(.ok, #"{"count": \#(n)}"#)
        }
        for prefix in ["hold", "other"] {
            router.get("/\(prefix)/:id") { _, _ in
                gauge.enter()
                defer { gauge.leave() }
                await gate.wait()
                return GistServer.respond(.ok, #"{"count": 1}"#)
            }
        }
        return router
    }
}
