/// Turns objects and route names into paths.
///
/// Routes for a model type and an exact method win over routes for the type and any method;
/// later routes win over earlier ones.
///
/// ```swift
/// var router = Router()
/// router.add(Route(Article.self, methods: [.get, .put, .delete], pattern: "/articles/:id", mapping: articleMapping))
/// router.add(Route(Article.self, method: .post, pattern: "/articles"))
/// router.add(Route(name: "article_comments", pattern: "/articles/:id/comments", mapping: articleMapping))
///
/// try router.path(for: article, method: .put)                        // "/articles/7"
/// try router.path(forRouteNamed: "article_comments", object: article)  // "/articles/7/comments"
/// try router.path(forRouteNamed: "search", object: ["q": "a b"])       // a dictionary fills a pattern too
/// ```
public struct Router: Sendable {
    /// The routes, in the order added.
    public private(set) var routes: [Route] = []

    /// An empty router.
    public init() {}

    /// Adds a route.
    public mutating func add(_ route: Route) {
        routes.append(route)
    }

    /// The route for `object` and `method`, if any.
    public func route(for object: Any, method: RequestMethod) -> Route? {
        let candidates = routes.reversed().filter { $0.routes(object, method: method) }
        return candidates.first { $0.methods?.contains(method) ?? false } ?? candidates.first
    }

    /// The route called `name`, if any.
    public func route(named name: String) -> Route? {
        routes.last { $0.name == name }
    }

    /// The path for `object` and `method`, its properties interpolated into the pattern.
    ///
    /// - Throws: ``ObjectManagerError`` (`.routing`) when no route serves it, or a parameter
    ///   has no value.
    public func path(for object: Any, method: RequestMethod) throws(ObjectManagerError) -> String {
        guard let route = route(for: object, method: method) else {
            throw ObjectManagerError(.routing, "no route for \(type(of: object)) and \(method); routes: \(routesText)")
        }
        return try route.path(for: object)
    }

    /// The path of the route called `name`, filled from `object` (optional).
    ///
    /// - Throws: ``ObjectManagerError`` (`.routing`) when there is no such route, or a
    ///   parameter has no value.
    public func path(forRouteNamed name: String, object: Any? = nil) throws(ObjectManagerError) -> String {
        guard let route = route(named: name) else {
            throw ObjectManagerError(.routing, "no route named '\(name)'; routes: \(routesText)")
        }
        return try route.path(for: object)
    }

    private var routesText: String {
        routes.isEmpty ? "none" : routes.map(\.description).joined(separator: "; ")
    }
}
