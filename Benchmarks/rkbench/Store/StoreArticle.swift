import Foundation
import RestKit
import RestKitStore

/// The model the `store` group imports: the attributes of an ``ArticlePageDocument`` element,
/// with the author's name flattened from `author.name`.
struct StoreArticle: Sendable {
    var id = 0
    var title = ""
    var score = 0.0
    var views = 0
    var published = false
    var publishedAt: Date?
    var authorName = ""

    /// The entity: table `articles`, identified by `id` (inferred), one column per attribute;
    /// with `modificationAttribute`, objects whose value there is not newer are skipped.
    static func entity(modificationAttribute: String? = nil) throws -> EntityMapping<StoreArticle> {
        let mapping = ObjectMapping(StoreArticle.init) { article in
            article.map("id", to: \.id)
            article.map("title", to: \.title)
            article.map("score", to: \.score)
            article.map("views", to: \.views)
            article.map("published", to: \.published)
            article.map("published_at", to: \.publishedAt)
            article.map("author.name", to: \.authorName)
        }
        return try EntityMapping(mapping, table: "articles", columns: [
            Column("id", .integer),
            Column("title", .text),
            Column("score", .real),
            Column("views", .integer),
            Column("published", .boolean),
            Column("published_at", .dateText),
            Column("author.name", .text),  // column author_name
        ], modificationAttribute: modificationAttribute)
    }
}
