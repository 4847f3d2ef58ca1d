import Foundation

/// Runs `work`, which blocks (waiting for a child process, reading its pipes), on a GCD thread
/// and returns its result to the awaiting test.
///
/// Swift concurrency runs every test's tasks on a pool of as many threads as the machine has
/// cores (two here). A test that waits for a child process on one of them holds it for as long
/// as the child runs, and the other suites' tasks, in-process servers included, wait behind it:
/// under load a test once resumed 245 s late this way. GCD's global queue has threads of its own.
///
/// ```swift
/// let status = try await blockingWork {
///     let process = try Process.run(URL(fileURLWithPath: "/bin/true"), arguments: [])
///     process.waitUntilExit()
///     return process.terminationStatus
/// }
/// ```
public func blockingWork<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Swift.Result { try work() })
        }
    }
}
