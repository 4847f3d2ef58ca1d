import Foundation
public import RestKitCore
import RestKitDefaults
import RestKitMapping

/// Entities declared in JSON rather than in Swift, for tools with no model types (`rk seed`,
/// `rk query`): each becomes an ``EntityMapping`` of ``StoredObject``s built on a real
/// ``ObjectMapping`` (``StoredObject/mapping(for:dateFormats:)``).
///
/// ```json
/// {"entities": [{
///     "name": "Article",
///     "table": "articles",
///     "rootKeyPath": "articles",
///     "attributes": {"id": "integer", "title": "text",
///                    "author.name": {"type": "text", "column": "author"},
///                    "published_at": "dateText"},
///     "identification": ["id"],
///     "modificationAttribute": "published_at",
///     "searchable": ["title", "author.name"],
///     "dateFormats": ["iso8601", "monthDayYear"]
/// }]}
/// ```
///
/// Required: `entities` (at least one), and for each `name` and `attributes` (key path →
/// type, or `{"type": …, "column": …}`). Optional: `table` (default: the name in snake case),
/// `rootKeyPath`, `identification` (default: inferred, see ``EntityMapping``),
/// `modificationAttribute`, `searchable` (text attributes), `dateFormats` (`iso8601`,
/// `epochSeconds`, `monthDayYear`, `dateTime`, `rfc1123`, `rfc850`, `asctime`, `dotNet`).
/// Unknown fields are refused; every error names the field by its JSON path.
///
/// ```swift
/// let declared = try DeclaredMapping(contentsOf: "mapping.json")
/// for declaredEntity in declared.entities { try await store.register(declaredEntity.entity) }
/// ```
public struct DeclaredMapping: Sendable {
    /// The entities, in declaration order.
    public let entities: [DeclaredEntity]

    /// Reads the declaration in the JSON file at `path`.
    ///
    /// ```swift
    /// let declared = try DeclaredMapping(contentsOf: "mapping.json")
    /// ```
    ///
    /// - Throws: ``DeclarationError`` (with ``DeclarationError/file`` set): `.unreadable`,
    ///   `.syntax` (with the line and column), `.invalidField`, `.invalidEntity`.
    public init(contentsOf path: String) throws(DeclarationError) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "cannot read the file"
            throw DeclarationError(.unreadable, reason, file: path)
        }
        do {
            try self.init(json: bytes)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// Reads a declaration from JSON text.
    ///
    /// ```swift
    /// let declared = try DeclaredMapping(json: Array(#"{"entities": [{"name": "Tag", "attributes": {"id": "integer"}}]}"#.utf8))
    /// ```
    ///
    /// - Throws: ``DeclarationError`` `.syntax`, `.invalidField`, `.invalidEntity`.
    public init(json: some Sequence<UInt8>) throws(DeclarationError) {
        let document: Representation
        do {
            document = try Registry.default.parse(json, as: .json)
        } catch let error as ParseError {
            throw DeclarationError(.syntax, error.reason, location: error.location)
        } catch {
            throw DeclarationError(.syntax, "\(error)")
        }
        try self.init(document)
    }

    /// Reads a declaration from its representation (the parsed JSON).
    ///
    /// ```swift
    /// let declared = try DeclaredMapping(["entities": [["name": "Tag", "attributes": ["id": "integer"]]]])
    /// ```
    ///
    /// - Throws: ``DeclarationError`` `.invalidField`, `.invalidEntity`.
    public init(_ document: Representation) throws(DeclarationError) {
        let root = try DeclarationFields(document, at: "")
        try root.rejectUnknown(["entities"])
        let list = try root.required("entities")
        guard let elements = list.arrayValue else {
            throw DeclarationFields.invalid("entities", "expected an array of entities, found \(DeclarationFields.kindName(list))")
        }
        guard !elements.isEmpty else { throw DeclarationFields.invalid("entities", "declare at least one entity") }
        var entities: [DeclaredEntity] = []
        for (index, element) in elements.enumerated() {
            let path = DeclarationFields.path("entities", index: index)
            let entity = try Self.entity(element, at: path)
            if entities.contains(where: { $0.name == entity.name }) {
                throw DeclarationFields.invalid(path + ".name", "entity '\(entity.name)' is declared twice")
            }
            if entities.contains(where: { $0.table.lowercased() == entity.table.lowercased() }) {
                throw DeclarationFields.invalid(path + ".table", "table '\(entity.table)' is used by two entities")
            }
            entities.append(entity)
        }
        self.entities = entities
    }

    /// The entity called `name`, or whose table is `name`.
    ///
    /// ```swift
    /// declared.entity(named: "Article")?.table   // "articles"
    /// ```
    public func entity(named name: String) -> DeclaredEntity? {
        entities.first { $0.name == name } ?? entities.first { $0.table == name }
    }

    static let entityFields = [
        "name", "table", "rootKeyPath", "attributes", "identification", "modificationAttribute", "searchable", "dateFormats",
        "relationships",
    ]

    static let dateFormatNames: KeyValuePairs<String, DateFormat> = [
        "iso8601": .iso8601, "epochSeconds": .epochSeconds, "monthDayYear": .monthDayYear, "dateTime": .dateTime,
        "rfc1123": .rfc1123, "rfc850": .rfc850, "asctime": .asctime, "dotNet": .dotNet,
    ]

    private static func entity(_ value: Representation, at path: String) throws(DeclarationError) -> DeclaredEntity {
        let fields = try DeclarationFields(value, at: path)
        try fields.rejectUnknown(entityFields)
        let name = try fields.requiredString("name")
        let table = try fields.string("table") ?? snakeCase(name)
        do {
            try SQLName.validate(table, what: "table", entity: nil)
        } catch {
            throw DeclarationFields.invalid(fields.path(of: fields.members["table"] == nil ? "name" : "table"), error.reason)
        }
        let rootKeyPath = try fields.string("rootKeyPath")
        let columns = try attributes(fields)
        let keyPaths = columns.map(\.keyPath)
        func attribute(_ keyPath: String, at path: String) throws(DeclarationError) -> Column {
            guard let column = columns.first(where: { $0.keyPath == keyPath }) else {
                throw DeclarationFields.invalid(path, "'\(keyPath)' is not a declared attribute (declared: \(keyPaths.joined(separator: ", ")))")
            }
            return column
        }
        let identification = try fields.strings("identification") ?? []
        if fields.members["identification"] != nil, identification.isEmpty {
            throw DeclarationFields.invalid(fields.path(of: "identification"), "name at least one attribute, or leave the field out to infer it")
        }
        for (index, keyPath) in identification.enumerated() {
            _ = try attribute(keyPath, at: DeclarationFields.path(fields.path(of: "identification"), index: index))
        }
        let modification = try fields.string("modificationAttribute")
        if let modification {
            let column = try attribute(modification, at: fields.path(of: "modificationAttribute"))
            guard column.type != .boolean, column.type != .blob else {
                throw DeclarationFields.invalid(
                    fields.path(of: "modificationAttribute"), "'\(modification)' is \(column.type): use a text, number or date attribute")
            }
        }
        let searchable = try fields.strings("searchable") ?? []
        for (index, keyPath) in searchable.enumerated() {
            let at = DeclarationFields.path(fields.path(of: "searchable"), index: index)
            let column = try attribute(keyPath, at: at)
            guard column.type == .text else { throw DeclarationFields.invalid(at, "'\(keyPath)' is \(column.type): only text attributes are searchable") }
        }
        var dateFormats: [DateFormat] = []
        for (index, formatName) in (try fields.strings("dateFormats") ?? []).enumerated() {
            guard let format = dateFormatNames.first(where: { $0.key == formatName })?.value else {
                throw DeclarationFields.invalid(
                    DeclarationFields.path(fields.path(of: "dateFormats"), index: index),
                    "unknown date format '\(formatName)' (expected \(dateFormatNames.map(\.key).joined(separator: ", ")))")
            }
            dateFormats.append(format)
        }
        // MARK: relationships (reserved)
        // Relationship declarations go here once the store's relationship API lands; until
        // then the field is known (so the error says so) but refused.
        if fields.members["relationships"] != nil {
            throw DeclarationFields.invalid(fields.path(of: "relationships"), "relationships are not supported by declared mappings yet")
        }
        var mapping = StoredObject.mapping(for: columns, dateFormats: dateFormats)
        mapping.identificationAttributes = identification
        let entity: EntityMapping<StoredObject>
        do {
            entity = try EntityMapping(
                mapping, table: table, entityName: name, columns: columns, modificationAttribute: modification, searchable: searchable)
        } catch {
            var field = path
            if let keyPath = error.keyPath, keyPaths.contains(keyPath) {
                field = DeclarationFields.path(fields.path(of: "attributes"), key: keyPath)
            }
            throw DeclarationError(.invalidEntity, error.reason, field: field, storeError: error)
        }
        return DeclaredEntity(name: name, rootKeyPath: rootKeyPath, entity: entity, dateFormats: dateFormats)
    }

    /// The columns of `attributes`: `"key.path": "type"` or `{"type": "type", "column": "name"}`.
    private static func attributes(_ fields: DeclarationFields) throws(DeclarationError) -> [Column] {
        let attributes = try DeclarationFields(fields.required("attributes"), at: fields.path(of: "attributes"))
        guard !attributes.members.isEmpty else { throw DeclarationFields.invalid(attributes.path, "declare at least one attribute") }
        var columns: [Column] = []
        for (keyPath, value) in attributes.members {
            let path = attributes.path(of: keyPath)
            guard !keyPath.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0.hasPrefix("@") }) else {
                throw DeclarationFields.invalid(path, "a key path is plain keys joined by '.' (no empty keys, no @operators)")
            }
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

    /// `BlogPost` → `blog_post`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase {
                if index > 0 { result.append("_") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
