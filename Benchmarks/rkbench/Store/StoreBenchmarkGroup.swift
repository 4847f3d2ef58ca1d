import ArgumentParser
import Foundation
import RestKitStore

/// The `store` group: the SQLite object store against hand-written GRDB in the same run, on
/// a generated payload of articles with a nested author (to-one, ~2,000 shared) and 1–5 tags
/// (many-to-many, ~500 shared), title and body full-text indexed (``ArticlePageDocument``,
/// fixed seed; entity ``StoreArticle/entity(modificationAttribute:)``). Every database is a
/// WAL file in a temporary folder deleted at exit, its tables created by the store's
/// `register` (untimed), so both sides write through the same schema and FTS5 triggers.
///
/// `store/<n>` — importing the payload (`n` articles, parsed once, untimed), each workload on a
/// fresh file per sample, interleaved:
///
/// | workload | role | what one run does |
/// |---|---|---|
/// | `store` | subject | `SQLiteStore.map(document, with: entity)` into empty tables, one transaction |
/// | `store re-import` | subject | the same into tables that already hold the document (every row upserted again) |
/// | `store re-import (unchanged)` | subject | the same with `published_at` as modification attribute: every article skipped |
/// | `grdb-prepared` | baseline | ``GRDBArticleWriter``: the same rows, cached prepared statements, one transaction |
///
/// Setup checks once that the store and the baseline write identical tables.
///
/// `store-search/<n>/<query>` — one case per two-word AND query (``StoreSearchQuery/all``)
/// over the `n` stored articles (``StoreSearchDatabase``): `store search` (subject,
/// `SQLiteStore.search`, 20 hits mapped with author and tags) against `grdb-fts` (baseline,
/// the same FTS5 SQL, raw rows), sampled like the parse benchmarks.
///
/// `store-stream/<size>` — a generated `{"articles": […]}` file (``StoreStreamFile``, written
/// once, untimed) imported by `store stream-import` (subject, `importElements(ofFile:…)`)
/// against `grdb-prepared stream` (baseline: the same parser and statements), a fresh file
/// database per sample; peak resident memory reported.
///
/// `store-postgres/<n>` — the same import on PostgreSQL (``PostgresImportWorkload``), each
/// sample into empty tables in a fresh schema (tables made by the store's `register`, untimed):
/// `store` (subject, `PostgreSQLStore.map(document, with: entity)`) against `postgres-batch`
/// (baseline, ``PostgresBatchImport``: the same rows by hand with postgres-nio, multi-row
/// `INSERT … ON CONFLICT … DO UPDATE` of 500 rows, bound parameters, one transaction). Setup
/// checks once that both write identical tables (``PostgresStoreFixture``). Goal: the store
/// within 1.5× of the baseline (a ratio of at least 0.67).
///
/// `store-postgres-concurrent/<n>` — four stores on one schema importing overlapping 60%
/// slices at once against one store importing the same slices in turn, objects/s counting the
/// articles submitted; every sample is checked for duplicates and lost rows
/// (``PostgresConcurrentImportWorkload``).
///
/// The PostgreSQL server (``PostgresBenchServer``): `--postgres-url`, else `RESTKIT_POSTGRES_URL`,
/// else a private one started by `scripts/postgres-server.sh` on first use and removed at exit.
/// Without any, those cases are left out, or skipped when the server cannot be started or
/// reached, with one line on stderr saying why; `--no-store-postgres` leaves them out.
///
/// 100,000 objects, 64 MiB streamed and 5 samples by default; 10,000, 16 MiB and 3 with
/// `--quick`; `--store-objects`, `--store-stream-mib`, `--store-samples` (0 objects or 0 MiB
/// leaves those cases out).
///
/// ```swift
/// let cases = StoreBenchmarkGroup(objects: 100_000, streamBytes: 64 << 20, samples: 5).cases(in: corpus)
/// ```
struct StoreBenchmarkGroup: BenchmarkGroup {
    let name = "store"
    let objects: Int
    let streamBytes: Int
    let samples: Int
    /// The PostgreSQL rows' server, or why there is none; `nil` leaves them out silently.
    var postgres: Result<PostgresBenchServer, BaselineError>? = nil

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        if objects > 0 {
            let payload = StorePayload(count: objects)
            cases.append(BenchmarkCase(
                name: "\(name)/\(objects)", inputBytes: 0, lateInputBytes: { payload.inputBytes }, objects: objects,
                subjects: [StoreImportWorkload(payload: payload, mode: .empty, samples: samples),
                           StoreImportWorkload(payload: payload, mode: .reImport, samples: samples),
                           StoreImportWorkload(payload: payload, mode: .unchangedReImport, samples: samples)],
                baselines: [GRDBPreparedWorkload(payload: payload, samples: samples)]))
            cases += postgresCases(payload: payload)
            let database = StoreSearchDatabase(payload: payload)
            for query in StoreSearchQuery.all {
                cases.append(BenchmarkCase(
                    name: "\(name)-search/\(objects)/\(query.text)", inputBytes: 0,
                    subjects: [StoreSearchWorkload(database: database, query: query)],
                    baselines: [GRDBSearchWorkload(database: database, query: query)]))
            }
        }
        if streamBytes > 0 {
            let file = StoreStreamFile(targetBytes: streamBytes)
            cases.append(BenchmarkCase(
                name: "\(name)-stream/\(StreamMapBenchmarkGroup.sizeName(streamBytes))", inputBytes: streamBytes,
                lateInputBytes: { file.bytes }, lateObjects: { file.articles },
                subjects: [StoreStreamImportWorkload(file: file, samples: samples)],
                baselines: [GRDBStreamWorkload(file: file, samples: samples)]))
        }
        return cases
    }

    /// `store-postgres/<n>` and `store-postgres-concurrent/<n>`, when there is a server to try.
    private func postgresCases(payload: StorePayload) -> [BenchmarkCase] {
        switch postgres {
        case nil:
            return []
        case .failure(let why):
            FileHandle.standardError.write(Data("rkbench: the PostgreSQL rows (\(name)-postgres/\(objects)) are left out: \(why)\n".utf8))
            return []
        case .success(let server):
            let fixture = PostgresStoreFixture(payload: payload, server: server)
            return [
                BenchmarkCase(
                    name: "\(name)-postgres/\(objects)", inputBytes: 0, lateInputBytes: { payload.inputBytes }, objects: objects,
                    subjects: [PostgresImportWorkload(fixture: fixture, side: .store, samples: samples)],
                    baselines: [PostgresImportWorkload(fixture: fixture, side: .batch, samples: samples)]),
                BenchmarkCase(
                    name: "\(name)-postgres-concurrent/\(objects)", inputBytes: 0,
                    objects: PostgresConcurrentImportWorkload.Slices.submitted(objects),
                    subjects: [PostgresConcurrentImportWorkload(fixture: fixture, mode: .concurrent, samples: samples)],
                    baselines: [PostgresConcurrentImportWorkload(fixture: fixture, mode: .sequential, samples: samples)]),
            ]
        }
    }
}

/// The `--store-objects`, `--store-stream-mib` and `--store-samples` options and the `store`
/// group they configure.
struct StoreBenchmarkOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Objects imported (and searched) by the store group (default 100000, or 10000 with --quick; 0 skips those cases).",
        valueName: "n"))
    var storeObjects: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Size of the JSON file the store group streams into the store, in MiB (default 64, or 16 with --quick; 0 skips it).",
        valueName: "MiB"))
    var storeStreamMib: Int?

    @Option(name: .long, help: ArgumentHelp("One-import samples per store workload (default 5, or 3 with --quick).", valueName: "n"))
    var storeSamples: Int?

    @Flag(name: .long, inversion: .prefixedNo, help: ArgumentHelp(
        "Measure the store on PostgreSQL too (store-postgres rows; default on, left out when no server can be had)."))
    var storePostgres = true

    @Option(name: .long, help: ArgumentHelp(
        "The server of the store-postgres rows, postgres://user:password@host:port/database (default: $RESTKIT_POSTGRES_URL, else a private server started by scripts/postgres-server.sh).",
        valueName: "url"))
    var postgresUrl: String?

    func validate() throws {
        if let storeObjects, storeObjects < 0 { throw ValidationError("--store-objects must be at least 0") }
        if let storeStreamMib, storeStreamMib < 0 { throw ValidationError("--store-stream-mib must be at least 0") }
        if let storeSamples, storeSamples < 1 { throw ValidationError("--store-samples must be at least 1") }
        if let postgresUrl {
            guard storePostgres else { throw ValidationError("--postgres-url and --no-store-postgres cannot be used together") }
            do {
                _ = try PostgreSQLStore.Configuration(url: postgresUrl)
            } catch {
                throw ValidationError("--postgres-url: \(error)")
            }
        }
    }

    /// The group with the chosen sizes (and the PostgreSQL server chosen, not yet started or reached).
    func group(quick: Bool) -> StoreBenchmarkGroup {
        let objects = storeObjects ?? (quick ? 10_000 : 100_000)
        return StoreBenchmarkGroup(
            objects: objects, streamBytes: (storeStreamMib ?? (quick ? 16 : 64)) << 20,
            samples: storeSamples ?? (quick ? 3 : 5),
            postgres: storePostgres && objects > 0 ? PostgresBenchServer.locate(url: postgresUrl) : nil)
    }
}
