import Foundation
internal import GRDB
import RestKitCore
import RestKitMapping

/// The work of the stores' operations inside one transaction (or one consistent read), written
/// once over ``StoreSession``: ``SQLiteStore`` and ``PostgreSQLStore`` open the transaction,
/// run one of these in it, and turn what it throws into a ``StoreError``.
enum StoreTransaction {
    /// Maps each element into `entity`'s table (find-or-create by identity), deletes the
    /// orphans of `orphans`, records `response` for its path; returns the models.
    static func map<Model>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions,
        deletingOrphans orphans: OrphanDeletion? = nil, caching response: CachedResponse? = nil, in session: any StoreSession
    ) throws -> StoreMappingResult<Model> {
        let schema = entity.schema
        let (elements, inArray) = self.elements(of: representation)
        var importing = StoreImport(session: session, options: options)
        try importing.prefetch(elements, schema: schema)
        // The distinct objects in the order first seen, with the element that first named them.
        var order: [(identity: [DatabaseValue], index: Int)] = []
        for (index, element) in elements.enumerated() {
            let location = StoreImport.Location(parent: nil, index: inArray ? index : nil)
            let (identity, _, isFirst) = try importing.importElement(element, schema: schema, at: location, validates: false)
            if isFirst { order.append((identity, index)) }
        }
        let deleted = try orphans?.delete(keeping: Set(order.map(\.identity)), in: session) ?? 0
        // Now that every row is written, connections (to objects later in the payload too),
        // then the models.
        var objects: [Model] = []
        objects.reserveCapacity(order.count)
        var counts = (inserted: 0, updated: 0, unchanged: 0)
        let imported = importing.seen[schema.table] ?? [:]
        for (identity, index) in order {
            guard let object = imported[identity] else { continue }
            switch object.status {
            case .inserted: counts.inserted += 1
            case .updated: counts.updated += 1
            case .unchanged: counts.unchanged += 1
            }
            let representation = try importing.rows.connecting(
                importing.representation(of: object, schema: schema), values: object.values, schema: schema)
            do {
                objects.append(try entity.mapping.map(representation, options: importing.loading))
            } catch {
                var located = StoreImport.mappingError(error, entity: schema.table, at: StoreImport.Location(parent: nil, index: inArray ? index : nil))
                located.object = StoreImport.describe(identity, schema: schema)
                throw located
            }
        }
        if let response {
            try ResponseCacheTable.record(response, schema: schema, identities: order.map(\.identity), in: session)
        }
        return StoreMappingResult(
            objects: objects, inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged, deleted: deleted)
    }

    /// Maps each element into `entity`'s table as ``map(_:with:options:deletingOrphans:caching:in:)``
    /// does, returning counts instead of models.
    static func importElements<Model>(
        of representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions,
        deletingOrphans orphans: OrphanDeletion?, in session: any StoreSession
    ) throws -> StoreImportSummary {
        let schema = entity.schema
        var importing = StoreImport(session: session, options: options)
        var summary = StoreImportSummary()
        var order: [[DatabaseValue]] = []
        let (elements, inArray) = self.elements(of: representation)
        try importing.prefetch(elements, schema: schema)
        for (index, element) in elements.enumerated() {
            let location = StoreImport.Location(parent: nil, index: inArray ? index : nil)
            let (identity, _, isFirst) = try importing.importElement(element, schema: schema, at: location, validates: true)
            summary.elements += 1
            if isFirst { order.append(identity) }
        }
        let imported = importing.seen[schema.table] ?? [:]
        for identity in order {
            switch imported[identity]?.status {
            case .inserted: summary.inserted += 1
            case .updated: summary.updated += 1
            case .unchanged: summary.unchanged += 1
            case nil: break
            }
        }
        if let orphans { summary.deleted = try orphans.delete(keeping: Set(order), in: session) }
        return summary
    }

    /// Streams the array at the parser's key path in `file` into `entity`'s table, element by
    /// element, remembering none (any size in flat memory).
    static func importElements<Model, Parser: ElementStreamParser & ~Copyable>(
        ofFile file: FileHandle, path: String, parser: inout Parser, with entity: EntityMapping<Model>, options: MappingOptions,
        chunkSize: Int, progress: (@Sendable (Int) -> Void)?, in session: any StoreSession
    ) throws -> StoreImportSummary {
        let schema = entity.schema
        var importing = StoreImport(session: session, options: options, remembers: false)
        let arrayPath = parser.keyPath
        var summary = StoreImportSummary()
        func consume(_ elements: [Representation]) throws {
            try importing.prefetch(elements, schema: schema)   // each chunk's stored rows, read ahead together
            for element in elements {
                let location = StoreImport.Location(parent: arrayPath, index: summary.elements)
                let (_, imported, _) = try importing.importElement(element, schema: schema, at: location, validates: true)
                summary.elements += 1
                switch imported.status {
                case .inserted: summary.inserted += 1
                case .updated: summary.updated += 1
                case .unchanged: summary.unchanged += 1
                }
            }
        }
        do {
            while true {
                let chunk: Data?
                do {
                    chunk = try file.read(upToCount: chunkSize)
                } catch {
                    throw StoreError(.file, "cannot read '\(path)': \(error.localizedDescription)", entity: entity.table)
                }
                guard let chunk, !chunk.isEmpty else { break }
                summary.bytes += chunk.count
                try consume(try chunk.withUnsafeBytes { (raw) throws(ParseError) in try parser.append(raw) })
                progress?(summary.bytes)
            }
            try consume(try parser.finish())
        } catch let error as ParseError {
            throw StoreError(.parse, "'\(path)': \(error)", entity: entity.table)
        }
        return summary
    }

    /// The models of the rows `sql` selects with `arguments`.
    static func fetch<Model>(
        _ sql: String, arguments: [DatabaseValue], entity: EntityMapping<Model>, options: MappingOptions, in session: any StoreSession
    ) throws -> [Model] {
        let loading = loadingOptions(options)
        let rows = StoredRows(session: session)
        return try rows.rows(sql, arguments).map { values in try load(values, entity: entity, rows: rows, loading: loading) }
    }

    /// Every stored object of `entity`, in the order first stored.
    static func objects<Model>(of entity: EntityMapping<Model>, options: MappingOptions, in session: any StoreSession) throws -> [Model] {
        let dialect = session.dialect
        return try fetch(entity.schema.sql(dialect).select + " ORDER BY \(dialect.rowOrder)", arguments: [], entity: entity, options: options, in: session)
    }

    /// The stored object of `entity` with `identity` (values in identification order).
    static func object<Model>(
        of entity: EntityMapping<Model>, identifiedBy identity: [DatabaseValue], options: MappingOptions, in session: any StoreSession
    ) throws -> Model? {
        let table = entity.schema.sql(session.dialect)
        return try fetch(table.select + " " + table.whereIdentified, arguments: identity, entity: entity, options: options, in: session).first
    }

    /// The objects the cache entry of `path` lists, or `nil` without an entry for `entity`.
    static func cachedObjects<Model>(
        for path: String, of entity: EntityMapping<Model>, options: MappingOptions, in session: any StoreSession
    ) throws -> [Model]? {
        guard let entry = try ResponseCacheTable.entry(for: path, in: session), entry.entity == entity.table else { return nil }
        let columns = entity.schema.storedColumns.map { "t." + SQLName.quoted($0.name) }.joined(separator: ", ")
        let sql = ResponseCacheTable.rowsSQL(select: columns, table: entity.table, dialect: session.dialect)
        return try fetch(sql, arguments: [path.databaseValue], entity: entity, options: options, in: session)
    }

    /// The identification values of `identity` (one value for a single identification
    /// attribute, or an object with every identification key path).
    static func identityValues<Model>(
        _ identity: Representation, of entity: EntityMapping<Model>, options: MappingOptions
    ) throws(StoreError) -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        for column in entity.identificationColumns {
            let value: Representation?
            if entity.identificationColumns.count == 1, identity.kind != .object {
                value = identity
            } else {
                value = identity.kind == .object ? identity[keyPath: column.keyPath] : nil
            }
            let databaseValue: DatabaseValue
            do {
                databaseValue = try ColumnValues.databaseValue(value, for: column, options: options, entity: entity.table, keyPath: column.keyPath)
            } catch {
                throw StoreError(.invalidIdentity, error.reason, entity: entity.table, keyPath: column.keyPath, column: column.name)
            }
            guard !databaseValue.isNull else {
                throw StoreError(
                    .invalidIdentity, "the identity has no value for '\(column.keyPath)'", entity: entity.table,
                    keyPath: column.keyPath, column: column.name)
            }
            values.append(databaseValue)
        }
        return values
    }

    /// The elements of a payload (an array's, one object, none for `null`), and whether they
    /// are an array's (their key paths then start with the index).
    static func elements(of representation: Representation) -> (elements: [Representation], inArray: Bool) {
        if representation.isNull { return ([], false) }
        if let array = representation.arrayValue { return (array, true) }
        return ([representation], false)
    }

    /// `options` for reading stored rows: stored dates are ISO 8601 text or epoch seconds,
    /// whatever the payload's formats were, so those are tried first.
    static func loadingOptions(_ options: MappingOptions) -> MappingOptions {
        var loading = options
        loading.dateFormats = [.iso8601, .epochSeconds] + options.dateFormats
        return loading
    }

    /// The model of a stored row (the entity's stored columns), with its related objects, read
    /// with ``loadingOptions(_:)``.
    static func load<Model>(_ values: [DatabaseValue], entity: EntityMapping<Model>, rows: StoredRows, loading: MappingOptions) throws -> Model {
        let object = try rows.representation(values, schema: entity.schema)
        do {
            return try entity.mapping.map(object, options: loading)
        } catch {
            let identity = zip(entity.identificationColumns, StoredRows.identity(values, schema: entity.schema)).map { column, value in
                "\(column.name)=\(value)"
            }
            throw StoreError(
                .mapping, "the stored row (\(identity.joined(separator: ", "))) cannot be mapped: \(error)",
                entity: entity.table, keyPath: error.keyPath, mappingError: error)
        }
    }
}
