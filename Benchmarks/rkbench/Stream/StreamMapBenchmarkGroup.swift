import ArgumentParser

/// `stream-map/<size>`: a generated JSON array of tweet-like objects, produced in 64 KiB
/// chunks on the fly (never held whole), streamed through `JSONElementStreamParser` and
/// mapped element by element (subject `mapping`; `mapping-yajl` through
/// `YAJLElementStreamParser`), against yajl with empty callbacks on the
/// same chunks (baseline `yajl-noop`). Each workload runs once per invocation (one sample,
/// no warm-up: 1 GiB is long enough to time) and reports its peak resident memory.
///
/// 1 GiB by default; 64 MiB with `--quick`; any size with `--stream-size <MiB>` (0 turns
/// the group off).
///
/// ```swift
/// let cases = StreamMapBenchmarkGroup(targetBytes: 1 << 30).cases(in: corpus)
/// ```
struct StreamMapBenchmarkGroup: BenchmarkGroup {
    let name = "stream-map"
    /// Bytes to stream.
    let targetBytes: Int
    /// Printed with the case (why the size is what it is).
    var note = ""

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        guard targetBytes > 0 else { return [] }
        let caseName = "\(name)/\(Self.sizeName(targetBytes))"
        let pool: [[UInt8]]
        do {
            pool = try TweetArrayStream.pool()
        } catch {
            return [BenchmarkCase(name: caseName, inputBytes: targetBytes, subjects: [], baselines: [],
                                  skipped: [("mapping", "skipped (\(error))")])]
        }
        if !note.isEmpty { print("\(caseName): \(note)") }
        return [BenchmarkCase(
            name: caseName, inputBytes: targetBytes,
            subjects: [StreamMapWorkload(pool: pool, targetBytes: targetBytes),
                       StreamMapWorkload(pool: pool, targetBytes: targetBytes, usesYAJL: true)],
            baselines: [StreamNoopWorkload(pool: pool, targetBytes: targetBytes)])]
    }

    /// `1GiB`, `64MiB`, `1536KiB`.
    static func sizeName(_ bytes: Int) -> String {
        if bytes % (1 << 30) == 0 { return "\(bytes >> 30)GiB" }
        if bytes % (1 << 20) == 0 { return "\(bytes >> 20)MiB" }
        return "\(bytes >> 10)KiB"
    }
}

/// The `--stream-size` option and the `stream-map` group it configures.
///
/// ```swift
/// @OptionGroup var stream: StreamBenchmarkOptions
/// let groups = … + [stream.group(quick: quick)]
/// ```
struct StreamBenchmarkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Size of the generated JSON array for stream-map, in MiB (default 1024, or 64 with --quick; 0 skips it).",
        valueName: "MiB"))
    var streamSize: Int?

    func validate() throws {
        if let streamSize, streamSize < 0 { throw ValidationError("--stream-size must be at least 0") }
    }

    /// The group at the chosen size.
    func group(quick: Bool) -> StreamMapBenchmarkGroup {
        if let streamSize {
            return StreamMapBenchmarkGroup(targetBytes: streamSize << 20, note: "streaming \(streamSize) MiB (--stream-size)")
        }
        if quick {
            return StreamMapBenchmarkGroup(
                targetBytes: 64 << 20, note: "streaming 64 MiB instead of 1 GiB (--quick; use --stream-size to choose)")
        }
        return StreamMapBenchmarkGroup(targetBytes: 1 << 30, note: "streaming 1 GiB generated on the fly")
    }
}
