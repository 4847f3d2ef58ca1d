internal import GRDB
public import RestKitMapping

extension PostgreSQLStore {
    /// The stored objects of `entity` whose searchable columns match `query`, best match first
    /// (PostgreSQL's `ts_rank`, normalized by length), at most `limit`.
    ///
    /// The query syntax is ``SQLiteStore``'s: words (all must match), `AND`, `OR`, `NOT`
    /// (upper case; `a NOT b`, `a AND NOT b`), `"exact phrases"`, `prefix*`. Every word and
    /// phrase reaches `to_tsquery` quoted, never as `tsquery` syntax. Matching folds case, and
    /// diacritics too where the server has the `unaccent` extension (Debian's and most
    /// packages of PostgreSQL ship it; ``register(_:changingSchema:)`` installs it). Unlike
    /// FTS5, a phrase may run from the end of one searchable column into the next.
    ///
    /// ```swift
    /// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
    ///     Column("id", .integer), Column("title", .text), Column("body", .text),
    /// ], searchable: ["title", "body"])
    /// try await store.register(articles)
    /// let hits = try await store.search(articles, matching: #"swift OR "object store" NOT draft*"#, limit: 10)
    /// ```
    ///
    /// - Throws: ``StoreError`` `.invalidQuery` (with ``StoreError/position``) for malformed
    ///   query text or a limit below 1; `.invalidEntity` when `entity` has no searchable
    ///   columns; `.notRegistered`, `.mapping`, `.database`.
    public func search<Model: Sendable>(
        _ entity: EntityMapping<Model>, matching query: String, limit: Int = 20, options: MappingOptions = MappingOptions()
    ) async throws(StoreError) -> [Model] {
        try checkRegistered(entity)
        let translated = try SearchQuery(query, searching: entity, limit: limit)
        let sql = PostgresSearchIndex(entity.schema).search
        guard let tsquery = translated.tsquery else { return [] }   // only terms without words
        return try await transaction(.read, entity: entity.table, doing: "searching") { session in
            try StoreTransaction.fetch(sql, arguments: [tsquery.databaseValue, limit.databaseValue], entity: entity, options: options, in: session)
        }
    }
}
