import Foundation
import GRDB
import RestKit
import RestKitStore

/// The input of the `store` group, built on first use (so a run filtered to other groups does
/// not pay for it): an ``ArticlePageDocument`` of `count` articles (fixed seed), parsed once
/// with `Registry.default` (parsing is timed on neither side), the entity, and a check that
/// the store and the hand-written GRDB import write identical rows.
///
/// ```swift
/// let payload = StorePayload(count: 100_000)
/// let input = try payload.input()   // generated, parsed and checked on the first call
/// ```
final class StorePayload: @unchecked Sendable {
    /// What the workloads import.
    struct Input: Sendable {
        /// The JSON text's size.
        let bytes: Int
        /// The parsed document (an array of `count` objects).
        let document: Representation
        /// Its elements, for the baseline (taken out of the array once, untimed).
        let elements: [Representation]
        let entity: EntityMapping<StoreArticle>
        /// The same entity with `published_at` as its modification attribute.
        let versionedEntity: EntityMapping<StoreArticle>
    }

    /// Objects in the document.
    let count: Int
    private let lock = NSLock()
    private var built: Result<Input, any Error>?

    init(count: Int) {
        self.count = count
    }

    /// The input, built (and checked) on the first call; the same error on every call after a failure.
    func input() throws -> Input {
        try lock.withLock {
            let result = built ?? Result { try build() }
            built = result
            return try result.get()
        }
    }

    /// The document's size once built, else `nil`.
    var inputBytes: Int? {
        lock.withLock { try? built?.get().bytes }
    }

    private func build() throws -> Input {
        var random = SplitMix64(seed: GeneratedDocuments.seed &+ 100)
        let bytes = ArticlePageDocument.generate(count: count, &random)
        let document = try Registry.default.parse(bytes, as: .json)
        guard let elements = document.arrayValue, elements.count == count else {
            throw BaselineError("the generated document is not an array of \(count) objects")
        }
        let input = Input(
            bytes: bytes.count, document: document, elements: elements, entity: try StoreArticle.entity(),
            versionedEntity: try StoreArticle.entity(modificationAttribute: "published_at"))
        try check(input)
        return input
    }

    /// Imports the document once each way (the store; the hand-written statement) and throws
    /// unless both files hold the same rows, value for value.
    private func check(_ input: Input) throws {
        let storePath = try StoreDatabaseFiles.fresh("check-store")
        let baselinePath = try StoreDatabaseFiles.fresh("check-grdb")
        defer {
            StoreDatabaseFiles.remove(storePath)
            StoreDatabaseFiles.remove(baselinePath)
        }
        do {
            let store = try StoreImportWorkload.emptyStore(path: storePath, entity: input.entity)
            let result = try AsyncBridge.wait { try await store.map(input.document, with: input.entity) }
            guard result.inserted == count else { throw BaselineError("the store inserted \(result.inserted) of \(count) rows") }
        }
        do {
            let pool = try GRDBPreparedWorkload.emptyDatabase(path: baselinePath, entity: input.entity)
            _ = try GRDBPreparedWorkload.upsert(input.elements, into: pool)
        }
        let sql = "SELECT * FROM articles ORDER BY id"
        let configuration = GRDBPreparedWorkload.configuration
        let stored = try DatabaseQueue(path: storePath, configuration: configuration).read { try Row.fetchAll($0, sql: sql) }
        let written = try DatabaseQueue(path: baselinePath, configuration: configuration).read { try Row.fetchAll($0, sql: sql) }
        guard stored.count == count, written.count == count else {
            throw BaselineError("check: \(stored.count) rows from the store, \(written.count) from GRDB, \(count) expected")
        }
        if let index = stored.indices.first(where: { stored[$0] != written[$0] }) {
            throw BaselineError("check: row \(index) differs: store \(stored[index]), GRDB \(written[index])")
        }
    }
}
