import Foundation
import RestKit
import RestKitStore

/// An article's author (to-one, shared between articles): table `authors`.
struct StoreAuthor: Sendable {
    var id = 0
    var name = ""
}

/// An article's tag (many-to-many, shared): table `tags`, linked through `articles_tags`.
struct StoreTag: Sendable {
    var id = 0
    var name = ""
}

/// The model the `store` group imports: an ``ArticlePageDocument`` element with its author
/// and tags.
struct StoreArticle: Sendable {
    var id = 0
    var title = ""
    var body = ""
    var score = 0.0
    var views = 0
    var published = false
    var publishedAt: Date?
    var author: StoreAuthor?
    var tags: [StoreTag] = []

    static let authorMapping = ObjectMapping(StoreAuthor.init) { author in
        author.map("id", to: \.id)
        author.map("name", to: \.name)
    }

    static let tagMapping = ObjectMapping(StoreTag.init) { tag in
        tag.map("id", to: \.id)
        tag.map("name", to: \.name)
    }

    static let mapping = ObjectMapping(StoreArticle.init) { article in
        article.map("id", to: \.id)
        article.map("title", to: \.title)
        article.map("body", to: \.body)
        article.map("score", to: \.score)
        article.map("views", to: \.views)
        article.map("published", to: \.published)
        article.map("published_at", to: \.publishedAt)
        article.relationship("author", to: \.author, mapping: authorMapping)
        article.relationship("tags", to: \.tags, mapping: tagMapping)
    }

    /// The entity: table `articles` identified by `id` (inferred), one column per attribute,
    /// title and body full-text indexed (`articles_search`); the author a to-one relationship
    /// (column `articles.author_id`, table `authors`), the tags many-to-many (join table
    /// `articles_tags`: `parent_id`, `child_id`, `position`; table `tags`). With
    /// `modificationAttribute`, objects whose value there is not newer are skipped.
    static func entity(modificationAttribute: String? = nil) throws -> EntityMapping<StoreArticle> {
        let authors = try EntityMapping(authorMapping, table: "authors", columns: [Column("id", .integer), Column("name", .text)])
        let tags = try EntityMapping(tagMapping, table: "tags", columns: [Column("id", .integer), Column("name", .text)])
        return try EntityMapping(mapping, table: "articles", columns: [
            Column("id", .integer),
            Column("title", .text),
            Column("body", .text),
            Column("score", .real),
            Column("views", .integer),
            Column("published", .boolean),
            Column("published_at", .dateText),
        ], modificationAttribute: modificationAttribute, searchable: ["title", "body"],
        relationships: [.toOne("author", authors), .manyToMany("tags", tags)])
    }
}
