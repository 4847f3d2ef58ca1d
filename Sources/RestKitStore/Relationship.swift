public import RestKitMapping

/// How an entity's related objects, nested in its payload, are stored: the objects at
/// ``keyPath`` are mapped into their own entity (find-or-create by its identification) and
/// linked to the parent by a foreign key or a join table.
///
/// The parent's `ObjectMapping` maps the same key path into the model (as any
/// relationship); the store then hands it the related objects as stored — merged with what
/// was stored before, and, with `.union`, all the linked ones.
///
/// ```swift
/// let articles = try EntityMapping(articleMapping, table: "articles", columns: [
///     Column("id", .integer), Column("title", .text),
/// ], relationships: [
///     .toOne("author", authors),                       // column articles.author_id
///     .toMany("comments", comments),                   // column comments.article_id
///     .manyToMany("tags", tags, policy: .union),       // join table articles_tags
/// ])
/// ```
///
/// Assignment policies, for the to-many kinds (RestKit's): `.set` links exactly the objects
/// in the payload (the others are unlinked, not deleted); `.replace` does the same and deletes
/// the rows it unlinks; `.union` adds the payload's objects to those already linked. A key
/// missing from an element leaves its relationship as stored; `null` clears it.
public struct Relationship: Sendable {
    /// Where the link is kept.
    public enum Storage: Sendable, Hashable {
        /// Columns in the parent's table holding the related object's identification
        /// (`<prefix>_<identification column>`, the prefix by default the key path with `_`
        /// for `.`).
        case foreignKey(prefix: String?)
        /// Columns in the related objects' table holding the parent's identification
        /// (`<prefix>_<identification column>`, the prefix by default the parent's entity
        /// name in snake case): each related object belongs to one parent.
        case foreignKeyInDestination(prefix: String?)
        /// A join table (by default `<parent table>_<key path>`) with the parent's and the
        /// related object's identification (`parent_…`, `child_…`) and the position in the
        /// payload: related objects can be shared.
        case joinTable(name: String?)

        /// Whether a relationship kept this way holds many objects (all but `.foreignKey`).
        public var isToMany: Bool {
            if case .foreignKey = self { return false }
            return true
        }
    }

    /// The key path of the related object (to-one) or array (to-many) in the parent's payload.
    public let keyPath: String
    /// Where the link is kept.
    public let storage: Storage
    /// How a payload's related objects combine with those already linked (to-many only).
    public let policy: AssignmentPolicy
    /// The related entity, without its model type.
    let destination: EntitySchema

    /// Whether the relationship holds many objects.
    public var isToMany: Bool { storage.isToMany }

    /// A to-one relationship kept in foreign-key columns of the parent's table.
    ///
    /// ```swift
    /// .toOne("author", authors)                          // articles.author_id
    /// .toOne("author", authors, foreignKey: "writer")    // articles.writer_id
    /// ```
    public static func toOne<Child>(_ keyPath: String, _ entity: EntityMapping<Child>, foreignKey prefix: String? = nil) -> Relationship {
        Relationship(keyPath: keyPath, storage: .foreignKey(prefix: prefix), policy: .set, destination: entity.schema)
    }

    /// A to-many relationship kept in foreign-key columns of the related objects' table (each
    /// related object belongs to one parent, as comments to an article).
    ///
    /// ```swift
    /// .toMany("comments", comments)                       // comments.article_id
    /// .toMany("comments", comments, policy: .replace)     // comments no longer listed are deleted
    /// ```
    public static func toMany<Child>(
        _ keyPath: String, _ entity: EntityMapping<Child>, foreignKey prefix: String? = nil, policy: AssignmentPolicy = .set
    ) -> Relationship {
        Relationship(keyPath: keyPath, storage: .foreignKeyInDestination(prefix: prefix), policy: policy, destination: entity.schema)
    }

    /// A to-many relationship kept in a join table (related objects shared between parents,
    /// as tags), in payload order.
    ///
    /// ```swift
    /// .manyToMany("tags", tags)                                  // join table articles_tags
    /// .manyToMany("tags", tags, joinTable: "tagging", policy: .union)
    /// ```
    public static func manyToMany<Child>(
        _ keyPath: String, _ entity: EntityMapping<Child>, joinTable: String? = nil, policy: AssignmentPolicy = .set
    ) -> Relationship {
        Relationship(keyPath: keyPath, storage: .joinTable(name: joinTable), policy: policy, destination: entity.schema)
    }
}
