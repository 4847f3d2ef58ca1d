/// One operation the harness times: a parser on one document, a baseline library call,
/// later a mapping over a parsed representation.
///
/// The input is bound when the workload is made, so `run()` does only the work being
/// measured. `run()` returns a small checksum (an element count, a status) that the
/// harness adds up and prints, so the optimizer cannot drop the work.
///
/// ```swift
/// struct CountBytes: Workload {
///     let name = "count"
///     let bytes: [UInt8]
///     func run() throws -> Int { bytes.count }
/// }
/// ```
protocol Workload {
    /// The name shown in the report (`"yajl"`, `"JSONSerialization"`).
    var name: String { get }

    /// Why this workload cannot run on its input (it would crash), or `nil`. The harness
    /// then reports it as skipped without calling ``run()``.
    var skipReason: String? { get }

    /// Does the work once; throws when the input is rejected.
    func run() throws -> Int

    /// Whether one run is long enough to be the only sample (a 1 GiB stream): the harness
    /// then runs it exactly once, without warm-up, and records its peak resident memory.
    var isOneShot: Bool { get }
    /// Whether every run is long enough to be a sample on its own (an upload of a 2 GiB
    /// file): the harness then runs it once untimed (setup and caches) and takes this many
    /// one-run samples, interleaved with the case's other workloads. `nil`: sized by the
    /// settings.
    var fixedSamples: Int? { get }
    /// Whether a ``fixedSamples`` workload gets its one untimed run before sampling (`true`
    /// unless a workload's setup already warmed everything: the store group checks its
    /// workloads' output once before sampling, so a second untimed import would only add time).
    var runsUntimedFirst: Bool { get }
    /// Extra numbers the workload measured itself (`peak_rss_bytes`), read after sampling
    /// and written to the reports.
    var metrics: [String: Double] { get }
    /// Untimed work before each run of a ``fixedSamples`` workload (and before each warm-up
    /// run otherwise): a fresh database file to import into. Throws like ``run()``.
    func prepare() throws
}

extension Workload {
    /// Every input is fine unless a workload says otherwise.
    var skipReason: String? { nil }

    /// Workloads are sampled many times unless they say otherwise.
    var isOneShot: Bool { false }
    /// Samples are sized from the warm-up unless a workload says otherwise.
    var fixedSamples: Int? { nil }
    /// Fixed-samples workloads run once untimed unless they say otherwise.
    var runsUntimedFirst: Bool { true }
    /// No extra numbers unless a workload measures some.
    var metrics: [String: Double] { [:] }
    /// Nothing to prepare unless a workload says otherwise.
    func prepare() throws {}
}
