/// Milliseconds since `start`, rounded to one decimal: the duration log entries carry (the
/// object manager's, the stores', `rk -v`'s).
///
/// ```swift
/// let start = ContinuousClock.now
/// try await work()
/// logger.debug("done", metadata: ["rk.duration_ms": "\(elapsedMilliseconds(since: start))"])
/// ```
package func elapsedMilliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = (ContinuousClock.now - start).components
    let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
    return (milliseconds * 10).rounded() / 10
}
