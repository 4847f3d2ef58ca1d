import Foundation
import Synchronization

/// One upload of the benchmark file to the ``UploadSink`` by a child process: `rk post`
/// (the subject) or `curl -F` (the baseline). Each run spawns the program, waits for it,
/// checks that it succeeded and that the sink received the whole body (its
/// `Content-Length`, and more than the file), and records the child's peak resident memory.
///
/// ```swift
/// let rk = UploadWorkload.rk(file: file, samples: 5)
/// _ = try rk.run()        // bytes the sink received
/// rk.metrics              // ["peak_rss_bytes": …]
/// ```
final class UploadWorkload: Workload, Sendable {
    let name: String
    let file: BenchmarkTemporaryFile
    let fixedSamples: Int?
    /// The program, or `nil` with ``skipReason``.
    private let executable: String?
    private let missingReason: String
    /// The arguments for a file path and a URL.
    private let arguments: @Sendable (_ path: String, _ url: String) -> [String]
    private let peak = Mutex(0)

    private init(
        name: String, executable: String?, missingReason: String, file: BenchmarkTemporaryFile, samples: Int,
        arguments: @escaping @Sendable (String, String) -> [String]
    ) {
        self.name = name
        self.executable = executable
        self.missingReason = missingReason
        self.file = file
        self.fixedSamples = samples
        self.arguments = arguments
    }

    /// `rk post URL -F file=@PATH`, with the `rk` built next to this rkbench.
    static func rk(file: BenchmarkTemporaryFile, samples: Int) -> UploadWorkload {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("rk").path
        return UploadWorkload(
            name: "rk", executable: access(candidate, X_OK) == 0 ? candidate : nil,
            missingReason: "no rk next to rkbench in \(directory.path): swift build -c release --product rk",
            file: file, samples: samples
        ) { path, url in ["post", url, "-F", "file=@\(path)"] }
    }

    /// `curl -s -F file=@PATH URL -o /dev/null` from `PATH`. `-H Expect:` turns off curl's
    /// `Expect: 100-continue`, which the sink (like most servers) does not answer, so curl
    /// would otherwise wait a second before sending.
    static func curl(file: BenchmarkTemporaryFile, samples: Int) -> UploadWorkload {
        UploadWorkload(
            name: "curl", executable: ChildProcess.find("curl"),
            missingReason: "curl is not installed (apt-get install curl)", file: file, samples: samples
        ) { path, url in ["-s", "-H", "Expect:", "-F", "file=@\(path)", url, "-o", "/dev/null"] }
    }

    var skipReason: String? { executable == nil ? missingReason : nil }

    /// `peak_rss_bytes`: the child's largest peak resident memory (`VmHWM`) over the runs.
    var metrics: [String: Double] {
        let peak = peak.withLock { $0 }
        return peak > 0 ? ["peak_rss_bytes": Double(peak)] : [:]
    }

    func run() throws -> Int {
        guard let executable else { throw BaselineError(missingReason) }
        let path = try file.path()
        let sink = UploadSink.shared
        let url = try sink.url()
        sink.reset()
        let outcome = try ChildProcess.run(executable, arguments(path, url))
        guard outcome.status == 0 else {
            throw BaselineError("\(name) exited with \(outcome.status): \(outcome.standardError)")
        }
        guard let upload = sink.lastUpload, upload.declared == upload.received, upload.received > file.size else {
            throw BaselineError("\(name): the sink received \(String(describing: sink.lastUpload)) for a \(file.size)-byte file")
        }
        peak.withLock { $0 = max($0, outcome.peakRSSBytes) }
        return upload.received
    }
}
