/// How long and how often the harness measures.
///
/// Each workload is warmed up, then timed in `rounds` samples. One sample runs the workload
/// enough times in a row to last at least `minimumSampleSeconds` (so tiny documents are not
/// lost in clock resolution) and records seconds per run. The report uses the median sample.
///
/// ```swift
/// let settings = quick ? MeasurementSettings.quick : .standard
/// ```
struct MeasurementSettings {
    /// Samples per workload (the median of these is reported).
    var rounds: Int
    /// Time spent running each workload before sampling; also used to size samples.
    var warmupSeconds: Double
    /// Shortest duration of one sample.
    var minimumSampleSeconds: Double

    /// The default: 15 samples of at least 10 ms after 50 ms of warm-up.
    static let standard = MeasurementSettings(rounds: 15, warmupSeconds: 0.05, minimumSampleSeconds: 0.010)
    /// `--quick`: 5 samples of at least 2 ms after 10 ms of warm-up.
    static let quick = MeasurementSettings(rounds: 5, warmupSeconds: 0.010, minimumSampleSeconds: 0.002)
}
