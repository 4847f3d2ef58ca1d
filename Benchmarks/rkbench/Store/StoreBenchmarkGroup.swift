import ArgumentParser

/// `store/<n>`: importing a generated page of `n` articles (``ArticlePageDocument``, fixed
/// seed, parsed once, untimed) into a SQLite file, each workload on a fresh file per sample
/// (WAL, in a temporary folder deleted at exit), interleaved:
///
/// | workload | role | what one run does |
/// |---|---|---|
/// | `store` | subject | `SQLiteStore.map(document, with: entity)` into an empty table: find, map, map back, upsert per object, one transaction |
/// | `store re-import` | subject | the same into the table that already holds the document (every row upserted again) |
/// | `store re-import (unchanged)` | subject | the same with `published_at` as modification attribute: every object skipped, nothing written |
/// | `grdb-prepared` | baseline | hand-written GRDB: values read from the same parsed elements, one cached prepared upsert, one transaction |
///
/// Setup checks once that the store and the baseline write identical rows. 100,000 objects
/// and 5 samples by default; 10,000 and 3 with `--quick`; `--store-objects`/`--store-samples`.
///
/// ```swift
/// let cases = StoreBenchmarkGroup(objects: 100_000, samples: 5).cases(in: corpus)
/// ```
struct StoreBenchmarkGroup: BenchmarkGroup {
    let name = "store"
    let objects: Int
    let samples: Int

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        guard objects > 0 else { return [] }
        let payload = StorePayload(count: objects)
        return [BenchmarkCase(
            name: "\(name)/\(objects)", inputBytes: 0, lateInputBytes: { payload.inputBytes }, objects: objects,
            subjects: [StoreImportWorkload(payload: payload, mode: .empty, samples: samples),
                       StoreImportWorkload(payload: payload, mode: .reImport, samples: samples),
                       StoreImportWorkload(payload: payload, mode: .unchangedReImport, samples: samples)],
            baselines: [GRDBPreparedWorkload(payload: payload, samples: samples)])]
    }
}

/// The `--store-objects` and `--store-samples` options and the `store` group they configure.
struct StoreBenchmarkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Objects imported by the store group (default 100000, or 10000 with --quick; 0 skips it).", valueName: "n"))
    var storeObjects: Int?

    @Option(name: .long, help: ArgumentHelp("One-import samples per store workload (default 5, or 3 with --quick).", valueName: "n"))
    var storeSamples: Int?

    func validate() throws {
        if let storeObjects, storeObjects < 0 { throw ValidationError("--store-objects must be at least 0") }
        if let storeSamples, storeSamples < 1 { throw ValidationError("--store-samples must be at least 1") }
    }

    /// The group with the chosen sizes.
    func group(quick: Bool) -> StoreBenchmarkGroup {
        StoreBenchmarkGroup(objects: storeObjects ?? (quick ? 10_000 : 100_000), samples: storeSamples ?? (quick ? 3 : 5))
    }
}
