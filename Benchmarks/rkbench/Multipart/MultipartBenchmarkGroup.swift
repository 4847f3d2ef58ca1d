import RestKit

/// `multipart/1GiB`: producing a `multipart/form-data` body (a 1 GiB file plus a few text
/// fields) into a sink, against `read(2)` of the same file into the same buffer. Then the
/// peer cases (``peerCases()``): serializing and parsing a small form and a 64 MiB file part,
/// RestKit against vapor/multipart-kit 4.
///
/// The file holds real (pseudo-random) data, written on the first run and deleted at exit, so
/// its pages come from the page cache. With `--quick` it is 256 MiB.
/// The subject also reports its peak resident memory (`peak_rss_bytes`, from `VmHWM`, reset
/// through `/proc/self/clear_refs` before the case where the kernel allows it).
///
/// ```swift
/// let cases = MultipartBenchmarkGroup(quick: false).cases(in: corpus)
/// ```
struct MultipartBenchmarkGroup: BenchmarkGroup {
    let name = "multipart"
    /// 256 MiB instead of 1 GiB.
    var quick = CommandLine.arguments.contains("--quick")

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        let fileSize = quick ? 256 << 20 : 1 << 30
        let file = BenchmarkTemporaryFile(size: fileSize)
        let subject = MultipartBodyWorkload(file: file)
        return [
            BenchmarkCase(
                name: quick ? "\(name)/256MiB(quick)" : "\(name)/1GiB", inputBytes: fileSize,
                subjects: [subject], baselines: [FileReadWorkload(file: file)])
        ] + peerCases()
    }

    /// `multipart/serialize-<body>` and `multipart/parse-<body>` for a small form and a 64 MiB
    /// file part: RestKit against multipart-kit 4 on the same parts and the same body.
    func peerCases() -> [BenchmarkCase] {
        let fixtures = [
            MultipartPeerFixture.Lazy(label: "form", make: MultipartPeerFixture.smallForm),
            MultipartPeerFixture.Lazy(label: "64MiB", make: MultipartPeerFixture.largeFile),
        ]
        return fixtures.flatMap { fixture in
            [
                BenchmarkCase(
                    name: "\(name)/serialize-\(fixture.label)", inputBytes: 0, lateInputBytes: { fixture.bodyBytes },
                    subjects: [MultipartSerializeWorkload(fixture: fixture, streamed: false), MultipartSerializeWorkload(fixture: fixture, streamed: true)],
                    baselines: [MultipartKitSerializeWorkload(fixture: fixture)]),
                BenchmarkCase(
                    name: "\(name)/parse-\(fixture.label)", inputBytes: 0, lateInputBytes: { fixture.bodyBytes },
                    subjects: [MultipartParseWorkload(fixture: fixture)], baselines: [MultipartKitParseWorkload(fixture: fixture)]),
            ]
        }
    }
}
