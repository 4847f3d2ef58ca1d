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
    /// The whole body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: HeaderFields = HeaderFields(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
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
