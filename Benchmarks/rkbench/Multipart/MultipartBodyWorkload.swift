import RestKit
import RestKitResidentMemory
import Synchronization

/// The subject: builds a form (three text fields and the file), then reads the whole body
/// into a 1 MiB buffer that is thrown away. Records the peak resident set.
///
/// ```swift
/// let workload = MultipartBodyWorkload(file: BenchmarkTemporaryFile(size: 1 << 30))
/// _ = try workload.run()   // bytes produced
/// ```
final class MultipartBodyWorkload: Workload {
    let name = "multipart"
    let file: BenchmarkTemporaryFile
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// `nil` until read (or where `/proc` cannot be read: the metrics are then left out).
    private var peakRSS: Int?
    private var resetDone = false
    private var resetWorks = false
    private var rssBefore: Int?

    init(file: BenchmarkTemporaryFile) {
        self.file = file
    }

    /// `peak_rss_bytes` (VmHWM after the runs), `rss_before_bytes` (VmRSS before the first
    /// run: the process with its corpus loaded), `rss_growth_bytes` (what producing bodies
    /// added on top) and whether the peak was reset first.
    var metrics: [String: Double] {
        var metrics: [String: Double] = ["peak_rss_reset": resetWorks ? 1 : 0]
        if let peakRSS, let rssBefore {
            metrics["in_process_peak_rss_bytes"] = Double(peakRSS)
            metrics["rss_before_bytes"] = Double(rssBefore)
            metrics["rss_growth_bytes"] = Double(max(0, peakRSS - rssBefore))
        }
        // The number the memory target is about: a fresh process producing this body alone.
        if let path = try? file.path(), let peak = probe.value({ MemoryProbe.measure("multipart:\(path)") }) {
            metrics["peak_rss_bytes"] = Double(peak)
        }
        return metrics
    }

    private let probe = ProbedPeak()

    /// Produces the body for the file at `path` into a throwaway buffer; returns the bytes.
    static func produce(path: String) throws -> Int {
        var form = MultipartForm()
        form.append(field: "title", value: "benchmark upload")
        try form.appendFile(name: "blob", path: path, filename: "blob.bin")
        let reader = try form.makeBody().makeReader()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return total }
            total += count
        }
    }

    func run() throws -> Int {
        if !resetDone {
            resetDone = true
            resetWorks = (try? ResidentMemory.resetPeak()) != nil
            rssBefore = try? ResidentMemory.currentBytes()
        }
        var form = MultipartForm()
        form.append(field: "title", value: "benchmark upload")
        form.append(field: "description", value: String(repeating: "lorem ipsum ", count: 20))
        form.append(field: "tags", value: "bench,multipart")
        try form.appendFile(name: "blob", path: try file.path(), filename: "blob.bin")
        let body = try form.makeBody()
        let reader = body.makeReader()
        var total = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            total += count
        }
        if let peak = try? ResidentMemory.peakBytes() { peakRSS = max(peakRSS ?? 0, peak) }
        guard total == body.length.value else { throw BodyError(.lengthMismatch, "produced \(total) bytes") }
        return total
    }
}
