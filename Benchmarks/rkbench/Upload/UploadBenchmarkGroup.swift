import ArgumentParser

/// `upload/<size>`: `rk post URL -F file=@PATH` (subject `rk`) against
/// `curl -s -F file=@PATH URL -o /dev/null` (baseline `curl`), both uploading the same file
/// of real pseudo-random bytes (not sparse; written once, deleted at exit) to a Hummingbird
/// sink on 127.0.0.1 in the same run. Each uploads once untimed (the file is written then),
/// then takes a few one-run samples, interleaved; the sink checks every upload's size, and
/// each program's peak resident memory is reported as `peak_rss_bytes` (the child's
/// `VmHWM`, see ``ChildProcess``).
///
/// 2 GiB and 5 samples by default; 256 MiB and 3 samples with `--quick`; any size with
/// `--upload-size <MiB>` (0 turns the group off). Without curl the baseline is skipped.
///
/// ```swift
/// let cases = UploadBenchmarkGroup(fileBytes: 2 << 30, samples: 5).cases(in: corpus)
/// ```
struct UploadBenchmarkGroup: BenchmarkGroup {
    let name = "upload"
    /// The size of the uploaded file.
    let fileBytes: Int
    /// One-run samples per program.
    let samples: Int

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        guard fileBytes > 0 else { return [] }
        let file = BenchmarkTemporaryFile(size: fileBytes)
        return [BenchmarkCase(
            name: "\(name)/\(StreamMapBenchmarkGroup.sizeName(fileBytes))", inputBytes: fileBytes,
            subjects: [UploadWorkload.rk(file: file, samples: samples)],
            baselines: [UploadWorkload.curl(file: file, samples: samples)])]
    }
}

/// The `--upload-size` option and the `upload` group it configures.
///
/// ```swift
/// @OptionGroup var upload: UploadBenchmarkOptions
/// let groups = … + [upload.group(quick: quick)]
/// ```
struct UploadBenchmarkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Size of the file rk post and curl upload, in MiB (default 2048, or 256 with --quick; 0 skips it).",
        valueName: "MiB"))
    var uploadSize: Int?

    @Option(name: .long, help: ArgumentHelp("Uploads per program (default 5, or 3 with --quick).", valueName: "n"))
    var uploadSamples: Int?

    func validate() throws {
        if let uploadSize, uploadSize < 0 { throw ValidationError("--upload-size must be at least 0") }
        if let uploadSamples, uploadSamples < 1 { throw ValidationError("--upload-samples must be at least 1") }
    }

    /// The group at the chosen size.
    func group(quick: Bool) -> UploadBenchmarkGroup {
        UploadBenchmarkGroup(fileBytes: (uploadSize ?? (quick ? 256 : 2048)) << 20, samples: uploadSamples ?? (quick ? 3 : 5))
    }
}
