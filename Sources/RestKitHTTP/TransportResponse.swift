/// A response as the transport received it.
///
/// ```swift
/// let result = try await manager.getObjects(at: "/gists/public")
/// result.response.status                   // 200
/// result.response.headers["Content-Type"]  // "application/json; charset=utf-8"
/// ```
public struct TransportResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HeaderFields
    /// The whole body (decoded, when it came compressed; `headers` are as the server sent
    /// them, so `Content-Encoding` and `Content-Length` describe the encoded body).
    public var body: [UInt8]
    /// The URL that answered: after redirects, the last one requested; `nil` when the
    /// transport does not say.
    public var url: String?
    /// The method of the request that was answered: after a redirect that turned a `POST`
    /// into a `GET`, `GET`; `nil` when the transport does not say.
    public var method: RequestMethod?

    /// Creates a response.
    public init(
        status: Int, headers: HeaderFields = HeaderFields(), body: [UInt8] = [], url: String? = nil, method: RequestMethod? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.method = method
    }

    /// The parsed `Content-Type`, `nil` when absent.
    ///
    /// - Throws: ``ObjectManagerError`` (`.unsupportedContentType`) when it cannot be parsed.
    public func contentType() throws(ObjectManagerError) -> MediaType? {
        guard let text = headers["Content-Type"] else { return nil }
        do {
            return try MediaType(text)
        } catch {
            throw ObjectManagerError(.unsupportedContentType, "malformed Content-Type '\(text)': \(error)", status: status, underlying: error)
        }
    }
}
