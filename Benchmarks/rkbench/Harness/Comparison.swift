/// One subject against one baseline on one benchmark.
///
/// ```swift
/// let row = Comparison(benchmark: "parse/twitter.json", subject: "yajl", baseline: "json_loadb",
///                      subjectSeconds: 0.004, baselineSeconds: 0.002, inputBytes: 631_514)
/// row.ratio             // 0.5: the subject takes twice as long
/// row.throughputMBPerSecond  // 157.9
/// ```
struct Comparison {
    let benchmark: String
    let subject: String
    let baseline: String
    /// Median seconds per run of the subject.
    let subjectSeconds: Double
    /// Median seconds per run of the baseline.
    let baselineSeconds: Double
    let inputBytes: Int
    /// The subject's peak resident memory, when measured (one-shot workloads).
    var subjectPeakResidentBytes: Int? = nil
    /// The subject's own metrics (``Workload/metrics``).
    var subjectMetrics: [String: Double] = [:]
    /// Objects handled per run, when the benchmark counts them.
    var objects: Int? = nil

    /// `baselineSeconds / subjectSeconds`: above 1 the subject is faster.
    var ratio: Double { baselineSeconds / subjectSeconds }

    /// Subject throughput in MB/s (1 MB = 10^6 bytes).
    var throughputMBPerSecond: Double { Double(inputBytes) / subjectSeconds / 1e6 }

    /// Subject objects per second, when counted.
    var subjectObjectsPerSecond: Double? { objects.map { Double($0) / subjectSeconds } }
    /// Baseline objects per second, when counted.
    var baselineObjectsPerSecond: Double? { objects.map { Double($0) / baselineSeconds } }
}
