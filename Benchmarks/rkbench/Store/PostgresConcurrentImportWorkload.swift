import Foundation
import PostgresNIO
import RestKit
import RestKitStore

/// The workloads of `store-postgres-concurrent/<n>`: four importers, each with a
/// `PostgreSQLStore` of its own (its own connections, as four processes would have) on one
/// schema, importing overlapping slices of the payload's `n` articles (``Slices``): each 60%
/// of the articles, starting 0, 13.3, 26.7 and 40% in, so every pair of slices overlaps and
/// together they cover every article; all share the authors and tags. Each importer maps its
/// slice a page of ``Slices/pageSize`` articles at a time (one `map`, one `SERIALIZABLE`
/// transaction, per page, as a client syncing a paged API does), so writers meet mid-import:
/// conflicts are rolled back and run again by the store.
///
/// - `4 stores at once` (subject): the four importers at the same time (four tasks);
/// - `1 store in turn` (baseline): one store importing the same four slices one after the
///   other, page by page. Both submit the same 2.4 × `n` articles and end with the same
///   tables, so the ratio is what running the importers at once gains (or loses to
///   conflicts and retries) on this server; the objects/s column counts articles submitted.
///
/// Every sample ends with a check, inside the timed run on both sides (a few aggregate
/// queries; the longest is reported as `check_ms_max`): in `articles`, `authors` and `tags` as
/// many rows as distinct ids, and in the join table as many rows as distinct links (no
/// duplicates); every article of the union present exactly once; and every table equal, value
/// for value, to the whole payload imported once (``PostgresStoreFixture/Prepared/expected``).
/// A failed check fails the workload (reported as failed, and printed on stderr at once).
///
/// ```swift
/// let subject = PostgresConcurrentImportWorkload(fixture: fixture, mode: .concurrent, samples: 5)
/// ```
final class PostgresConcurrentImportWorkload: Workload {
    enum Mode {
        case concurrent, sequential
    }

    /// The importers' slices of the payload, as pages.
    struct Slices: Sendable {
        static let importers = 4
        /// Each slice's share of the articles.
        static let share = 0.6
        /// Articles per `map` call.
        static let pageSize = 100

        /// Per importer, its pages (arrays of elements), in order.
        let pages: [[Representation]]
        /// Per importer, its articles' range in the payload.
        let ranges: [Range<Int>]
        /// The distinct ids of the articles of all slices.
        let unionIDs: [Int64]

        /// Articles in each slice for a payload of `count`.
        static func length(_ count: Int) -> Int {
            min(count, Int((Double(count) * share).rounded(.up)))
        }

        /// Articles submitted by all importers together.
        static func submitted(_ count: Int) -> Int { importers * length(count) }

        /// The slices of `elements`: importer `k` starts `k × (n − length) / 3` in.
        init(_ elements: [Representation]) throws {
            let count = elements.count
            let length = Self.length(count)
            var ranges: [Range<Int>] = []
            for importer in 0..<Self.importers {
                let start = Self.importers > 1 ? importer * (count - length) / (Self.importers - 1) : 0
                ranges.append(start..<start + length)
            }
            // Neighbours overlap (or touch) and the ends are reached: the union is the payload.
            for (earlier, later) in zip(ranges, ranges.dropFirst()) where later.lowerBound > earlier.upperBound {
                throw BaselineError("the importers' slices \(earlier) and \(later) leave a gap")
            }
            guard ranges.first?.lowerBound == 0, ranges.last?.upperBound == count else {
                throw BaselineError("the importers' slices \(ranges) do not cover the \(count) articles")
            }
            self.ranges = ranges
            var union = Set<Int64>()
            for range in ranges {
                for element in elements[range] {
                    guard let id = element["id"]?.int64Value else { throw BaselineError("article \(range.lowerBound)…: an element has no integer id") }
                    union.insert(id)
                }
            }
            unionIDs = union.sorted()
            pages = ranges.map { range in
                stride(from: range.lowerBound, to: range.upperBound, by: Self.pageSize).map { start in
                    .array(Array(elements[start..<min(start + Self.pageSize, range.upperBound)]))
                }
            }
        }
    }

    let name: String
    let fixture: PostgresStoreFixture
    let mode: Mode
    let fixedSamples: Int?
    private var slices: Slices?
    private var schema: String?
    private var stores: [PostgreSQLStore] = []
    private var verified = 0
    /// The longest check, in seconds (part of the sample's time).
    private var checkSeconds = 0.0

    init(fixture: PostgresStoreFixture, mode: Mode, samples: Int) {
        name = mode == .concurrent ? "4 stores at once" : "1 store in turn"
        self.fixture = fixture
        self.mode = mode
        fixedSamples = samples
    }

    var skipReason: String? { fixture.server.unavailableReason }
    /// The fixture's check already ran the store once.
    var runsUntimedFirst: Bool { false }
    /// Samples checked, and the longest check in milliseconds (inside the timed run).
    var metrics: [String: Double] { ["verified_samples": Double(verified), "check_ms_max": checkSeconds * 1e3] }

    func prepare() throws {
        let prepared = try fixture.prepared()
        if slices == nil { slices = try Slices(prepared.input.elements) }
        try release()
        let schema = try fixture.server.freshSchema(name)
        self.schema = schema
        // Registered one after the other: the first creates the tables, the others check them.
        for _ in 0..<(mode == .concurrent ? Slices.importers : 1) {
            stores.append(try PostgresStoreFixture.registeredStore(prepared.connected, schema: schema, entity: prepared.input.entity))
        }
    }

    func run() throws -> Int {
        guard let slices, let schema, !stores.isEmpty else { throw BaselineError("not prepared") }
        let prepared = try fixture.prepared()
        let entity = prepared.input.entity
        let stores = self.stores
        let submitted: Int
        switch mode {
        case .concurrent:
            submitted = try AsyncBridge.wait {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for (store, pages) in zip(stores, slices.pages) {
                        group.addTask { try await Self.importPages(pages, into: store, entity: entity) }
                    }
                    return try await group.reduce(0, +)
                }
            }
        case .sequential:
            submitted = try AsyncBridge.wait {
                var total = 0
                for pages in slices.pages { total += try await Self.importPages(pages, into: stores[0], entity: entity) }
                return total
            }
        }
        guard submitted == Slices.submitted(fixture.payload.count) else {
            throw BaselineError("\(submitted) articles mapped, \(Slices.submitted(fixture.payload.count)) submitted")
        }
        do {
            let seconds = try Stopwatch.seconds { try Self.verify(schema: schema, slices: slices, prepared: prepared) }
            checkSeconds = max(checkSeconds, seconds)
        } catch {
            FileHandle.standardError.write(Data("rkbench: store-postgres-concurrent/\(fixture.payload.count) \(name): \(error)\n".utf8))
            throw error
        }
        verified += 1
        return submitted
    }

    /// Maps `pages` one after the other; returns the objects mapped.
    private static func importPages(_ pages: [Representation], into store: PostgreSQLStore, entity: EntityMapping<StoreArticle>) async throws -> Int {
        var mapped = 0
        for page in pages {
            do {
                mapped += try await store.map(page, with: entity).objects.count
            } catch {
                throw BaselineError(PostgresBenchConnection.oneLine(error))   // the server's DETAIL spans lines
            }
        }
        return mapped
    }

    /// Throws unless `schema` holds no duplicate, every article of the union once, and the same
    /// rows as the whole payload imported once.
    static func verify(schema: String, slices: Slices, prepared: PostgresStoreFixture.Prepared) throws {
        let admin = prepared.connected.admin
        let namespace = PostgresBenchConnection.quoted(schema)
        func counts(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> (Int64, Int64) {
            guard let row = try PostgresStoreFixture.query(sql, binds, admin: admin).first else { throw BaselineError("no result for \(sql)") }
            return try row.decode((Int64, Int64).self)
        }
        for table in ["articles", "authors", "tags"] {
            let (rows, distinct) = try counts("SELECT count(*)::int8, count(DISTINCT \"id\")::int8 FROM \(namespace).\(PostgresBenchConnection.quoted(table))")
            guard rows == distinct else {
                throw BaselineError("DUPLICATES: \(table) holds \(rows) rows for \(distinct) distinct ids")
            }
        }
        let (links, distinctLinks) = try counts(
            "SELECT count(*)::int8, count(DISTINCT (\"parent_id\", \"child_id\"))::int8 FROM \(namespace).\"articles_tags\"")
        guard links == distinctLinks else {
            throw BaselineError("DUPLICATES: articles_tags holds \(links) rows for \(distinctLinks) distinct links")
        }
        let union = slices.unionIDs
        var binds = PostgresBindings()
        binds.append(union)
        let (present, rows) = try counts(
            "SELECT count(*) FILTER (WHERE \"id\" = ANY($1))::int8, count(*)::int8 FROM \(namespace).\"articles\"", binds)
        guard present == union.count, rows == union.count else {
            throw BaselineError("articles: \(present) of the \(union.count) articles of the union present, \(rows) rows in all")
        }
        for table in PostgresStoreFixture.tables {
            guard let layout = prepared.layouts[table] else { throw BaselineError("no columns known for \(table)") }
            let digest = try PostgresStoreFixture.digest(of: table, in: schema, order: .identity, layout: layout, admin: admin)
            guard let expected = prepared.expected[table], digest == expected else {
                throw BaselineError("\(table) differs from the payload imported once: \(digest), expected \(prepared.expected[table]?.description ?? "none")")
            }
        }
    }

    /// Closes the last sample's stores and drops its schema.
    private func release() throws {
        let stores = self.stores
        self.stores = []
        try AsyncBridge.wait {
            for store in stores { await store.close() }
        }
        if let schema {
            self.schema = nil
            try fixture.server.drop(schema)
        }
    }
}
