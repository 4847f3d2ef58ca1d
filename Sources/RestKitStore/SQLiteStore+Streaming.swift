import Foundation
internal import GRDB
public import RestKitCore
public import RestKitMapping

/// What an import without models did (``SQLiteStore/importElements(of:with:options:deletingOrphansIn:)``,
/// or the streaming ``SQLiteStore/importElements(ofFile:parser:with:options:chunkSize:progress:)``).
///
/// ```swift
/// let summary = try await store.importElements(ofFile: "articles.json", parser: { JSONElementStreamParser() }, with: articles)
/// print(summary.elements, summary.inserted, summary.updated, summary.unchanged)
/// ```
public struct StoreImportSummary: Sendable, Hashable {
    /// Elements read from the document.
    public var elements = 0
    /// Elements that created a row (distinct objects, for an in-memory payload).
    public var inserted = 0
    /// Elements that updated a row (a second element naming the same object counts here).
    public var updated = 0
    /// Elements skipped by the modification attribute.
    public var unchanged = 0
    /// Stored objects deleted as orphans (``SQLiteStore/importElements(of:with:options:deletingOrphansIn:)``).
    public var deleted = 0
    /// Bytes read from the file.
    public var bytes = 0
}

extension SQLiteStore {
    /// Imports the elements of an array in a document file as the file is read, in one
    /// transaction and in flat memory whatever the file's size: each element is parsed, found
    /// or created by its identification, merged and written before the next is read. No
    /// objects are returned (there may be millions); read them back with
    /// ``objects(of:options:)`` or ``search(_:matching:limit:options:)``.
    ///
    /// `parser` makes the element parser: `JSONElementStreamParser(keyPath: "articles")` for
    /// JSON (RestKitJSON), or any `ElementStreamParser`. Relationships, connections and the
    /// modification attribute work as in ``map(_:with:options:deletingOrphansIn:caching:)``; a payload naming the same
    /// object twice updates the row written by the first element.
    ///
    /// ```swift
    /// let summary = try await store.importElements(
    ///     ofFile: "/data/articles.json", parser: { JSONElementStreamParser(keyPath: "articles") }, with: articles)
    /// summary.inserted   // 1_000_000
    /// ```
    ///
    /// - Parameters:
    ///   - path: the document file.
    ///   - makeParser: makes the element parser (called once per import).
    ///   - entity: the entity the elements are mapped into (registered).
    ///   - options: the mapping options.
    ///   - chunkSize: bytes read at a time.
    ///   - progress: called (on the store's writer thread) with the bytes read so far, after each chunk.
    /// - Throws: ``StoreError``: `.file` when the file cannot be read, `.parse` (with the
    ///   parser's line, column and byte offset), or any error of ``map(_:with:options:deletingOrphansIn:caching:)``, its
    ///   key path starting with the array's key path and the element's index
    ///   (`"articles.12.title"`). Nothing is written then.
    public func importElements<Model: Sendable, Parser: ElementStreamParser & ~Copyable>(
        ofFile path: String, parser makeParser: @escaping @Sendable () -> Parser, with entity: EntityMapping<Model>,
        options: MappingOptions = MappingOptions(), chunkSize: Int = 1 << 20, progress: (@Sendable (Int) -> Void)? = nil
    ) async throws(StoreError) -> StoreImportSummary {
        try await log.recording("import-file", entity: entity.table) { () async throws(StoreError) in
            try checkRegistered(entity)
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw StoreError(.file, "cannot open '\(path)' for reading", entity: entity.table)
            }
            defer { try? file.close() }
            let chunkSize = max(chunkSize, 1)
            do {
                return try await writer.write { db in
                    var parser = makeParser()
                    return try StoreTransaction.importElements(
                        ofFile: file, path: path, parser: &parser, with: entity, options: options, chunkSize: chunkSize,
                        progress: progress, in: SQLiteSession(db))
                }
            } catch {
                throw databaseError(error, entity: entity.table, doing: "importing '\(path)'")
            }
        }
    }
}
