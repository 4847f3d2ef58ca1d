public import Logging

/// A request as the transport sends it: method, absolute URL, headers, optional body.
///
/// ```swift
/// var request = TransportRequest(method: .get, url: "http://127.0.0.1:8080/gists/public")
/// request.headers["Accept"] = "application/json"
/// request.timeout = .seconds(5)
/// request.maximumResponseSize = 256 << 20
/// ```
public struct TransportRequest: Sendable {
    /// The method.
    public var method: RequestMethod
    /// The absolute URL, with its query string.
    public var url: String
    /// The header fields.
    public var headers: HeaderFields
    /// The body (streamed from its chunks; `Content-Length` when its length is known).
    public var body: Body?
    /// The time the whole request may take; `nil`: the transport's default.
    public var timeout: Duration?
    /// The largest response body accepted, in bytes (decoded, when compressed); `nil`: the
    /// transport's default (64 MiB for ``AsyncHTTPClientTransport``).
    public var maximumResponseSize: Int?
    /// Where the transport logs what it does for this request (redirects followed); the
    /// ``ObjectManager`` sets its configured logger here, with the request's
    /// ``RequestLogKey/requestID``. Default: nowhere.
    public var logger: Logger

    /// Creates a request.
    public init(
        method: RequestMethod, url: String, headers: HeaderFields = HeaderFields(), body: Body? = nil, timeout: Duration? = nil,
        maximumResponseSize: Int? = nil, logger: Logger? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.logger = logger ?? .silent
    }
}
