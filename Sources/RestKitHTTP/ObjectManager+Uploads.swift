extension ObjectManager {
    /// Uploads `object`'s parameters (from its request descriptor, plus `parameters`) and
    /// `files` to its routed path, and maps the response.
    ///
    /// With `.multipart` (the default) every parameter becomes a text field named
    /// Rails-style (`article[title]`, `article[tags][]`) and every file a part streamed from
    /// disk: the body has an exact `Content-Length` and memory stays flat whatever the file
    /// sizes. `.json` and `.formURLEncoded` send the parameters only. `progress` is called
    /// after every chunk handed to the transport, on the task reading the body: keep it
    /// short (yield into an `AsyncStream` to do more).
    ///
    /// ```swift
    /// let result = try await manager.upload(
    ///     article, files: [.file(name: "article[cover]", path: "/photos/cover.jpg")]
    /// ) { progress in
    ///     print(progress.bytesSent, "of", progress.totalBytes ?? 0)
    /// }
    /// let saved = result.first as? Article
    /// ```
    ///
    /// - Throws: ``ObjectManagerError``: `.requestBody` when a file is missing, unreadable, or
    ///   changes before or while it is sent; `.serialization` for files with a non-multipart
    ///   encoding or parameters that cannot be written; and every error of a request.
    public func upload(
        _ object: Any, method: RequestMethod = .post, path: String? = nil, parameters: Representation? = nil,
        files: [UploadFile] = [], encoding: BodyEncoding = .multipart,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws(ObjectManagerError) -> ObjectResult {
        let configuration = configuration
        let request = try makeUploadRequest(
            for: object, method: method, path: path, parameters: parameters, files: files, encoding: encoding,
            progress: progress, configuration: configuration)
        return try await send(request, configuration: configuration, logging: [RequestLogKey.files: "\(files.count)"])
    }

    /// Uploads `parameters` and `files` to `path` (no object, no router), and maps the response.
    ///
    /// ```swift
    /// let result = try await manager.upload(
    ///     to: "/attachments", parameters: ["attachment": ["title": "Q3"]],
    ///     files: [.file(name: "attachment[file]", path: "/reports/q3.pdf")]
    /// )
    /// ```
    ///
    /// - Throws: ``ObjectManagerError``, as ``upload(_:method:path:parameters:files:encoding:progress:)``.
    public func upload(
        to path: String, method: RequestMethod = .post, parameters: Representation? = nil,
        files: [UploadFile] = [], encoding: BodyEncoding = .multipart,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws(ObjectManagerError) -> ObjectResult {
        let configuration = configuration
        let request = try makeUploadRequest(
            method: method, path: path, parameters: parameters, files: files, encoding: encoding, progress: progress,
            configuration: configuration)
        return try await send(request, configuration: configuration, logging: [RequestLogKey.files: "\(files.count)"])
    }

    /// The request ``upload(_:method:path:parameters:files:encoding:progress:)`` sends,
    /// without sending it (to add headers, then ``send(_:)``).
    ///
    /// ```swift
    /// var request = try manager.uploadRequest(for: article, files: [.file(name: "cover", path: path)])
    /// request.body?.length   // .known(exact Content-Length)
    /// ```
    public func uploadRequest(
        for object: Any, method: RequestMethod = .post, path: String? = nil, parameters: Representation? = nil,
        files: [UploadFile] = [], encoding: BodyEncoding = .multipart,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) throws(ObjectManagerError) -> TransportRequest {
        try makeUploadRequest(
            for: object, method: method, path: path, parameters: parameters, files: files, encoding: encoding,
            progress: progress, configuration: configuration)
    }

    // MARK: Building

    func makeUploadRequest(
        for object: Any, method: RequestMethod, path: String?, parameters: Representation?, files: [UploadFile],
        encoding: BodyEncoding, progress: (@Sendable (UploadProgress) -> Void)?, configuration: Configuration
    ) throws(ObjectManagerError) -> TransportRequest {
        let resolvedPath = if let path { path } else { try configuration.router.path(for: object, method: method) }
        let merged = try self.parameters(of: object, method: method, adding: parameters, configuration: configuration)
        return try makeUploadRequest(
            method: method, path: resolvedPath, parameters: merged, files: files, encoding: encoding, progress: progress,
            configuration: configuration)
    }

    func makeUploadRequest(
        method: RequestMethod, path: String, parameters: Representation?, files: [UploadFile], encoding: BodyEncoding,
        progress: (@Sendable (UploadProgress) -> Void)?, configuration: Configuration
    ) throws(ObjectManagerError) -> TransportRequest {
        var request = try makeRequest(method: method, path: path, parameters: nil, configuration: configuration)
        var body: Body
        let contentType: MediaType
        if encoding.carriesFiles {
            var form = MultipartForm()
            if let parameters {
                // The pairs a URL-encoded body would hold (Rails-style names), unencoded;
                // `null` parameters write no field, as in ``MultipartSerializer``.
                let fields: [(name: String, value: String)]
                do {
                    fields = try URLEncodedSerializer(options: .init(nullStyle: .omitted)).fields(from: parameters)
                } catch {
                    throw ObjectManagerError(.serialization, "cannot write the multipart fields: \(error)", underlying: error)
                }
                for field in fields { form.append(field: field.name, value: field.value) }
            }
            for file in files {
                switch file.source {
                case .path(let filePath):
                    do {
                        try form.appendFile(name: file.name, path: filePath, filename: file.filename, contentType: file.contentType)
                    } catch {
                        throw ObjectManagerError(.requestBody, "cannot upload \(file.name): \(error)", underlying: error)
                    }
                case .bytes(let bytes):
                    form.append(name: file.name, data: bytes, filename: file.filename, contentType: file.contentType)
                }
            }
            do {
                body = try form.makeBody()
            } catch {
                throw ObjectManagerError(.serialization, "cannot write the multipart body: \(error)", underlying: error)
            }
            contentType = form.contentType
        } else {
            if let file = files.first {
                throw ObjectManagerError(
                    .serialization, "the file \(file.name) cannot be sent as \(encoding.mediaType.essence); use .multipart")
            }
            do {
                body = .bytes(try configuration.registry.serialize(parameters ?? .object([:]), as: encoding.mediaType))
            } catch {
                throw ObjectManagerError(
                    .serialization, "cannot write the parameters as \(encoding.mediaType.essence): \(error)", underlying: error)
            }
            contentType = encoding.mediaType
        }
        if let progress {
            body = body.withProgress { progress(UploadProgress(bytesSent: $0.bytesProduced, totalBytes: $0.totalBytes)) }
        }
        request.body = body
        request.headers["Content-Type"] = contentType.description
        return request
    }
}
