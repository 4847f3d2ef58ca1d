internal import GRDB
public import RestKitMapping

extension SQLiteStore {
    /// The stored objects of `entity` whose searchable columns match `query`, best match first
    /// (SQLite FTS5's bm25 rank), at most `limit`.
    ///
    /// Matching folds case and diacritics (`Cafe` finds `café`). The query: words (all must
    /// match), `AND`, `OR`, `NOT` (upper case; `a NOT b`, `a AND NOT b`), `"exact phrases"`,
    /// `prefix*`. Every word and phrase reaches FTS5 quoted, never as FTS5 syntax.
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
        return try await fetch(
            SearchIndexSchema(entity.schema).search, arguments: [translated.fts5.databaseValue, limit.databaseValue], entity: entity, options: options, doing: "searching")
    }
}
