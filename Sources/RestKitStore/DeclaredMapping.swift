import Foundation
public import RestKitCore
import RestKitDefaults
import RestKitMapping

/// Entities declared in JSON rather than in Swift, for tools with no model types (`rk seed`,
/// `rk query`): each becomes an ``EntityMapping`` of ``StoredObject``s built on a real
/// `ObjectMapping` (``StoredObject/mapping(for:dateFormats:related:)``).
///
/// ```json
/// {"entities": [
///   {"name": "Article", "table": "articles", "rootKeyPath": "articles",
///    "attributes": {"id": "integer", "title": "text",
///                   "author.name": {"type": "text", "column": "author"},
///                   "published_at": "dateText"},
///    "identification": ["id"],
///    "modificationAttribute": "published_at",
///    "searchable": ["title", "author.name"],
///    "dateFormats": ["iso8601", "monthDayYear"],
///    "relationships": {"tags": {"entity": "Tag", "kind": "manyToMany", "joinTable": "article_tags", "policy": "union"}}},
///   {"name": "Tag", "attributes": {"id": "integer", "label": "text"}}
/// ]}
/// ```
///
/// Required: `entities` (at least one), and for each `name` and `attributes` (key path →
/// type, or `{"type": …, "column": …}`). Optional: `table` (default: the name in snake case),
/// `rootKeyPath`, `identification` (default: inferred, see ``EntityMapping``),
/// `modificationAttribute`, `searchable` (text attributes), `stopWords` (words left out of
/// search queries, ``EntityMapping/stopWords``), `dateFormats` (`iso8601`,
/// `epochSeconds`, `monthDayYear`, `dateTime`, `rfc1123`, `rfc850`, `asctime`, `dotNet`),
/// `relationships` (key path → `entity`, `kind` `toOne`/`toMany`/`manyToMany`, optional
/// `foreignKey` prefix or `joinTable`, `policy` `set`/`replace`/`union`: ``Relationship``) and
/// `connections` (key path → optional `entity` (default: itself), `kind` `toOne`/`toMany`,
/// `where` {this entity's attribute: the other's}: ``Connection``). Entities are built after
/// those they name; a cycle is refused. Unknown fields are refused; every error names the field
/// by its JSON path.
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
        var drafts: [DeclaredEntityDraft] = []
        for (index, element) in elements.enumerated() {
            let draft = try DeclaredEntityDraft(element, at: DeclarationFields.path("entities", index: index))
            if drafts.contains(where: { $0.name == draft.name }) {
                throw DeclarationFields.invalid(draft.path + ".name", "entity '\(draft.name)' is declared twice")
            }
            if drafts.contains(where: { $0.table.lowercased() == draft.table.lowercased() }) {
                throw DeclarationFields.invalid(draft.path + ".table", "table '\(draft.table)' is used by two entities")
            }
            drafts.append(draft)
        }
        var builder = DeclaredEntityBuilder(drafts: drafts)
        var entities: [DeclaredEntity] = []
        for draft in drafts { entities.append(try builder.build(draft.name, via: [])) }
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
}
