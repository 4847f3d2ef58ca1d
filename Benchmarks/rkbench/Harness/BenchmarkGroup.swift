/// A family of benchmarks the tool can run (`parse`, later `map`).
///
/// A group turns the corpus into ``BenchmarkCase``s; the ``Harness`` measures them and
/// the reports print them, whatever the group. To add a group, conform a type and list it
/// in `RKBench.groups(registry:materialized:)`.
///
/// ```swift
/// struct MapGroup: BenchmarkGroup {
///     let name = "map"
///     func cases(in corpus: Corpus) -> [BenchmarkCase] { … }
/// }
/// ```
protocol BenchmarkGroup {
    /// The prefix of every benchmark name in the group (`"parse"`).
    var name: String { get }

    /// The benchmarks of this group over `corpus`.
    func cases(in corpus: Corpus) -> [BenchmarkCase]
}
