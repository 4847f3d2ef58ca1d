internal import GRDB
import RestKitCore
import RestKitMapping

/// One mapping operation inside a write transaction: each element found (in this operation's
/// identity map, then in its table) or created, merged with what was stored, its related
/// objects imported into their own entities and linked, and its row written.
///
/// The representation an object is finally mapped from is the element merged over the stored
/// object (keys the element lacks keep their stored values), with its related objects as
/// stored — so a returned object is what reading it back would give.
struct StoreImport {
    enum Status { case inserted, updated, unchanged }

    /// One object written (or skipped) by this operation.
    struct Imported {
        var values: [DatabaseValue]
        /// The representation the object maps from; `nil` for one skipped as unchanged, read
        /// from ``values`` when needed (``representation(of:schema:)``).
        var representation: Representation?
        var status: Status
    }

    /// Where an element is in the payload, made into text only for errors.
    struct Location {
        let parent: String?
        let index: Int?

        static let root = Location(parent: nil, index: nil)

        /// The key path of `keyPath` inside the element (`"3.author.name"`).
        func text(_ keyPath: String = "") -> String {
            var parts: [String] = []
            if let parent, !parent.isEmpty { parts.append(parent) }
            if let index { parts.append(String(index)) }
            if !keyPath.isEmpty { parts.append(keyPath) }
            return parts.joined(separator: ".")
        }
    }

    let session: any StoreSession
    let options: MappingOptions
    /// `options` for stored values: ISO 8601 and epoch dates first.
    let loading: MappingOptions
    let rows: StoredRows
    /// This operation's identity map, per table.
    private(set) var seen: [String: [[DatabaseValue]: Imported]] = [:]
    /// Whether objects are kept in ``seen``; a streaming import of any size keeps none (a
    /// second element naming an object finds it in its table instead).
    let remembers: Bool
    /// Per table, whether it was empty when the operation first used it (then only this
    /// operation's own rows can exist, and they are in ``seen``: no lookup is needed).
    private var wasEmpty: [String: Bool] = [:]

    private mutating func tableWasEmpty(_ table: String) throws -> Bool {
        if let known = wasEmpty[table] { return known }
        let empty = try remembers && session.isEmpty(table)
        wasEmpty[table] = empty
        return empty
    }

    init(session: any StoreSession, options: MappingOptions, remembers: Bool = true) {
        self.session = session
        self.options = options
        self.remembers = remembers
        loading = StoreTransaction.loadingOptions(options)
        rows = StoredRows(session: session)
    }

    /// Reads ahead the stored rows of the elements' identities and of the related objects they
    /// name, at every level (those that have an identity; the import itself reports the
    /// others), so that a backend across a network finds them in a few statements per table
    /// instead of one each.
    mutating func prefetch(_ elements: [Representation], schema: EntitySchema) throws {
        guard session.readsAhead else { return }
        // Tables empty when the operation began hold only its own rows: nothing to read.
        var needed: Set<String> = []
        for reached in schema.reachable(followingConnections: false) where try !tableWasEmpty(reached.table) { needed.insert(reached.table) }
        guard !needed.isEmpty else { return }
        var wanted: [String: (schema: EntitySchema, identities: [[DatabaseValue]], listed: Set<[DatabaseValue]>)] = [:]
        var order: [String] = []
        func gather(_ elements: [Representation], of schema: EntitySchema) {
            let reads = needed.contains(schema.table)
            for element in elements where element.kind == .object {
                if reads, let identity = try? identity(of: element, schema: schema, at: .root) {
                    if wanted[schema.table] == nil {
                        wanted[schema.table] = (schema, [], [])
                        order.append(schema.table)
                    }
                    if wanted[schema.table]?.listed.insert(identity).inserted == true {
                        wanted[schema.table]?.identities.append(identity)
                    }
                }
                for relationship in schema.relationships {
                    guard let value = element[keys: relationship.keys] else { continue }
                    gather(value.arrayValue ?? [value], of: relationship.destination)
                }
            }
        }
        gather(elements, of: schema)
        for table in order {
            guard let (schema, identities, _) = wanted[table] else { continue }
            try session.prefetchRows(of: schema.sql(session.dialect), identifiedBy: identities)
        }
    }

    /// The identity of `element` for `schema`.
    /// `value` as `column` stores it, refused — at its key path — when the database cannot hold
    /// it (a NUL character in PostgreSQL text).
    func columnValue(_ value: Representation?, for column: Column, entity table: String, at location: Location) throws(StoreError) -> DatabaseValue {
        let converted = try ColumnValues.databaseValue(value, for: column, options: options, entity: table, keyPath: location.text(column.keyPath))
        if let reason = session.dialect.refusal(of: converted) {
            throw StoreError(.typeMismatch, reason, entity: table, keyPath: location.text(column.keyPath), column: column.name)
        }
        return converted
    }

    func identity(of element: Representation, schema: EntitySchema, at location: Location) throws(StoreError) -> [DatabaseValue] {
        var identity: [DatabaseValue] = []
        identity.reserveCapacity(schema.identificationColumns.count)
        for (position, column) in zip(schema.identificationIndices, schema.identificationColumns) {
            let value = try columnValue(element[keys: schema.columnKeys[position]], for: column, entity: schema.table, at: location)
            guard !value.isNull else {
                throw StoreError(
                    .missingIdentification, "no value for identification attribute '\(column.keyPath)'",
                    entity: schema.table, keyPath: location.text(column.keyPath), column: column.name)
            }
            identity.append(value)
        }
        return identity
    }

    /// Imports one element of `schema` (and, recursively, its related objects); `validates`
    /// maps the result with the entity's mapping to check it (the top level is mapped by the
    /// caller instead).
    mutating func importElement(
        _ element: Representation, schema: EntitySchema, at location: Location, validates: Bool
    ) throws -> (identity: [DatabaseValue], imported: Imported, isFirst: Bool) {
        let table = schema.table
        guard element.kind == .object else {
            throw StoreError(.typeMismatch, "expected an object, found \(element.kind)", entity: table, keyPath: location.text())
        }
        let identity = try self.identity(of: element, schema: schema, at: location)
        do {
            return try importIdentified(element, identity: identity, schema: schema, at: location, validates: validates)
        } catch var error as StoreError {
            if error.object == nil { error.object = Self.describe(identity, schema: schema) }
            throw error
        }
    }

    /// `id=12`, `team="core", user=7`: an identity in errors.
    static func describe(_ identity: [DatabaseValue], schema: EntitySchema) -> String {
        zip(schema.identificationColumns, identity).map { "\($0.keyPath)=\($1)" }.joined(separator: ", ")
    }

    /// ``importElement(_:schema:at:validates:)`` once the element's identity is known.
    private mutating func importIdentified(
        _ element: Representation, identity: [DatabaseValue], schema: EntitySchema, at location: Location, validates: Bool
    ) throws -> (identity: [DatabaseValue], imported: Imported, isFirst: Bool) {
        let table = schema.table
        let tableSQL = schema.sql(session.dialect)
        // What is stored already: from this operation, or from the table.
        let known = seen[table]?[identity]
        var storedValues = known?.values
        if storedValues == nil, try !tableWasEmpty(table), let row = try session.storedRow(of: tableSQL, identifiedBy: identity) {
            storedValues = row
        }
        // Skipped by the modification attribute?
        var unchanged = false
        if let storedValues, let column = schema.modificationColumn, let index = schema.modificationIndex {
            let incoming = try columnValue(element[keys: schema.columnKeys[index]], for: column, entity: table, at: location)
            if !incoming.isNull, index < storedValues.count {
                unchanged = ModificationRule.isUnchanged(incoming: incoming, stored: storedValues[index], type: column.type)
            }
        }
        if unchanged && !schema.mapsRelationshipsWhenUnchanged {
            if let known { return (identity, known, false) }
            let values = storedValues ?? []
            let imported = Imported(values: values, representation: nil, status: .unchanged)
            if remembers { seen[table, default: [:]][identity] = imported }
            return (identity, imported, true)
        }

        // The row's values: stored, overlaid with the element's (unless skipped).
        let replacesWhole = options.assignsNilForMissingKeys
        var values = storedValues ?? Array(repeating: .null, count: schema.storedColumns.count)
        if !unchanged {
            for (index, column) in schema.columns.enumerated() {
                if let value = element[keys: schema.columnKeys[index]] {
                    values[index] = try columnValue(value, for: column, entity: table, at: location)
                } else if replacesWhole, !schema.identificationIndices.contains(index) {
                    values[index] = .null
                }
            }
        }

        // Named again in this operation with the same values and no related objects: nothing to
        // merge, check or write (shared authors and tags named by many articles).
        if let known, values == known.values, known.representation != nil,
            !schema.relationships.contains(where: { element[keys: $0.keys] != nil })
        {
            return (identity, known, false)
        }

        // The related objects the element names, imported and linked.
        var related: [(keys: [String], representation: Representation?)] = []
        var present: Set<String> = []
        for relationship in schema.relationships {
            guard let value = element[keys: relationship.keys] else { continue }
            present.insert(relationship.keyPath)
            related.append((relationship.keys, try importRelated(
                value, relationship: relationship, parent: identity, parentValues: &values, existed: storedValues != nil,
                at: Location(parent: location.text(relationship.keyPath), index: nil))))
        }

        // The representation to map: the element over the stored object, related objects as stored.
        var object: OrderedDictionary<String, Representation>
        if let storedValues, !replacesWhole {
            let stored: Representation
            if let known, let representation = known.representation {
                stored = representation
            } else {
                stored = try rows.representation(storedValues, schema: schema, skipping: present, connections: false)
            }
            object = stored.objectValue ?? [:]
            if !unchanged, let members = element.objectValue { Self.merge(members, into: &object) }
        } else if related.isEmpty {
            object = [:]
        } else {
            object = element.objectValue ?? [:]
        }
        for (keys, representation) in related {
            if let representation {
                Representation.set(representation, at: keys, in: &object)
            } else {
                Representation.set(.null, at: keys, in: &object)
            }
        }
        let representation: Representation = (storedValues == nil || replacesWhole) && related.isEmpty ? element : .object(object)
        if validates {
            do {
                try schema.validate(representation, loading)
            } catch {
                throw Self.mappingError(error, entity: table, at: location)
            }
        }

        for (column, position) in zip(schema.identificationColumns, schema.identificationIndices) where values[position].isNull {
            throw StoreError(
                .missingIdentification, "no value for identification attribute '\(column.keyPath)'",
                entity: table, keyPath: location.text(column.keyPath), column: column.name)
        }
        // A row that would not change is not written again (nor re-indexed for search).
        if values != storedValues {
            try session.upsert(values, into: tableSQL)
        }

        let status: Status
        switch (known?.status, storedValues) {
        case (.some(.unchanged), _): status = unchanged ? .unchanged : .updated
        case (.some(let earlier), _): status = earlier
        case (nil, .some): status = unchanged ? .unchanged : .updated
        case (nil, nil): status = .inserted
        }
        let imported = Imported(values: values, representation: representation, status: status)
        if remembers { seen[table, default: [:]][identity] = imported }
        return (identity, imported, known == nil)
    }

    /// The representation of an imported object (read from its row for a skipped one).
    func representation(of imported: Imported, schema: EntitySchema) throws -> Representation {
        if let representation = imported.representation { return representation }
        return try rows.representation(imported.values, schema: schema)
    }

    /// Imports the related objects at one relationship's key path and links them to the
    /// parent; returns their representation for the parent (`nil`: `null`).
    private mutating func importRelated(
        _ value: Representation, relationship: RelationshipSchema, parent: [DatabaseValue], parentValues: inout [DatabaseValue],
        existed: Bool, at location: Location
    ) throws -> Representation? {
        let destination = relationship.destination
        if case .foreignKey = relationship.storage {
            guard !value.isNull else {
                for offset in relationship.foreignKeys.indices { parentValues[relationship.foreignKeyOffset + offset] = .null }
                return nil
            }
            let (identity, child, _) = try importElement(value, schema: destination, at: location, validates: true)
            for (offset, part) in identity.enumerated() { parentValues[relationship.foreignKeyOffset + offset] = part }
            return try representation(of: child, schema: destination)
        }
        // To-many: an array, one object, or null for none.
        let elements: [Representation]
        if value.isNull {
            elements = []
        } else if let array = value.arrayValue {
            elements = array
        } else {
            elements = [value]
        }
        var identities: [[DatabaseValue]] = []
        var representations: [Representation] = []
        var listed: Set<[DatabaseValue]> = []
        for (index, element) in elements.enumerated() {
            let (identity, child, _) = try importElement(
                element, schema: destination, at: Location(parent: location.parent, index: value.arrayValue == nil ? nil : index), validates: true)
            guard listed.insert(identity).inserted else { continue }
            identities.append(identity)
            representations.append(try representation(of: child, schema: destination))
        }
        let statements = relationship.statements(session.dialect)
        let before = existed ? try session.rows(statements.linkedIdentities, parent) : []
        let removed = relationship.policy == .union ? [] : before.filter { !listed.contains($0) }
        let deleteDestination = destination.sql(session.dialect).deleteIdentified
        switch relationship.storage {
        case .foreignKey:
            break
        case .foreignKeyInDestination:
            for identity in removed {
                try session.execute(relationship.policy == .replace ? deleteDestination : statements.unlink, identity)
            }
            for identity in identities { try session.execute(statements.link, parent + identity) }
        case .joinTable:
            var position = 0
            if relationship.policy == .union {
                position = try session.firstRow(statements.nextPosition, parent)?.first.flatMap { Int.fromDatabaseValue($0) } ?? 0
            } else {
                try session.deleteLinks(of: parent, in: relationship)
            }
            if relationship.policy == .replace {
                for identity in removed {
                    try session.execute(statements.deleteLinksToDestination, identity)
                    try session.execute(deleteDestination, identity)
                }
            }
            for identity in identities {
                try session.insertLink(parent: parent, child: identity, position: position, in: relationship)
                position += 1
            }
        }
        for identity in removed where relationship.policy == .replace { seen[destination.table]?[identity] = nil }
        guard relationship.policy == .union, !before.isEmpty else { return .array(representations) }
        // Union: every linked object, as stored.
        var all: [Representation] = []
        for row in try session.rows(statements.linkedRows, parent) {
            all.append(try rows.representation(row, schema: destination))
        }
        return .array(all)
    }

    /// `overlay`'s members over `object`'s: objects merged key by key, anything else replaced.
    static func merge(_ overlay: OrderedDictionary<String, Representation>, into object: inout OrderedDictionary<String, Representation>) {
        for (key, value) in overlay {
            if let nested = value.objectValue, var existing = object[key]?.objectValue {
                merge(nested, into: &existing)
                object[key] = .object(existing)
            } else {
                object[key] = value
            }
        }
    }

    /// A mapping error as `.mapping`, its key path inside the element.
    static func mappingError(_ error: MappingError, entity: String, at location: Location) -> StoreError {
        var located = error
        located.keyPath = location.text(error.keyPath)
        return StoreError(.mapping, error.reason, entity: entity, keyPath: located.keyPath, mappingError: located)
    }
}

extension Representation {
    /// The value at already split keys (`nil` when a key is missing or a value on the way is
    /// not an object).
    subscript(keys keys: [String]) -> Representation? {
        if keys.count == 1 { return self[keys[0]] }
        var current = self
        for key in keys {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }
}
