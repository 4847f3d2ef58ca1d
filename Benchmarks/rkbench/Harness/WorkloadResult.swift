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

    /// The median seconds per run, or `nil` when the workload failed.
    var median: Double? { samples.median }
    /// The fastest sample.
    var minimum: Double? { samples.min() }
    /// The slowest sample.
    var maximum: Double? { samples.max() }
}

/// The results of one ``BenchmarkCase``.
struct CaseResult {
    /// The benchmark name (`"parse/twitter.json"`).
    let name: String
    /// Input size in bytes.
    let inputBytes: Int
    /// One result per subject, in case order.
    let subjects: [WorkloadResult]
    /// One result per baseline, in case order.
    let baselines: [WorkloadResult]
    /// Subjects that were not set up, with the reason.
    let skipped: [(name: String, reason: String)]

    /// Every subject × baseline pair where both were measured.
    var comparisons: [Comparison] {
        subjects.flatMap { subject in
            baselines.compactMap { baseline in
                guard let subjectSeconds = subject.median, let baselineSeconds = baseline.median else { return nil }
                return Comparison(
                    benchmark: name, subject: subject.name, baseline: baseline.name,
                    subjectSeconds: subjectSeconds, baselineSeconds: baselineSeconds, inputBytes: inputBytes)
            }
        }
    }
}
