/// What the harness measured for one workload of one benchmark.
struct WorkloadResult {
    /// The workload's name.
    let name: String
    /// Seconds per run, one value per sample (empty when the workload failed).
    let samples: [Double]
    /// Runs per sample.
    let iterations: Int
    /// Why the workload was not measured (`"failed: …"` when it threw on the input,
    /// `"skipped (…)"` when it declined the input), else `nil`.
    let failure: String?
    /// Peak resident memory during the run, for one-shot workloads (``Workload/isOneShot``).
    var peakResidentBytes: Int? = nil
    /// The workload's own ``Workload/metrics`` after sampling.
    var metrics: [String: Double] = [:]

    /// The median seconds per run, or `nil` when the workload failed.
    var median: Double? { samples.median }
    /// The fastest sample.
    var minimum: Double? { samples.min() }
    /// The slowest sample.
    var maximum: Double? { samples.max() }
}
