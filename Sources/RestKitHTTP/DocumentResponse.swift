public import RestKitCore

/// A response and its parsed body, not mapped (``ObjectManager/fetchDocument(_:)``).
///
/// ```swift
/// let fetched = try await manager.fetchDocument(try manager.request(method: .get, path: "/articles"))
/// if fetched.response.status == 304 { /* use what you stored */ }
/// let articles = fetched.document?["articles"]
/// ```
public struct DocumentResponse: Sendable {
    /// The request sent.
    public var request: TransportRequest
    /// The response received (after redirects).
    public var response: TransportResponse
    /// The parsed body; `nil` for a `304 Not Modified`, an answer to `HEAD` or an empty body.
    public var document: Representation?
    /// The request's path relative to the manager's base URL, without the query (what path
    /// patterns match).
    public var path: String

    /// Creates a document response.
    public init(request: TransportRequest, response: TransportResponse, document: Representation?, path: String) {
        self.request = request
        self.response = response
        self.document = document
        self.path = path
    }
}
