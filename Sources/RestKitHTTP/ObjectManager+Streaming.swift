extension ObjectManager {
    /// Gets `path` and maps the elements of the JSON array at `keyPath` (the whole document
    /// when `nil`) with `mapping` as the response arrives: memory stays flat whatever the
    /// response's size, and the first objects are ready before the last bytes are sent.
    ///
    /// ```swift
    /// let events = try await manager.streamObjects(at: "/events/export", keyPath: "events", mapping: eventMapping)
    /// for try await event in events {
    ///     try store.insert(event)
    /// }
    /// ```
    ///
    /// Returns once the response head has arrived and is known to be a JSON success. The
    /// request holds a slot of the ``RequestQueue`` until then, not while the body streams.
    /// No ``Configuration/maximumResponseSize`` applies to the streamed body.
    ///
    /// - Throws: ``ObjectManagerError``: the transport's errors; `.server` for 4xx/5xx (with
    ///   the server's messages, as ``getObjects(at:parameters:)`` maps them);
    ///   `.unsupportedContentType` for a body that is not JSON. Iterating the stream throws
    ///   `.unparsableResponse` (with the line, column and byte offset) or `.mapping` (with the
    ///   element's index), see ``ObjectStream``.
    public func streamObjects<Model>(
        at path: String, parameters: Representation? = nil, keyPath: String? = nil, mapping: ObjectMapping<Model>
    ) async throws(ObjectManagerError) -> ObjectStream<Model> {
        let configuration = configuration
        let request = identified(
            try makeRequest(method: .get, path: path, parameters: parameters, configuration: configuration), configuration: configuration)
        let response = try await queued(request) { (transport, request) async throws(ObjectManagerError) in
            try await transport.stream(request)
        }
        do {
            return try await objects(of: response, to: request, keyPath: keyPath, mapping: mapping, configuration: configuration)
        } catch {
            Self.logUnhandled(error, of: response, logger: request.logger)
            throw error
        }
    }

    /// The objects of a streamed response's body; throws for an error status or a body that is not JSON.
    private func objects<Model>(
        of response: StreamedResponse, to request: TransportRequest, keyPath: String?, mapping: ObjectMapping<Model>,
        configuration: Configuration
    ) async throws(ObjectManagerError) -> ObjectStream<Model> {
        let target = "\(request.method) \(relativePath(of: response.url ?? request.url))"
        if response.status >= 400 || ((300..<400).contains(response.status) && response.status != 304) {
            // An error body is small by nature: collected (its first MiB) and mapped into the
            // usual error; a larger one still fails with the status.
            let whole: TransportResponse
            do {
                whole = try await response.collect(upTo: request.maximumResponseSize ?? (1 << 20))
            } catch {
                throw ObjectManagerError(
                    .server, "\(target) failed with status \(response.status) (its body could not be read: \(error.reason))",
                    status: response.status, underlying: error)
            }
            _ = try map(whole, of: request, configuration: configuration)
            throw ObjectManagerError(.server, "\(target) failed with status \(response.status)", status: response.status)
        }
        if response.status == 204 || response.status == 304 {
            return ObjectStream(response: response, target: target, keyPath: keyPath, mapping: mapping, options: configuration.mappingOptions, empty: true, logger: request.logger)
        }
        let contentType: MediaType?
        do {
            contentType = try response.headers["Content-Type"].map { try MediaType($0) }
        } catch {
            throw ObjectManagerError(.unsupportedContentType, "malformed Content-Type in the response to \(target): \(error)", status: response.status, underlying: error)
        }
        guard let contentType, contentType.matches(.json, followingSuffix: true) || contentType.essence == "text/json" else {
            throw ObjectManagerError(
                .unsupportedContentType,
                "the response to \(target) is \(contentType?.essence ?? "untyped"); streamObjects maps JSON only",
                status: response.status)
        }
        return ObjectStream(response: response, target: target, keyPath: keyPath, mapping: mapping, options: configuration.mappingOptions, empty: false, logger: request.logger)
    }
}
