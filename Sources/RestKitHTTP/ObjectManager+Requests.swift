extension ObjectManager {
    /// Gets the objects at `path` (query `parameters`, Rails-style for nested values) and maps
    /// them with the matching response descriptors.
    ///
    /// ```swift
    /// let result = try await manager.getObjects(at: "/gists/public", parameters: ["page": 2])
    /// let gists = result.objects(of: Gist.self)
    /// ```
    ///
    /// - Throws: ``ObjectManagerError``.
    public func getObjects(at path: String, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        let configuration = configuration
        let request = try makeRequest(method: .get, path: path, parameters: parameters, configuration: configuration)
        return try await send(request, configuration: configuration)
    }

    /// Gets the objects at the route called `name`, its pattern filled from `object`.
    ///
    /// ```swift
    /// let posts = try await manager.getObjects(forRouteNamed: "community_posts", object: community)
    /// ```
    public func getObjects(forRouteNamed name: String, object: Any? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        let path = try configuration.router.path(forRouteNamed: name, object: object)
        return try await getObjects(at: path, parameters: parameters)
    }

    /// GETs `object` at its routed path (`GET /gists/:id`) and maps the response.
    public func get(_ object: Any, path: String? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        try await send(object, method: .get, path: path, parameters: parameters)
    }

    /// POSTs `object` (its parameters from the request descriptor) to its routed path.
    ///
    /// ```swift
    /// let created = try await manager.post(Gist(summary: "demo")).objects(of: Gist.self).first
    /// ```
    public func post(_ object: Any, path: String? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        try await send(object, method: .post, path: path, parameters: parameters)
    }

    /// PUTs `object` to its routed path.
    public func put(_ object: Any, path: String? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        try await send(object, method: .put, path: path, parameters: parameters)
    }

    /// PATCHes `object` at its routed path.
    public func patch(_ object: Any, path: String? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        try await send(object, method: .patch, path: path, parameters: parameters)
    }

    /// DELETEs `object` at its routed path (its parameters, if any, in the query string).
    public func delete(_ object: Any, path: String? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        try await send(object, method: .delete, path: path, parameters: parameters)
    }

    /// Sends `object` with `method` to `path` (default: the router's path for it).
    public func send(_ object: Any, method: RequestMethod, path: String? = nil, parameters: Representation? = nil) async throws(ObjectManagerError) -> ObjectResult {
        let configuration = configuration
        let request = try makeRequest(for: object, method: method, path: path, parameters: parameters, configuration: configuration)
        return try await send(request, configuration: configuration)
    }

    /// Sends a request built by hand and maps its response by its method and URL.
    ///
    /// ```swift
    /// var request = try manager.request(method: .get, path: "/gists/public")
    /// request.headers["If-None-Match"] = etag
    /// let result = try await manager.send(request)
    /// ```
    public func send(_ request: TransportRequest) async throws(ObjectManagerError) -> ObjectResult {
        try await send(request, configuration: configuration)
    }

    /// The request for `object` and `method`: the path from the router (unless given), the
    /// parameters from the request descriptor plus `parameters`.
    public func request(for object: Any, method: RequestMethod, path: String? = nil, parameters: Representation? = nil) throws(ObjectManagerError) -> TransportRequest {
        try makeRequest(for: object, method: method, path: path, parameters: parameters, configuration: configuration)
    }

    /// The request for `method` and `path` with `parameters` (in the query string for GET,
    /// HEAD and DELETE, else in the body in the serialization media type).
    ///
    /// ```swift
    /// let request = try manager.request(method: .get, path: "/search", parameters: ["q": "swift"])
    /// request.url   // "http://127.0.0.1:8080/search?q=swift"
    /// ```
    public func request(method: RequestMethod, path: String, parameters: Representation? = nil) throws(ObjectManagerError) -> TransportRequest {
        try makeRequest(method: method, path: path, parameters: parameters, configuration: configuration)
    }

    // MARK: Building

    func makeRequest(
        for object: Any, method: RequestMethod, path: String?, parameters: Representation?, configuration: Configuration
    ) throws(ObjectManagerError) -> TransportRequest {
        let resolvedPath = if let path { path } else { try configuration.router.path(for: object, method: method) }
        let merged = try self.parameters(of: object, method: method, adding: parameters, configuration: configuration)
        return try makeRequest(method: method, path: resolvedPath, parameters: merged, configuration: configuration)
    }

    /// The parameters the request descriptor writes for `object` and `method`, with `extra`
    /// merged in (its members win).
    func parameters(
        of object: Any, method: RequestMethod, adding extra: Representation?, configuration: Configuration
    ) throws(ObjectManagerError) -> Representation? {
        var merged: Representation? = nil
        if let descriptor = configuration.requestDescriptors.last(where: { $0.applies(to: object, method: method) }) {
            do {
                merged = try descriptor.parameters(of: object, options: configuration.mappingOptions)
            } catch {
                throw ObjectManagerError(.serialization, "cannot write the parameters of \(type(of: object)): \(error)", underlying: error)
            }
        }
        guard let extra else { return merged }
        guard let base = merged else { return extra }
        guard var members = base.objectValue, let added = extra.objectValue else {
            throw ObjectManagerError(.serialization, "cannot merge parameters into the \(base.kind) written for \(type(of: object))")
        }
        for (key, value) in added { members[key] = value }
        return .object(members)
    }

    func makeRequest(method: RequestMethod, path: String, parameters: Representation?, configuration: Configuration) throws(ObjectManagerError) -> TransportRequest {
        var url = try url(for: path)
        var headers = configuration.defaultHeaders
        if headers["Accept"] == nil { headers["Accept"] = configuration.acceptHeader }
        if headers["User-Agent"] == nil, let userAgent = configuration.userAgent { headers["User-Agent"] = userAgent }
        var body: Body?
        if let parameters {
            if method.sendsParametersInQuery {
                let query: String
                do {
                    query = try URLEncodedSerializer().string(from: parameters)
                } catch {
                    throw ObjectManagerError(.serialization, "cannot write the query parameters: \(error)", underlying: error)
                }
                if !query.isEmpty { url += (url.contains("?") ? "&" : "?") + query }
            } else {
                let mediaType = configuration.requestSerializationMediaType
                do {
                    body = .bytes(try configuration.registry.serialize(parameters, as: mediaType))
                } catch {
                    throw ObjectManagerError(
                        .serialization, "cannot write the parameters as \(mediaType): \(error)", underlying: error)
                }
                if headers["Content-Type"] == nil { headers["Content-Type"] = mediaType.description }
            }
        }
        return TransportRequest(
            method: method, url: url, headers: headers, body: body, timeout: configuration.timeout,
            maximumResponseSize: configuration.maximumResponseSize)
    }

    /// `path` appended to the base URL (an absolute URL is taken as it is).
    func url(for path: String) throws(ObjectManagerError) -> String {
        if path.contains("://") { return path }
        guard baseURL.contains("://") else {
            throw ObjectManagerError(.invalidURL, "the base URL '\(baseURL)' has no scheme")
        }
        return baseURL + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// The path of `url` relative to the base URL, without query string or fragment.
    func relativePath(of url: String) -> String {
        relativePath(of: url, keepingQuery: false)
    }

    /// The path of `url` relative to the manager's base URL, without the fragment, and with
    /// its query when `keepingQuery` (a resource's identity, as for a cache entry).
    ///
    /// ```swift
    /// manager.relativePath(of: "http://127.0.0.1:8080/books?page=2", keepingQuery: true)   // "/books?page=2"
    /// ```
    public func relativePath(of url: String, keepingQuery: Bool) -> String {
        var rest = Substring(url)
        if rest.hasPrefix(baseURL) {
            rest = rest.dropFirst(baseURL.count)
        } else if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { rest[$0...] } ?? ""
        }
        if let end = rest.firstIndex(where: { $0 == "#" || (!keepingQuery && $0 == "?") }) { rest = rest[..<end] }
        if rest.isEmpty || rest.first == "?" { return "/" + rest }
        return String(rest)
    }
}
