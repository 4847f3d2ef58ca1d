import Foundation
import RestKit
import RestKitResidentMemory

/// Measures a workload's peak resident memory in a fresh `rkbench` process, so the number
/// is the workload's own and not the benchmark process's (which holds every corpus document
/// and the other groups' state).
///
/// The parent runs `rkbench --memory-probe KIND:ARGUMENT`; the child does the work once
/// before loading anything else and prints `peak_rss_bytes N` (its `VmHWM`).
///
/// ```swift
/// let peak = MemoryProbe.measure("stream-map:\(1 << 30)")   // bytes, or nil
/// ```
enum MemoryProbe {
    /// Runs the probe in a child process; `nil` when it fails.
    static func measure(_ spec: String) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--memory-probe", spec]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").first { $0.hasPrefix("peak_rss_bytes ") }.flatMap { Int($0.dropFirst(15)) }
    }

    /// The child side: `stream-map:BYTES` (`stream-map-yajl:BYTES`), `store-stream:…` or `multipart:PATH`.
    static func run(_ spec: String) throws {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw BaselineError("--memory-probe expects KIND:ARGUMENT, got \(spec)") }
        switch parts[0] {
        case "stream-map", "stream-map-yajl":
            guard let bytes = Int(parts[1]) else { throw BaselineError("stream-map needs a byte count") }
            _ = try StreamMapWorkload(pool: TweetArrayStream.pool(), targetBytes: bytes, usesYAJL: parts[0] == "stream-map-yajl").run()
        case "store-stream":
            try StoreStreamImportWorkload.probe(parts[1])
        case "multipart":
            _ = try MultipartBodyWorkload.produce(path: parts[1])
        default:
            throw BaselineError("unknown --memory-probe kind '\(parts[0])'")
        }
        // A peak that cannot be read fails the probe (the parent then reports none), never 0.
        print("peak_rss_bytes \(try ResidentMemory.peakBytes())")
    }
}

/// A value a workload computes once, on first use (workloads are immutable values).
final class ProbedPeak: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int??

    /// The probe's result, measured on the first call.
    func value(_ measure: () -> Int?) -> Int? {
        lock.withLock {
            if let value { return value }
            let measured = measure()
            value = .some(measured)
            return measured
        }
    }
}
