/// Times code with the monotonic `ContinuousClock`.
///
/// ```swift
/// let seconds = try Stopwatch.seconds { _ = try parser.parse(bytes) }
/// ```
enum Stopwatch {
    private static let clock = ContinuousClock()

    /// Wall-clock seconds taken by `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = clock.now
        try body()
        return (clock.now - start).seconds
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
