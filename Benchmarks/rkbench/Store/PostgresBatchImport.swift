import Foundation
import PostgresNIO
import RestKit

/// The rows of a page of articles as a hand-written postgres-nio import writes them: the best
/// a user would write by hand for the store's tables, in one transaction.
///
/// Values are read straight out of the parsed elements (no model, no mapping) into one row
/// list per table — authors and tags once each (first position, last values, as the store's
/// upserts leave them), articles with their `author_id`, links with their position — then sent
/// as multi-row upserts of ``rowsPerStatement`` rows, every value a bound parameter of its
/// own type (`int8`, `text`, `float8`, `bool`, in binary where postgres-nio does so):
///
/// 1. `INSERT INTO authors (id, name) VALUES ($1, $2), … ON CONFLICT (id) DO UPDATE SET name = excluded.name`;
/// 2. the same into `tags`;
/// 3. `INSERT INTO articles (id, title, body, score, views, published, published_at, author_id) … ON CONFLICT (id) DO UPDATE SET …`;
/// 4. per 500 articles, `DELETE FROM articles_tags WHERE parent_id = ANY($1)` (so that the
///    same code re-imports correctly: a tag dropped from an article loses its link; into
///    empty tables it finds nothing), then `INSERT INTO articles_tags (parent_id, child_id,
///    position) … ON CONFLICT (parent_id, child_id) DO UPDATE SET position = excluded.position`.
///
/// ```swift
/// let rows = try PostgresBatchImport(input.elements)
/// try await rows.write(on: connection)   // BEGIN … COMMIT
/// ```
struct PostgresBatchImport: Sendable {
    struct Article: Sendable {
        var id: Int64
        var title: String?
        var body: String?
        var score: Double?
        var views: Int64?
        var published: Bool?
        var publishedAt: String?
        var authorID: Int64?
    }

    /// Rows per `INSERT` (4,000 parameters for articles, far below PostgreSQL's 65,535).
    static let rowsPerStatement = 500

    private(set) var authors: [(id: Int64, name: String?)] = []
    private(set) var tags: [(id: Int64, name: String?)] = []
    private(set) var articles: [Article] = []
    /// Per article (same order), its tag ids in the order listed, each once.
    private(set) var links: [[Int64]] = []

    /// The rows of `elements` (an article named twice keeps its first position and its last values and links).
    init(_ elements: some Collection<Representation>) throws {
        var authorPositions: [Int64: Int] = [:]
        var tagPositions: [Int64: Int] = [:]
        var articlePositions: [Int64: Int] = [:]
        articles.reserveCapacity(elements.count)
        links.reserveCapacity(elements.count)
        for element in elements {
            guard let id = element["id"]?.int64Value else { throw BaselineError("an element has no integer id") }
            var authorID: Int64?
            if let author = element["author"], !author.isNull {
                guard let value = author["id"]?.int64Value else { throw BaselineError("an author has no integer id") }
                Self.put((value, author["name"]?.stringValue), into: &authors, at: &authorPositions)
                authorID = value
            }
            var tagIDs: [Int64] = []
            if let list = element["tags"]?.arrayValue {
                tagIDs.reserveCapacity(list.count)
                for tag in list {
                    guard let value = tag["id"]?.int64Value else { throw BaselineError("a tag has no integer id") }
                    Self.put((value, tag["name"]?.stringValue), into: &tags, at: &tagPositions)
                    if !tagIDs.contains(value) { tagIDs.append(value) }
                }
            }
            let article = Article(
                id: id, title: element["title"]?.stringValue, body: element["body"]?.stringValue,
                score: element["score"]?.doubleValue, views: element["views"]?.int64Value,
                published: element["published"]?.boolValue, publishedAt: element["published_at"]?.stringValue,
                authorID: authorID)
            if let position = articlePositions[id] {
                articles[position] = article
                links[position] = tagIDs
            } else {
                articlePositions[id] = articles.count
                articles.append(article)
                links.append(tagIDs)
            }
        }
    }

    private static func put(_ row: (id: Int64, name: String?), into rows: inout [(id: Int64, name: String?)], at positions: inout [Int64: Int]) {
        if let position = positions[row.id] {
            rows[position] = row
        } else {
            positions[row.id] = rows.count
            rows.append(row)
        }
    }

    // MARK: Writing

    /// Writes every row in one transaction (rolled back on an error); returns the articles written.
    @discardableResult
    func write(on connection: PostgresBenchConnection) async throws -> Int {
        try await connection.execute("BEGIN")
        do {
            try await send(authors, Self.authorSQL, on: connection) { binds, row in
                binds.append(row.id)
                binds.append(row.name)
            }
            try await send(tags, Self.tagSQL, on: connection) { binds, row in
                binds.append(row.id)
                binds.append(row.name)
            }
            try await send(articles, Self.articleSQL, on: connection) { binds, article in
                binds.append(article.id)
                binds.append(article.title)
                binds.append(article.body)
                binds.append(article.score)
                binds.append(article.views)
                binds.append(article.published)
                binds.append(article.publishedAt)
                binds.append(article.authorID)
            }
            var start = 0
            while start < articles.count {
                let end = min(start + Self.rowsPerStatement, articles.count)
                var parents = PostgresBindings(capacity: 1)
                parents.append(articles[start..<end].map(\.id))
                try await connection.execute(Self.deleteLinksSQL, parents)
                var rows: [(parent: Int64, child: Int64, position: Int64)] = []
                for index in start..<end {
                    for (position, child) in links[index].enumerated() { rows.append((articles[index].id, child, Int64(position))) }
                }
                try await send(rows, Self.linkSQL, on: connection) { binds, link in
                    binds.append(link.parent)
                    binds.append(link.child)
                    binds.append(link.position)
                }
                start = end
            }
            try await connection.execute("COMMIT")
        } catch {
            try? await connection.execute("ROLLBACK")
            throw error
        }
        return articles.count
    }

    /// Sends `rows` in statements of up to ``rowsPerStatement`` rows.
    private func send<Row>(
        _ rows: [Row], _ sql: Statement, on connection: PostgresBenchConnection, bind: (inout PostgresBindings, Row) -> Void
    ) async throws {
        var start = 0
        while start < rows.count {
            let end = min(start + Self.rowsPerStatement, rows.count)
            var binds = PostgresBindings(capacity: (end - start) * sql.columns)
            for row in rows[start..<end] { bind(&binds, row) }
            try await connection.execute(end - start == Self.rowsPerStatement ? sql.full : sql.text(rows: end - start), binds)
            start = end
        }
    }

    // MARK: SQL

    /// A multi-row upsert: its text for a full batch, made once, and for any other row count.
    struct Statement: Sendable {
        let head: String
        let tail: String
        let columns: Int
        let full: String

        init(table: String, columns names: [String], conflict: [String]) {
            let quoted = names.map(PostgresBenchConnection.quoted)
            let updates = names.filter { !conflict.contains($0) }.map { "\(PostgresBenchConnection.quoted($0)) = excluded.\(PostgresBenchConnection.quoted($0))" }
            head = "INSERT INTO \(PostgresBenchConnection.quoted(table)) (\(quoted.joined(separator: ", "))) VALUES "
            tail = " ON CONFLICT (\(conflict.map(PostgresBenchConnection.quoted).joined(separator: ", "))) DO UPDATE SET \(updates.joined(separator: ", "))"
            columns = names.count
            full = Self.text(head: head, tail: tail, columns: names.count, rows: PostgresBatchImport.rowsPerStatement)
        }

        /// `INSERT … VALUES ($1, $2), ($3, $4) … ON CONFLICT …` for `rows` rows.
        func text(rows: Int) -> String {
            Self.text(head: head, tail: tail, columns: columns, rows: rows)
        }

        private static func text(head: String, tail: String, columns: Int, rows: Int) -> String {
            var sql = head
            sql.reserveCapacity(head.utf8.count + tail.utf8.count + rows * columns * 7)
            var number = 0
            for row in 0..<rows {
                sql += row == 0 ? "(" : ", ("
                for column in 0..<columns {
                    number += 1
                    sql += column == 0 ? "$\(number)" : ", $\(number)"
                }
                sql += ")"
            }
            return sql + tail
        }
    }

    static let authorSQL = Statement(table: "authors", columns: ["id", "name"], conflict: ["id"])
    static let tagSQL = Statement(table: "tags", columns: ["id", "name"], conflict: ["id"])
    static let articleSQL = Statement(
        table: "articles", columns: ["id", "title", "body", "score", "views", "published", "published_at", "author_id"], conflict: ["id"])
    static let linkSQL = Statement(table: "articles_tags", columns: ["parent_id", "child_id", "position"], conflict: ["parent_id", "child_id"])
    static let deleteLinksSQL = #"DELETE FROM "articles_tags" WHERE "parent_id" = ANY($1)"#
}
