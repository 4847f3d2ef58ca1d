/// One benchmark: subjects (our code) and baselines (reference implementations) working
/// on the same input, measured interleaved and compared pairwise.
///
/// ```swift
/// let benchmark = BenchmarkCase(
///     name: "parse/twitter.json", inputBytes: document.bytes.count,
///     subjects: [PluginParseWorkload(parser: yajl, document: document)],
///     baselines: [JanssonLoadWorkload(document: document)])
/// ```
struct BenchmarkCase {
    /// `group/input`, for example `"parse/twitter.json"`.
    let name: String
    /// Size of the input in bytes, for throughput.
    let inputBytes: Int
    /// What is being measured.
    var subjects: [any Workload]
    /// What each subject is compared with.
    var baselines: [any Workload]
    /// Subjects that could not be set up, with the reason (`"skipped (not registered)"`).
    var skipped: [(name: String, reason: String)] = []
}
