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
    /// The input size when it is only known once the workloads have set up (a document
    /// generated on first use, so that a filtered-out group costs nothing); read after
    /// measuring, replaces ``inputBytes``.
    var lateInputBytes: (() -> Int?)? = nil
    /// Objects (rows, elements) handled per run, for an objects/s column; `nil` when not counted.
    var objects: Int? = nil
    /// The object count when it is only known once the workloads have set up; read after
    /// measuring, replaces ``objects``.
    var lateObjects: (() -> Int?)? = nil
    /// What is being measured.
    var subjects: [any Workload]
    /// What each subject is compared with.
    var baselines: [any Workload]
    /// Subjects that could not be set up, with the reason (`"skipped (not registered)"`).
    var skipped: [(name: String, reason: String)] = []
}
