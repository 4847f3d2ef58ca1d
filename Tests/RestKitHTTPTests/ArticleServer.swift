import Hummingbird
import RestKit

struct Article: Sendable, Equatable {
    var id = 0
    var title = ""
}

/// A paginated collection of 23 articles, in three shapes.
enum ArticleServer {
    static let count = 23

    /// `/articles?page=&per_page=`: `{"articles": […], "current_page", "per_page", "total_entries", "total_pages"}`.
    /// `/feed/:page?size=`: `{"items": […], "meta": {"current_page": "2", "total_entries": "23"}}` (strings, no page count).
    /// `/bare?page=&per_page=`: a bare array, no metadata.
    /// `/bad?page=`: `{"articles": [], "total_entries": "many"}`.
    static func add(to router: Router<BasicRequestContext>) {
        router.get("/articles") { request, _ in
            let (page, perPage) = paging(request.uri.query)
            let pages = (count + perPage - 1) / perPage
            return GistServer.respond(.ok, """
                {"articles": \(articles(page: page, perPage: perPage)), "current_page": \(page), "per_page": \(perPage),
                 "total_entries": \(count), "total_pages": \(pages)}
                """)
        }
        router.get("/feed/:page") { request, context in
            let page = Int(context.parameters.get("page") ?? "") ?? 1
            let (_, size) = paging(request.uri.query, sizeKey: "size")
            return GistServer.respond(.ok, """
                {"items": \(articles(page: page, perPage: size)), "meta": {"current_page": "\(page)", "per_page": \(size), "total_entries": "\(count)"}}
                """)
        }
        router.get("/bare") { request, _ in
            let (page, perPage) = paging(request.uri.query)
            return GistServer.respond(.ok, articles(page: page, perPage: perPage))
        }
        router.get("/bad") { _, _ in GistServer.respond(.ok, #"{"articles": [], "total_entries": "many"}"#) }
        router.get("/zero") { _, _ in GistServer.respond(.ok, #"{"articles": [], "current_page": 0}"#) }
        router.get("/negative") { _, _ in GistServer.respond(.ok, #"{"articles": [], "per_page": -5}"#) }
        router.get("/fraction") { _, _ in GistServer.respond(.ok, #"{"articles": [], "total_pages": 2.5}"#) }
    }

    static func paging(_ query: String?, sizeKey: String = "per_page") -> (page: Int, perPage: Int) {
        var page = 1
        var perPage = 25
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]) else { continue }
            if parts[0] == "page" { page = value }
            if parts[0] == sizeKey { perPage = value }
        }
        return (page, max(perPage, 1))
    }

    static func articles(page: Int, perPage: Int) -> String {
        let first = (page - 1) * perPage + 1
        let ids = first <= count && page >= 1 ? Array(first...min(first + perPage - 1, count)) : []
        return "[" + ids.map { #"{"id": \#($0), "title": "Article \#($0)"}"# }.joined(separator: ", ") + "]"
    }
}
