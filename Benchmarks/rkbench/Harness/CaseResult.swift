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
    /// Objects handled per run (``BenchmarkCase/objects``), when counted.
    var objects: Int? = nil

    /// Every subject × baseline pair where both were measured.
    var comparisons: [Comparison] {
        subjects.flatMap { subject in
            baselines.compactMap { baseline in
                guard let subjectSeconds = subject.median, let baselineSeconds = baseline.median else { return nil }
                return Comparison(
                    benchmark: name, subject: subject.name, baseline: baseline.name,
                    subjectSeconds: subjectSeconds, baselineSeconds: baselineSeconds, inputBytes: inputBytes,
                    subjectPeakResidentBytes: subject.peakResidentBytes,
                    subjectMetrics: subject.metrics, objects: objects)
            }
        }
    }
}
