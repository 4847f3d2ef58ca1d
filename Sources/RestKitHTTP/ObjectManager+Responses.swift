import Logging

extension ObjectManager {
    /// Sends `request` through the request queue and the transport, and maps the response.
    func send(
        _ request: TransportRequest, configuration: Configuration, logging details: Logger.Metadata = [:]
    ) async throws(ObjectManagerError) -> ObjectResult {
        let request = identified(request, configuration: configuration)
        let response = try await queued(request, logging: details) { (transport, request) async throws(ObjectManagerError) in
            try await transport.send(request)
        }
        if Task.isCancelled {
            let error = ObjectManagerError(.cancelled, "\(request.method) \(request.url) was cancelled", status: response.status)
            request.logger.debug("request cancelled", metadata: [RequestLogKey.status: "\(response.status)"])
            throw error
        }
        do {
            let (mapping, document) = try map(response, of: request, configuration: configuration)
            var result = ObjectResult(mapping: mapping, request: request, response: response)
            result.document = document
            return result
        } catch {
            Self.logUnhandled(error, of: response, logger: request.logger)
            throw error
        }
    }

    /// `request` with the configuration's logger, whose entries carry a new request ID.
    func identified(_ request: TransportRequest, configuration: Configuration) -> TransportRequest {
        var request = request
        request.logger = configuration.logger
        request.logger[metadataKey: RequestLogKey.requestID] = "\(nextRequestID())"
        return request
    }

    /// `exchange` run with the transport once `request` has a slot in the request queue
    /// (``send(_:configuration:logging:)``, ``fetchDocument(_:)`` and
    /// ``streamObjects(at:parameters:keyPath:mapping:)``); logs its start, end, failure or
    /// cancellation with `request.logger` (`details` added to the start's entry).
    func queued<Response: LoggedResponse>(
        _ request: TransportRequest, logging details: Logger.Metadata = [:],
        _ exchange: @escaping @Sendable (any HTTPTransport, TransportRequest) async throws(ObjectManagerError) -> Response
    ) async throws(ObjectManagerError) -> Response {
        let logger = request.logger
        let queuedAt = ContinuousClock.now
        let path = relativePath(of: request.url)
        do throws(ObjectManagerError) {
            if Task.isCancelled {
                throw ObjectManagerError(.cancelled, "\(request.method) \(request.url) was cancelled before it was sent")
            }
            let transport = transport
            return try await requestQueue.run(method: request.method, path: path, logger: logger) {
                () async throws(ObjectManagerError) -> Response in
                var started: Logger.Metadata = [
                    RequestLogKey.method: "\(request.method)", RequestLogKey.path: "\(path)",
                    RequestLogKey.queueWait: loggedDuration(since: queuedAt),
                ]
                if let size = request.body?.length.value { started[RequestLogKey.requestBodySize] = "\(size)" }
                started.merge(details) { _, detail in detail }
                logger.debug("request started", metadata: started)
                let response = try await exchange(transport, request)
                var finished: Logger.Metadata = [
                    RequestLogKey.status: "\(response.status)", RequestLogKey.duration: loggedDuration(since: queuedAt),
                ]
                if let size = response.loggedBodySize { finished[RequestLogKey.responseBodySize] = "\(size)" }
                if let url = response.url, url != request.url { finished["rk.answered.path"] = "\(loggedPath(of: url))" }
                logger.debug(response.loggedBodySize == nil ? "response streaming" : "request finished", metadata: finished)
                return response
            }
        } catch {
            var metadata: Logger.Metadata = [
                RequestLogKey.method: "\(request.method)", RequestLogKey.path: "\(path)",
                RequestLogKey.errorType: "\(error.errorType)", RequestLogKey.duration: loggedDuration(since: queuedAt),
            ]
            if let status = error.status { metadata[RequestLogKey.status] = "\(status)" }
            logger.debug(error.errorType == .cancelled ? "request cancelled" : "request failed", metadata: metadata)
            throw error
        }
    }

    /// Logs an error met after the response arrived (a server error, a body that does not
    /// parse or map): its type and the status, never its text (which may quote the body).
    static func logUnhandled(_ error: ObjectManagerError, of response: some LoggedResponse, logger: Logger) {
        logger.debug(
            "response not mapped",
            metadata: [RequestLogKey.status: "\(response.status)", RequestLogKey.errorType: "\(error.errorType)"])
    }

    /// Maps a response: 4xx/5xx into an error, an empty body into no objects, else through
    /// every matching response descriptor. Returns the parsed document too (`nil` for no body).
    func map(
        _ response: TransportResponse, of request: TransportRequest, configuration: Configuration
    ) throws(ObjectManagerError) -> (MappingResult, Representation?) {
        let (path, target) = try checkStatus(response, of: request, configuration: configuration)
        if !Self.hasDocument(response, of: request) {
            return (MappingResult(), nil)
        }
        var reasons: [String] = []
        var matching: [ResponseDescriptor] = []
        var parameters: [String: String] = [:]
        for descriptor in configuration.responseDescriptors {
            switch descriptor.match(method: request.method, path: path, status: response.status) {
            case .matched(let found):
                matching.append(descriptor)
                parameters.merge(found) { first, _ in first }
            case .mismatched(let reason):
                reasons.append("\(descriptor): \(reason)")
            }
        }
        matching = Self.mostSpecific(matching)
        guard !matching.isEmpty else {
            let explanation = reasons.isEmpty ? "no response descriptors are configured" : reasons.joined(separator: "; ")
            throw ObjectManagerError(
                .noResponseDescriptor, "no response descriptor matches \(target) (\(response.status)): \(explanation)",
                status: response.status)
        }
        let document = try parse(response, target: target, registry: configuration.registry)
        var mapper = Mapper(options: options(configuration.mappingOptions, parameters: parameters))
        for descriptor in matching { descriptor.contribute(to: &mapper) }
        do {
            return (try mapper.map(document), document)
        } catch {
            throw ObjectManagerError(.mapping, "cannot map the response to \(target): \(error)", status: response.status, underlying: error)
        }
    }

    /// Sends `request` and parses its response without mapping it: for mapping it somewhere
    /// else (as into a store). Server errors (mapped by the error descriptors), unfollowed
    /// redirects and unparsable bodies are errors as in ``send(_:)``; a `304 Not Modified`, a
    /// `HEAD` or an empty body has no document.
    ///
    /// ```swift
    /// let fetched = try await manager.fetchDocument(try manager.request(method: .get, path: "/articles"))
    /// fetched.response.status             // 200
    /// fetched.document?["articles"]       // the parsed body
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` as ``send(_:)``, but never `.noResponseDescriptor` or `.mapping`.
    public func fetchDocument(_ request: TransportRequest) async throws(ObjectManagerError) -> DocumentResponse {
        let configuration = configuration
        let request = identified(request, configuration: configuration)
        let response = try await queued(request) { (transport, request) async throws(ObjectManagerError) in
            try await transport.send(request)
        }
        if Task.isCancelled {
            request.logger.debug("request cancelled", metadata: [RequestLogKey.status: "\(response.status)"])
            throw ObjectManagerError(.cancelled, "\(request.method) \(request.url) was cancelled", status: response.status)
        }
        do {
            let (path, target) = try checkStatus(response, of: request, configuration: configuration)
            let document = Self.hasDocument(response, of: request)
                ? try parse(response, target: target, registry: configuration.registry) : nil
            return DocumentResponse(request: request, response: response, document: document, path: path)
        } catch {
            Self.logUnhandled(error, of: response, logger: request.logger)
            throw error
        }
    }

    /// Throws for a 4xx/5xx response (mapped by the error descriptors) and for a redirect the
    /// transport did not follow; returns the path asked for (what descriptors match) and the
    /// target named in errors.
    private func checkStatus(
        _ response: TransportResponse, of request: TransportRequest, configuration: Configuration
    ) throws(ObjectManagerError) -> (path: String, target: String) {
        let path = relativePath(of: request.url)
        // Errors name the URL that answered; descriptors match the path asked for.
        var target = "\(request.method) \(path)"
        if let answered = response.url, answered != request.url {
            target = "\(response.method ?? request.method) \(relativePath(of: answered)) (redirected from \(request.method) \(path))"
        }
        if response.status >= 400 {
            throw serverError(response, target: target, method: request.method, path: path, configuration: configuration)
        }
        if (300..<400).contains(response.status), response.status != 304 {
            // A transport that follows redirects never returns one; a custom transport that
            // does not must not make an unanswered request look answered.
            let location = response.headers["Location"].map { " to '\($0)'" } ?? ""
            throw ObjectManagerError(
                .redirect, "the server redirected (\(response.status))\(location) and the transport did not follow",
                status: response.status, method: request.method, url: response.url ?? request.url)
        }
        return (path, target)
    }

    /// Whether the response has a body to parse (not a 304, not an answer to HEAD, not blank).
    private static func hasDocument(_ response: TransportResponse, of request: TransportRequest) -> Bool {
        !(response.status == 304 || response.body.allSatisfy(isWhitespace) || request.method == .head)
    }

    /// The error of a 4xx/5xx response, with the messages its error descriptors mapped.
    private func serverError(
        _ response: TransportResponse, target: String, method: RequestMethod, path: String, configuration: Configuration
    ) -> ObjectManagerError {
        var messages: [String] = []
        var serverErrors: [any Error & Sendable] = []
        var mapper = Mapper(options: configuration.mappingOptions)
        var parameters: [String: String] = [:]
        var matched = false
        for descriptor in configuration.errorDescriptors {
            if case .matched(let found) = descriptor.match(method: method, path: path, status: response.status) {
                descriptor.contribute(to: &mapper)
                parameters.merge(found) { first, _ in first }
                matched = true
            }
        }
        mapper.options = options(configuration.mappingOptions, parameters: parameters)
        if matched, !response.body.allSatisfy(Self.isWhitespace),
            let document = try? parse(response, target: target, registry: configuration.registry),
            let result = try? mapper.map(document)
        {
            for object in result.objects {
                if let error = object as? any Error & Sendable { serverErrors.append(error) }
                if let error = object as? ServerError {
                    messages += error.messages
                } else {
                    messages.append(String(describing: object))
                }
            }
        }
        let summary = messages.isEmpty ? "\(target) failed with status \(response.status)" : messages.joined(separator: ", ")
        return ObjectManagerError(.server, summary, status: response.status, messages: messages, serverErrors: serverErrors)
    }

    /// Parses the body with the registry's parser for its `Content-Type`.
    private func parse(_ response: TransportResponse, target: String, registry: Registry) throws(ObjectManagerError) -> Representation {
        guard let mediaType = try response.contentType() else {
            throw ObjectManagerError(.unsupportedContentType, "the response to \(target) has a body but no Content-Type", status: response.status)
        }
        let parser: any RepresentationParser
        do {
            parser = try registry.parser(for: mediaType)
        } catch {
            throw ObjectManagerError(
                .unsupportedContentType, "no parser for the response's Content-Type \(mediaType.essence) (\(target)): \(error)",
                status: response.status, underlying: error)
        }
        do {
            return try parser.parse(response.body)
        } catch {
            throw ObjectManagerError(
                .unparsableResponse, "the response to \(target) is not valid \(mediaType.essence): \(error)",
                status: response.status, underlying: error)
        }
    }

    /// The mapping options with `routing.parameters` added to the metadata.
    private func options(_ base: MappingOptions, parameters: [String: String]) -> MappingOptions {
        var options = base
        var metadata = options.metadata.objectValue ?? [:]
        var routing = metadata["routing"]?.objectValue ?? [:]
        var values = routing["parameters"]?.objectValue ?? [:]
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { values[name] = .string(value) }
        routing["parameters"] = .object(values)
        metadata["routing"] = .object(routing)
        options.metadata = .object(metadata)
        return options
    }

    /// Per key path, the matched descriptors whose path patterns have the fewest parameters
    /// (`/gists/public` wins over `/gists/:id`; any pattern over none), so one document is
    /// not mapped twice at the same key path by a literal and a parameterised route.
    static func mostSpecific(_ descriptors: [ResponseDescriptor]) -> [ResponseDescriptor] {
        func rank(_ descriptor: ResponseDescriptor) -> Int {
            descriptor.pathPattern.map { $0.pathParameterNames.count } ?? Int.max
        }
        var best: [String: Int] = [:]
        for descriptor in descriptors {
            let key = descriptor.keyPath ?? ""
            best[key] = Swift.min(best[key] ?? Int.max, rank(descriptor))
        }
        return descriptors.filter { rank($0) == best[$0.keyPath ?? ""] }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
