import Foundation
import GRDB
import RestKit
import RestKitResidentMemory
import RestKitStore

/// The file of `store-stream/<size>`: `{"articles": [ … ]}` with as many
/// ``ArticlePageDocument`` articles (ids from 1, its own fixed seed) as fit in the target
/// size, written once on first use (untimed) in 1 MiB pieces (never held whole) into the
/// group's temporary folder.
///
/// ```swift
/// let file = StoreStreamFile(targetBytes: 64 << 20)
/// let written = try file.written()   // path, bytes, articles
/// ```
final class StoreStreamFile: @unchecked Sendable {
    struct Written: Sendable {
        let path: String
        let bytes: Int
        let articles: Int
        let entity: EntityMapping<StoreArticle>
    }

    /// The array's key path in the document.
    static let keyPath = "articles"

    let targetBytes: Int
    private let lock = NSLock()
    private var built: Result<Written, any Error>?

    init(targetBytes: Int) {
        self.targetBytes = targetBytes
    }

    /// The file, written on the first call.
    func written() throws -> Written {
        try lock.withLock {
            let result = built ?? Result { try write() }
            built = result
            return try result.get()
        }
    }

    /// The file's size and article count once written, else `nil`.
    var bytes: Int? { lock.withLock { try? built?.get().bytes } }
    var articles: Int? { lock.withLock { try? built?.get().articles } }

    private func write() throws -> Written {
        let path = try StoreDatabaseFiles.fresh("stream-\(StreamMapBenchmarkGroup.sizeName(targetBytes))", suffix: ".json")
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw BaselineError("cannot create \(path)")
        }
        defer { try? handle.close() }
        var random = SplitMix64(seed: GeneratedDocuments.seed &+ 101)
        var published = ArticlePageDocument.firstPublished
        let opening = Array(#"{"\#(Self.keyPath)":["#.utf8)
        let closing = Array("]}".utf8)
        try handle.write(contentsOf: opening)
        var bytes = opening.count
        var articles = 0
        let piece = 1 << 20
        while bytes + closing.count < targetBytes {
            var json = JSONTextWriter(indent: nil, capacity: piece + 4096)
            while json.bytes.count < piece, bytes + json.bytes.count + closing.count < targetBytes {
                if articles > 0 { json.raw(",") }
                articles += 1
                ArticlePageDocument.writeArticle(id: articles, published: &published, into: &json, &random)
            }
            try handle.write(contentsOf: json.bytes)
            bytes += json.bytes.count
        }
        try handle.write(contentsOf: closing)
        bytes += closing.count
        print("store-stream: wrote \(path) (\(bytes) bytes, \(articles) articles)")
        return Written(path: path, bytes: bytes, articles: articles, entity: try StoreArticle.entity())
    }
}

/// `store stream-import` (subject): `SQLiteStore.importElements(ofFile:parser:with:)` of the
/// stream file with `JSONElementStreamParser(keyPath: "articles")`, 1 MiB reads, into an
/// empty file database (registered untimed), one transaction.
///
/// Metrics: `import_rss_growth_bytes` and `peak_rss_bytes` as in ``ImportMemory`` (this
/// process's, which may hold other groups' inputs), and `fresh_process_peak_rss_bytes`: the
/// peak resident memory of a fresh `rkbench` process doing this one import alone (see
/// ``MemoryProbe``; measured once, after sampling), the number the memory goal is about.
final class StoreStreamImportWorkload: Workload {
    let name = "store stream-import"
    let file: StoreStreamFile
    let fixedSamples: Int?
    private var store: SQLiteStore?
    private var path: String?
    private var memory = ImportMemory()
    private let probe = ProbedPeak()

    init(file: StoreStreamFile, samples: Int) {
        self.file = file
        fixedSamples = samples
    }

    /// One import is long enough; the file's first read is part of the first sample.
    var runsUntimedFirst: Bool { false }

    var metrics: [String: Double] {
        var metrics = memory.metrics
        if let written = try? file.written(),
           let peak = probe.value({ MemoryProbe.measure("store-stream:\(written.articles):\(written.path)") }) {
            metrics["fresh_process_peak_rss_bytes"] = Double(peak)
        }
        return metrics
    }

    func prepare() throws {
        store = nil
        if let path { StoreDatabaseFiles.remove(path) }
        let written = try file.written()
        let path = try StoreDatabaseFiles.fresh(name)
        self.path = path
        store = try StoreImportWorkload.emptyStore(path: path, entity: written.entity)
        memory.start()
    }

    func run() throws -> Int {
        guard let store else { throw BaselineError("not prepared") }
        let written = try file.written()
        let imported = try Self.importFile(written, into: store)
        memory.finish()
        return imported
    }

    /// Imports the file; throws unless every article was inserted.
    static func importFile(_ written: StoreStreamFile.Written, into store: SQLiteStore) throws -> Int {
        let (path, entity) = (written.path, written.entity)
        let summary = try AsyncBridge.wait {
            try await store.importElements(
                ofFile: path, parser: { JSONElementStreamParser(keyPath: StoreStreamFile.keyPath) }, with: entity)
        }
        guard summary.elements == written.articles, summary.inserted == written.articles else {
            throw BaselineError("stream import: \(summary.elements) elements, \(summary.inserted) inserted of \(written.articles)")
        }
        return summary.elements
    }

    /// `--memory-probe store-stream:<articles>:<path>`: the import alone, in this (fresh) process.
    static func probe(_ argument: String) throws {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let articles = Int(parts[0]) else { throw BaselineError("store-stream needs ARTICLES:PATH") }
        let entity = try StoreArticle.entity()
        let written = StoreStreamFile.Written(path: parts[1], bytes: 0, articles: articles, entity: entity)
        let store = try StoreImportWorkload.emptyStore(path: try StoreDatabaseFiles.fresh("probe"), entity: entity)
        _ = try importFile(written, into: store)
    }
}

/// `grdb-prepared stream` (baseline): the same file through the same `JSONElementStreamParser`
/// in 1 MiB reads, each element's rows written by ``GRDBArticleWriter`` (the statements of
/// `grdb-prepared`), in one `DatabasePool.write` transaction, into tables created by the
/// store's `register`.
final class GRDBStreamWorkload: Workload {
    let name = "grdb-prepared stream"
    let file: StoreStreamFile
    let fixedSamples: Int?
    private var pool: DatabasePool?
    private var path: String?
    private var memory = ImportMemory()

    init(file: StoreStreamFile, samples: Int) {
        self.file = file
        fixedSamples = samples
    }

    var runsUntimedFirst: Bool { false }
    var metrics: [String: Double] { memory.metrics }

    func prepare() throws {
        pool = nil
        if let path { StoreDatabaseFiles.remove(path) }
        let written = try file.written()
        let path = try StoreDatabaseFiles.fresh(name)
        self.path = path
        pool = try GRDBPreparedWorkload.emptyDatabase(path: path, entity: written.entity)
        memory.start()
    }

    func run() throws -> Int {
        guard let pool else { throw BaselineError("not prepared") }
        let written = try file.written()
        guard let handle = FileHandle(forReadingAtPath: written.path) else { throw BaselineError("cannot open \(written.path)") }
        defer { try? handle.close() }
        let count = try pool.write { db in
            let writer = try GRDBArticleWriter(db)
            var parser = JSONElementStreamParser(keyPath: StoreStreamFile.keyPath)
            var count = 0
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                let elements = try chunk.withUnsafeBytes { (raw) throws(ParseError) in try parser.append(raw) }
                for element in elements { try writer.write(element) }
                count += elements.count
            }
            for element in try parser.finish() { try writer.write(element) ; count += 1 }
            return count
        }
        memory.finish()
        guard count == written.articles else { throw BaselineError("stream baseline: \(count) of \(written.articles) articles") }
        return count
    }
}
