internal import GRDB
public import RestKitCore
public import RestKitMapping

extension SQLiteStore {
    /// Maps each element of an array (or one object) into `entity`'s table: find-or-create by
    /// the identification columns, in one transaction.
    ///
    /// An element whose identity is already stored is mapped onto the stored object (keys the
    /// element lacks keep their stored values); a payload naming the same object twice yields
    /// one row with the later values. With a modification attribute
    /// (``EntityMapping/modificationColumn``), a stored object whose element is not newer is
    /// skipped: returned as stored and counted in ``StoreMappingResult/unchanged``. Any mapping or SQL error rolls the whole operation back
    /// and names the element's key path (`"3.id"`) and the entity.
    ///
    /// ```swift
    /// let result = try await store.map(Registry.default.parse(body, as: .json), with: articles)
    /// result.inserted   // 2
    /// result.unchanged  // 0 (objects skipped by the modification attribute)
    /// ```
    ///
    /// - Throws: ``StoreError``: `.mapping` (with the ``MappingError``), `.typeMismatch`,
    ///   `.missingIdentification`, `.notRegistered` or `.database`.
    public func map<Model: Sendable>(
        _ representation: Representation, with entity: EntityMapping<Model>, options: MappingOptions = MappingOptions()
    ) async throws(StoreError) -> StoreMappingResult<Model> {
        try checkRegistered(entity)
        let schema = TableSchema(entity)
        do {
            return try await writer.write { db in
                try Self.map(representation, with: entity, schema: schema, options: options, in: db)
            }
        } catch {
            throw Self.databaseError(error, entity: entity.table, doing: "mapping into the table")
        }
    }

    private struct Seen<Model> {
        enum Status { case inserted, updated, unchanged }
        var model: Model
        var position: Int
        var status: Status
        /// The object's modification value as stored (`.null` without a modification attribute).
        var modification: DatabaseValue
    }

    private static func map<Model>(
        _ representation: Representation, with entity: EntityMapping<Model>, schema: TableSchema,
        options: MappingOptions, in db: Database
    ) throws -> StoreMappingResult<Model> {
        let table = entity.table
        // The elements, and whether they are an array's (their key paths start with the index,
        // made into text only for an error).
        let elements: [Representation]
        let inArray: Bool
        if representation.isNull {
            (elements, inArray) = ([], false)
        } else if let array = representation.arrayValue {
            (elements, inArray) = (array, true)
        } else {
            (elements, inArray) = ([representation], false)
        }
        let loading = loadingOptions(options)
        let find = try db.cachedStatement(sql: schema.select + " " + schema.whereIdentified)
        let upsert = try db.cachedStatement(sql: schema.upsert)
        var seen: [[DatabaseValue]: Seen<Model>] = [:]
        var objects: [Model] = []
        var inserted = 0
        var updated = 0
        var unchanged = 0
        let modificationIndex = entity.modificationIndex
        for (index, element) in elements.enumerated() {
            func path(_ keyPath: String) -> String {
                guard inArray else { return keyPath }
                return keyPath.isEmpty ? String(index) : "\(index).\(keyPath)"
            }
            guard element.kind == .object else {
                throw StoreError(.typeMismatch, "expected an object, found \(element.kind)", entity: table, keyPath: path(""))
            }
            // The identity, from the payload.
            var identity: [DatabaseValue] = []
            for column in entity.identificationColumns {
                let value = try ColumnValues.databaseValue(
                    element[keyPath: column.keyPath], for: column, options: options, entity: table, keyPath: path(column.keyPath))
                guard !value.isNull else {
                    throw StoreError(
                        .missingIdentification, "no value for identification attribute '\(column.keyPath)'",
                        entity: table, keyPath: path(column.keyPath), column: column.name)
                }
                identity.append(value)
            }
            // The element's modification value, in its stored form (nil: none, map as usual).
            var incomingModification: DatabaseValue?
            if let column = entity.modificationColumn {
                let value = try ColumnValues.databaseValue(
                    element[keyPath: column.keyPath], for: column, options: options, entity: table, keyPath: path(column.keyPath))
                incomingModification = value.isNull ? nil : value
            }
            func isUnchanged(_ stored: DatabaseValue) -> Bool {
                guard let incomingModification, let column = entity.modificationColumn else { return false }
                return ModificationRule.isUnchanged(incoming: incomingModification, stored: stored, type: column.type)
            }
            // Find (this operation's identity map, then the table) or create, and map; an
            // element that is not newer than the stored object is skipped.
            var model: Model
            let position: Int
            let status: Seen<Model>.Status
            if let known = seen[identity] {
                if isUnchanged(known.modification) { continue }
                model = known.model
                position = known.position
                try mapping(entity, path: path) { () throws(MappingError) in try entity.mapping.map(element, into: &model, options: options) }
                status = known.status == .unchanged ? .updated : known.status
                if known.status == .unchanged {
                    unchanged -= 1
                    updated += 1
                }
            } else if let row = try Row.fetchOne(find, arguments: StatementArguments(identity)) {
                model = try load(row, entity: entity, loading: loading)
                position = objects.count
                objects.append(model)
                if let modificationIndex, modificationIndex < row.count, isUnchanged(row[modificationIndex]) {
                    unchanged += 1
                    seen[identity] = Seen(model: model, position: position, status: .unchanged, modification: row[modificationIndex])
                    continue
                }
                try mapping(entity, path: path) { () throws(MappingError) in try entity.mapping.map(element, into: &model, options: options) }
                updated += 1
                status = .updated
            } else {
                model = try mapping(entity, path: path) { () throws(MappingError) in try entity.mapping.map(element, options: options) }
                position = objects.count
                objects.append(model)
                inserted += 1
                status = .inserted
            }
            objects[position] = model
            // Store: the model back into a representation, each column read from it.
            let stored = try mapping(entity, path: path) { () throws(MappingError) in try entity.mapping.representation(of: model, options: options) }
            var values: [DatabaseValue] = []
            values.reserveCapacity(entity.columns.count)
            for column in entity.columns {
                values.append(try ColumnValues.databaseValue(
                    stored[keyPath: column.keyPath], for: column, options: options, entity: table, keyPath: path(column.keyPath)))
            }
            for (column, position) in zip(entity.identificationColumns, entity.identificationIndices) {
                guard !values[position].isNull else {
                    throw StoreError(
                        .missingIdentification, "the mapped object has no value for identification attribute '\(column.keyPath)'",
                        entity: table, keyPath: path(column.keyPath), column: column.name)
                }
            }
            try upsert.execute(arguments: StatementArguments(values))
            seen[identity] = Seen(model: model, position: position, status: status, modification: modificationIndex.map { values[$0] } ?? .null)
        }
        return StoreMappingResult(objects: objects, inserted: inserted, updated: updated, unchanged: unchanged)
    }

    /// Runs a mapping step, turning its error into `.mapping` with the element's key path.
    private static func mapping<Model, T>(
        _ entity: EntityMapping<Model>, path: (String) -> String, _ body: () throws(MappingError) -> T
    ) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            var located = error
            located.keyPath = path(error.keyPath)
            throw StoreError(.mapping, error.reason, entity: entity.table, keyPath: located.keyPath, mappingError: located)
        }
    }

    /// `options` for reading stored rows: stored dates are ISO 8601 text or epoch seconds,
    /// whatever the payload's formats were, so those are tried first.
    static func loadingOptions(_ options: MappingOptions) -> MappingOptions {
        var loading = options
        loading.dateFormats = [.iso8601, .epochSeconds] + options.dateFormats
        return loading
    }

    /// The model stored in `row` (the columns of ``TableSchema/select``), read with
    /// ``loadingOptions(_:)``.
    static func load<Model>(_ row: Row, entity: EntityMapping<Model>, loading: MappingOptions) throws(StoreError) -> Model {
        let object = ColumnValues.object(from: row, columns: entity.columns, keys: entity.columnKeys)
        do {
            return try entity.mapping.map(object, options: loading)
        } catch {
            let identity = entity.identificationColumns.map { "\($0.name)=\(object[keyPath: $0.keyPath]?.description ?? "NULL")" }
            throw StoreError(
                .mapping, "the stored row (\(identity.joined(separator: ", "))) cannot be mapped: \(error)",
                entity: entity.table, keyPath: error.keyPath, mappingError: error)
        }
    }
}
