import Foundation
public import RestKitCore
public import RestKitHTTP
public import RestKitStore

extension ObjectManager {
    /// GETs `path` and maps the objects of the response into `store` with `descriptor`'s
    /// entity, in one transaction — deleting the stored objects in the descriptor's orphan
    /// scope that the response no longer lists, and remembering the response's `ETag` and
    /// `Last-Modified` for the path (with its query).
    ///
    /// The next GET of the path is conditional (`If-None-Match`, `If-Modified-Since`, unless
    /// set already); a `304 Not Modified` returns the objects the last response listed, as
    /// stored now, and deletes nothing. With ``OfflinePolicy/useStoredObjects``, a transport
    /// failure or timeout returns them too, marked stale. Nothing is deleted or written on an
    /// error.
    ///
    /// ```swift
    /// let descriptor = StoreResponseDescriptor(articles, pathPattern: "/articles", keyPath: "articles", orphans: { _ in .all })
    /// let result = try await manager.getObjects(at: "/articles", into: store, with: descriptor, offline: .useStoredObjects)
    /// result.objects   // [Article], as stored
    /// ```
    ///
    /// - Throws: `ObjectManagerError`: as `ObjectManager/getObjects(at:parameters:)` (transport,
    ///   server, parse errors), `.noResponseDescriptor` when the path does not match the
    ///   descriptor's pattern, `.store` with the `StoreError` as `ObjectManagerError/underlying`.
    public func getObjects<Model: Sendable>(
        at path: String, parameters: Representation? = nil, into store: SQLiteStore, with descriptor: StoreResponseDescriptor<Model>,
        offline: OfflinePolicy = .fail
    ) async throws(ObjectManagerError) -> StoreObjectResult<Model> {
        var request = try request(method: .get, path: path, parameters: parameters)
        let resource = relativePath(of: request.url, keepingQuery: true)
        let parametersMatched: [String: String]
        if let pattern = descriptor.pathPattern {
            let relative = relativePath(of: request.url, keepingQuery: false)
            guard let found = pattern.match(relative) else {
                throw ObjectManagerError(
                    .noResponseDescriptor, "GET \(relative) does not match the store descriptor's path pattern '\(pattern)'",
                    method: .get, url: request.url)
            }
            parametersMatched = found
        } else {
            parametersMatched = [:]
        }
        let cached = try await storeStep(request) { () async throws(StoreError) in try await store.cachedResponse(for: resource) }
        if let cached {
            if request.headers["If-None-Match"] == nil, let etag = cached.etag { request.headers["If-None-Match"] = etag }
            if request.headers["If-Modified-Since"] == nil, let date = cached.lastModified { request.headers["If-Modified-Since"] = date }
        }
        let fetched: DocumentResponse
        do {
            fetched = try await fetchDocument(request)
        } catch {
            guard offline == .useStoredObjects, error.errorType == .transport || error.errorType == .timeout,
                let stored = try await storeStep(request, { () async throws(StoreError) in
                    try await store.cachedObjects(for: resource, of: descriptor.entity, options: configuration.mappingOptions)
                })
            else { throw error }
            return StoreObjectResult(objects: stored, source: .stale(error), response: nil)
        }
        if fetched.response.status == 304 {
            let stored = try await storeStep(request) { () async throws(StoreError) in
                try await store.cachedObjects(for: resource, of: descriptor.entity, options: configuration.mappingOptions)
            }
            return StoreObjectResult(objects: stored ?? [], source: .notModified, response: fetched.response)
        }
        let objects: Representation
        if let document = fetched.document {
            objects = descriptor.keyPath.map { document[keyPath: $0] ?? .null } ?? document
        } else {
            objects = .null
        }
        let entry = CachedResponse(
            path: resource, etag: fetched.response.headers["ETag"], lastModified: fetched.response.headers["Last-Modified"])
        let scope = descriptor.orphans?(parametersMatched)
        let options = configuration.mappingOptions
        let mapped = try await storeStep(request) { () async throws(StoreError) in
            try await store.map(objects, with: descriptor.entity, options: options, deletingOrphansIn: scope, caching: entry)
        }
        var result = StoreObjectResult(objects: mapped.objects, source: .network, response: fetched.response)
        result.inserted = mapped.inserted
        result.updated = mapped.updated
        result.unchanged = mapped.unchanged
        result.deleted = mapped.deleted
        return result
    }

    /// A store operation, its error as `.store`.
    private func storeStep<T>(_ request: TransportRequest, _ body: () async throws(StoreError) -> T) async throws(ObjectManagerError) -> T {
        do {
            return try await body()
        } catch {
            throw ObjectManagerError(.store, "cannot store the response to GET \(request.url): \(error)", method: .get, url: request.url, underlying: error)
        }
    }
}
