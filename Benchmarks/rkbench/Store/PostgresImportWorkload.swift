import Foundation
import RestKit
import RestKitStore

/// The workloads of `store-postgres/<n>`: the payload's `n` articles (with authors and tags)
/// imported into empty tables, each sample into a schema of its own whose tables the store's
/// `register` created (untimed, in ``prepare()``, with the connection opened), the schema of
/// the sample before dropped first.
///
/// - `store` (subject): `PostgreSQLStore.map(document, with: entity)`, one `SERIALIZABLE`
///   transaction; the result must say `n` inserted.
/// - `postgres-batch` (baseline): ``PostgresBatchImport`` on one postgres-nio connection, one
///   transaction, reading the same parsed elements.
///
/// The fixture's check (``PostgresStoreFixture``) showed once that both write the same rows.
///
/// ```swift
/// let subject = PostgresImportWorkload(fixture: fixture, side: .store, samples: 5)
/// ```
final class PostgresImportWorkload: Workload {
    enum Side {
        case store, batch
    }

    let name: String
    let fixture: PostgresStoreFixture
    let side: Side
    let fixedSamples: Int?
    private var schema: String?
    private var store: PostgreSQLStore?
    private var connection: PostgresBenchConnection?
    private var memory = ImportMemory()

    init(fixture: PostgresStoreFixture, side: Side, samples: Int) {
        name = side == .store ? "store" : "postgres-batch"
        self.fixture = fixture
        self.side = side
        fixedSamples = samples
    }

    var skipReason: String? { fixture.server.unavailableReason }
    var metrics: [String: Double] { memory.metrics }
    /// The fixture's check already ran both imports once.
    var runsUntimedFirst: Bool { false }

    func prepare() throws {
        let prepared = try fixture.prepared()
        try release()
        let schema = try fixture.server.freshSchema(name)
        self.schema = schema
        switch side {
        case .store:
            store = try PostgresStoreFixture.registeredStore(prepared.connected, schema: schema, entity: prepared.input.entity)
        case .batch:
            connection = try PostgresStoreFixture.baselineConnection(prepared.connected, schema: schema, entity: prepared.input.entity)
        }
        memory.start()
    }

    func run() throws -> Int {
        let input = try fixture.prepared().input
        let count = fixture.payload.count
        let written: Int
        switch side {
        case .store:
            guard let store else { throw BaselineError("not prepared") }
            let document = input.document
            let entity = input.entity
            let result = try AsyncBridge.wait {
                do {
                    return try await store.map(document, with: entity)
                } catch {
                    throw BaselineError(PostgresBenchConnection.oneLine(error))
                }
            }
            guard result.inserted == count, result.updated == 0 else {
                throw BaselineError("\(result.inserted) inserted, \(result.updated) updated; expected \(count) inserted")
            }
            written = result.objects.count
        case .batch:
            guard let connection else { throw BaselineError("not prepared") }
            let elements = input.elements
            written = try AsyncBridge.wait {
                do {
                    return try await PostgresBatchImport(elements).write(on: connection)
                } catch {
                    throw BaselineError(PostgresBenchConnection.describe(error))
                }
            }
        }
        memory.finish()
        return written
    }

    /// Closes the last sample's store or connection and drops its schema.
    private func release() throws {
        if let store {
            self.store = nil
            try AsyncBridge.wait { await store.close() }
        }
        if let connection {
            self.connection = nil
            try AsyncBridge.wait { await connection.close() }
        }
        if let schema {
            self.schema = nil
            try fixture.server.drop(schema)
        }
    }
}
