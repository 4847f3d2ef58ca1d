import RestKitCore
import RestKitMapping

/// One entity of a declared mapping, read and checked field by field but not built yet: its
/// relationships name other entities, which must be built first (see
/// ``DeclaredMapping/init(_:)``).
struct DeclaredEntityDraft {
    /// A declared relationship (`"relationships": {"author": {"entity": "Author", "kind": "toOne"}}`).
    struct RelationshipDraft {
        enum Kind: String, CaseIterable { case toOne, toMany, manyToMany }
        let keyPath: String
        let entity: String
        let kind: Kind
        /// The foreign-key prefix (`toOne`, `toMany`) or the join table (`manyToMany`).
        let storageName: String?
        let policy: AssignmentPolicy
        /// The JSON path of the declaration, and of its `entity` field.
        let path: String
        let entityPath: String
    }

    /// A declared connection (`"connections": {"author": {"entity": "Author", "where": {"author_id": "id"}}}`).
    struct ConnectionDraft {
        let keyPath: String
        /// `nil`: the entity itself.
        let entity: String?
        let isToMany: Bool
        let attributes: [(source: String, destination: String)]
        let path: String
        let entityPath: String
    }

    let path: String
    let name: String
    let table: String
    let rootKeyPath: String?
    let columns: [Column]
    let identification: [String]
    let modification: String?
    let searchable: [String]
    let stopWords: [String]
    let dateFormats: [DateFormat]
    let relationships: [RelationshipDraft]
    let connections: [ConnectionDraft]
    /// The JSON path of each attribute, relationship and connection, by key path.
    let fieldPaths: [String: String]

    static let fields = [
        "name", "table", "rootKeyPath", "attributes", "identification", "modificationAttribute", "searchable", "stopWords",
        "dateFormats", "relationships", "connections",
    ]

    static let dateFormatNames: KeyValuePairs<String, DateFormat> = [
        "iso8601": .iso8601, "epochSeconds": .epochSeconds, "monthDayYear": .monthDayYear, "dateTime": .dateTime,
        "rfc1123": .rfc1123, "rfc850": .rfc850, "asctime": .asctime, "dotNet": .dotNet,
    ]

    static let policies: KeyValuePairs<String, AssignmentPolicy> = ["set": .set, "replace": .replace, "union": .union]

    init(_ value: Representation, at path: String) throws(DeclarationError) {
        let fields = try DeclarationFields(value, at: path)
        try fields.rejectUnknown(Self.fields)
        self.path = path
        name = try fields.requiredString("name")
        table = try fields.string("table") ?? EntitySchema.snakeCase(name)
        do {
            try SQLName.validate(table, what: "table", entity: nil)
        } catch {
            throw DeclarationFields.invalid(fields.path(of: fields.members["table"] == nil ? "name" : "table"), error.reason)
        }
        rootKeyPath = try fields.string("rootKeyPath")
        let columns = try Self.attributes(fields)
        self.columns = columns
        var fieldPaths: [String: String] = [:]
        let attributesPath = fields.path(of: "attributes")
        for column in columns { fieldPaths[column.keyPath] = DeclarationFields.path(attributesPath, key: column.keyPath) }
        let keyPaths = columns.map(\.keyPath)
        func attribute(_ keyPath: String, at path: String) throws(DeclarationError) -> Column {
            guard let column = columns.first(where: { $0.keyPath == keyPath }) else {
                throw DeclarationFields.invalid(path, "'\(keyPath)' is not a declared attribute (declared: \(keyPaths.joined(separator: ", ")))")
            }
            return column
        }
        identification = try fields.strings("identification") ?? []
        if fields.members["identification"] != nil, identification.isEmpty {
            throw DeclarationFields.invalid(fields.path(of: "identification"), "name at least one attribute, or leave the field out to infer it")
        }
        for (index, keyPath) in identification.enumerated() {
            _ = try attribute(keyPath, at: DeclarationFields.path(fields.path(of: "identification"), index: index))
        }
        modification = try fields.string("modificationAttribute")
        if let modification {
            let column = try attribute(modification, at: fields.path(of: "modificationAttribute"))
            guard column.type != .boolean, column.type != .blob else {
                throw DeclarationFields.invalid(
                    fields.path(of: "modificationAttribute"), "'\(modification)' is \(column.type): use a text, number or date attribute")
            }
        }
        searchable = try fields.strings("searchable") ?? []
        for (index, keyPath) in searchable.enumerated() {
            let at = DeclarationFields.path(fields.path(of: "searchable"), index: index)
            let column = try attribute(keyPath, at: at)
            guard column.type == .text else { throw DeclarationFields.invalid(at, "'\(keyPath)' is \(column.type): only text attributes are searchable") }
        }
        stopWords = try fields.strings("stopWords") ?? []
        if !stopWords.isEmpty, searchable.isEmpty {
            throw DeclarationFields.invalid(fields.path(of: "stopWords"), "stop words need searchable attributes")
        }
        var dateFormats: [DateFormat] = []
        for (index, formatName) in (try fields.strings("dateFormats") ?? []).enumerated() {
            guard let format = Self.dateFormatNames.first(where: { $0.key == formatName })?.value else {
                throw DeclarationFields.invalid(
                    DeclarationFields.path(fields.path(of: "dateFormats"), index: index),
                    "unknown date format '\(formatName)' (expected \(Self.dateFormatNames.map(\.key).joined(separator: ", ")))")
            }
            dateFormats.append(format)
        }
        self.dateFormats = dateFormats
        relationships = try Self.relationships(fields, paths: &fieldPaths)
        connections = try Self.connections(fields, keyPaths: keyPaths, paths: &fieldPaths)
        self.fieldPaths = fieldPaths
    }

    /// The columns of `attributes`: `"key.path": "type"` or `{"type": "type", "column": "name"}`.
    private static func attributes(_ fields: DeclarationFields) throws(DeclarationError) -> [Column] {
        let attributes = try DeclarationFields(fields.required("attributes"), at: fields.path(of: "attributes"))
        guard !attributes.members.isEmpty else { throw DeclarationFields.invalid(attributes.path, "declare at least one attribute") }
        var columns: [Column] = []
        for (keyPath, value) in attributes.members {
            let path = attributes.path(of: keyPath)
            try checkKeyPath(keyPath, at: path)
            let typeName: String
            let typePath: String
            var columnName: String?
            if value.kind == .object {
                let spec = try DeclarationFields(value, at: path)
                try spec.rejectUnknown(["type", "column"])
                typeName = try spec.requiredString("type")
                typePath = spec.path(of: "type")
                columnName = try spec.string("column")
            } else if value.kind == .string {
                typeName = try DeclarationFields.string(value, at: path)
                typePath = path
            } else {
                throw DeclarationFields.invalid(path, "expected a type name or {\"type\": …, \"column\": …}, found \(DeclarationFields.kindName(value))")
            }
            guard let type = ColumnType(rawValue: typeName) else {
                throw DeclarationFields.invalid(
                    typePath, "unknown type '\(typeName)' (expected \(ColumnType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let column = Column(keyPath, type, name: columnName)
            do {
                try SQLName.validate(column.name, what: "column", entity: nil)
            } catch {
                throw DeclarationFields.invalid(columnName == nil ? path : DeclarationFields.path(path, key: "column"), error.reason)
            }
            if let other = columns.first(where: { $0.name.lowercased() == column.name.lowercased() }) {
                throw DeclarationFields.invalid(path, "column '\(column.name)' is also the column of '\(other.keyPath)'")
            }
            columns.append(column)
        }
        return columns
    }

    private static func checkKeyPath(_ keyPath: String, at path: String) throws(DeclarationError) {
        guard !keyPath.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0.hasPrefix("@") }) else {
            throw DeclarationFields.invalid(path, "a key path is plain keys joined by '.' (no empty keys, no @operators)")
        }
    }

    // MARK: Relationships and connections

    /// `"relationships": {"author": {"entity": "Author", "kind": "toOne", "foreignKey": "writer"},
    /// "tags": {"entity": "Tag", "kind": "manyToMany", "joinTable": "post_tags", "policy": "union"}}`.
    private static func relationships(_ fields: DeclarationFields, paths: inout [String: String]) throws(DeclarationError) -> [RelationshipDraft] {
        guard let value = fields.members["relationships"] else { return [] }
        let list = try DeclarationFields(value, at: fields.path(of: "relationships"))
        var drafts: [RelationshipDraft] = []
        for (keyPath, value) in list.members {
            let path = list.path(of: keyPath)
            try checkKeyPath(keyPath, at: path)
            let spec = try DeclarationFields(value, at: path)
            try spec.rejectUnknown(["entity", "kind", "foreignKey", "joinTable", "policy"])
            let kindName = try spec.requiredString("kind")
            guard let kind = RelationshipDraft.Kind(rawValue: kindName) else {
                throw DeclarationFields.invalid(
                    spec.path(of: "kind"), "unknown kind '\(kindName)' (expected \(RelationshipDraft.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let foreignKey = try spec.string("foreignKey")
            let joinTable = try spec.string("joinTable")
            if kind == .manyToMany, foreignKey != nil {
                throw DeclarationFields.invalid(spec.path(of: "foreignKey"), "a manyToMany relationship is kept in a join table: use joinTable")
            }
            if kind != .manyToMany, joinTable != nil {
                throw DeclarationFields.invalid(spec.path(of: "joinTable"), "only a manyToMany relationship has a join table: use foreignKey")
            }
            var policy = AssignmentPolicy.set
            if let policyName = try spec.string("policy") {
                guard kind != .toOne else { throw DeclarationFields.invalid(spec.path(of: "policy"), "a toOne relationship has no assignment policy") }
                guard let found = policies.first(where: { $0.key == policyName })?.value else {
                    throw DeclarationFields.invalid(
                        spec.path(of: "policy"), "unknown policy '\(policyName)' (expected \(policies.map(\.key).joined(separator: ", ")))")
                }
                policy = found
            }
            paths[keyPath] = path
            drafts.append(RelationshipDraft(
                keyPath: keyPath, entity: try spec.requiredString("entity"), kind: kind, storageName: foreignKey ?? joinTable, policy: policy,
                path: path, entityPath: spec.path(of: "entity")))
        }
        return drafts
    }

    /// `"connections": {"author": {"entity": "Author", "kind": "toOne", "where": {"author_id": "id"}}}`
    /// (`entity` left out: the entity itself).
    private static func connections(
        _ fields: DeclarationFields, keyPaths: [String], paths: inout [String: String]
    ) throws(DeclarationError) -> [ConnectionDraft] {
        guard let value = fields.members["connections"] else { return [] }
        let list = try DeclarationFields(value, at: fields.path(of: "connections"))
        var drafts: [ConnectionDraft] = []
        for (keyPath, value) in list.members {
            let path = list.path(of: keyPath)
            try checkKeyPath(keyPath, at: path)
            let spec = try DeclarationFields(value, at: path)
            try spec.rejectUnknown(["entity", "kind", "where"])
            let kindName = try spec.requiredString("kind")
            guard kindName == "toOne" || kindName == "toMany" else {
                throw DeclarationFields.invalid(spec.path(of: "kind"), "unknown kind '\(kindName)' (expected toOne, toMany)")
            }
            let conditions = try DeclarationFields(spec.required("where"), at: spec.path(of: "where"))
            guard !conditions.members.isEmpty else {
                throw DeclarationFields.invalid(conditions.path, "name at least one pair: {\"attribute of this entity\": \"attribute of the other\"}")
            }
            var attributes: [(source: String, destination: String)] = []
            for (source, destination) in conditions.members {
                guard keyPaths.contains(source) else {
                    throw DeclarationFields.invalid(conditions.path(of: source), "'\(source)' is not a declared attribute (declared: \(keyPaths.joined(separator: ", ")))")
                }
                attributes.append((source, try DeclarationFields.string(destination, at: conditions.path(of: source))))
            }
            paths[keyPath] = path
            drafts.append(ConnectionDraft(
                keyPath: keyPath, entity: try spec.string("entity"), isToMany: kindName == "toMany", attributes: attributes, path: path,
                entityPath: spec.path(of: "entity")))
        }
        return drafts
    }
}
