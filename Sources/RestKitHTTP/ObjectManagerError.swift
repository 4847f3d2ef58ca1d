/// Why an object request failed: the transport, the server, the content, the mapping or
/// the configuration.
///
/// ```swift
/// do {
///     _ = try await manager.post(gist)
/// } catch let error as ObjectManagerError where error.errorType == .server {
///     error.status     // 422
///     error.messages   // ["description is too long"]
/// }
/// ```
public struct ObjectManagerError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case transport, timeout, cancelled, server, unsupportedContentType, unparsableResponse
            case noResponseDescriptor, mapping, serialization, routing, invalidURL
            case requestBody, pageOutOfRange, notLoaded
            case redirect, responseTooLarge, unsupportedContentEncoding, store
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The connection failed (refused, reset, DNS, TLS, a body that could not be read).
        public static let transport = ErrorType(.transport)
        /// The request did not complete before its timeout.
        public static let timeout = ErrorType(.timeout)
        /// The request's task was cancelled.
        public static let cancelled = ErrorType(.cancelled)
        /// The server answered 4xx or 5xx; ``messages`` holds what its error payload said.
        public static let server = ErrorType(.server)
        /// The response's `Content-Type` has no parser in the registry (or is missing).
        public static let unsupportedContentType = ErrorType(.unsupportedContentType)
        /// The response body could not be parsed as its `Content-Type`.
        public static let unparsableResponse = ErrorType(.unparsableResponse)
        /// No response descriptor matched the response; ``reason`` says why for each one.
        public static let noResponseDescriptor = ErrorType(.noResponseDescriptor)
        /// The response could not be mapped.
        public static let mapping = ErrorType(.mapping)
        /// The request's parameters could not be serialized.
        public static let serialization = ErrorType(.serialization)
        /// No route for an object, or a path pattern lacking a parameter.
        public static let routing = ErrorType(.routing)
        /// The URL could not be built.
        public static let invalidURL = ErrorType(.invalidURL)
        /// The request body could not be produced: a file to upload is missing, unreadable,
        /// or changed (size or modification time) before or while it was sent. ``underlying``
        /// is the `BodyError`; no short or padded body is ever sent.
        public static let requestBody = ErrorType(.requestBody)
        /// A ``Paginator`` was asked for a page outside `1...totalPages` (or before the first
        /// or past the last page).
        public static let pageOutOfRange = ErrorType(.pageOutOfRange)
        /// A ``Paginator`` was asked about pages, or for the next or previous one, before any
        /// page was loaded.
        public static let notLoaded = ErrorType(.notLoaded)
        /// The server redirected and the redirect could not be followed: too many redirects,
        /// no `Location`, a location that is not `http(s)`, or redirects disabled
        /// (``RedirectPolicy``). ``url`` is the URL that answered with the redirect.
        public static let redirect = ErrorType(.redirect)
        /// The response body (decoded, when it was compressed) is larger than the limit
        /// (``ObjectManager/Configuration/maximumResponseSize``, or the transport's), or it
        /// inflated more than ``AsyncHTTPClientTransport/maximumDecompressionRatio`` times
        /// its compressed size. ``reason`` says how to raise the limit.
        public static let responseTooLarge = ErrorType(.responseTooLarge)
        /// The response's `Content-Encoding` is one the transport cannot decode: it decodes a
        /// body whose only coding is `gzip` or `deflate` (`identity` is no coding).
        public static let unsupportedContentEncoding = ErrorType(.unsupportedContentEncoding)
        /// The response's objects could not be stored (RestKitStoreHTTP); ``underlying`` is the
        /// store's error, naming the entity and the key path.
        public static let store = ErrorType(.store)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The HTTP status, when a response arrived.
    public var status: Int?
    /// The method of the request that failed, when the transport reports it.
    public var method: RequestMethod?
    /// The URL that failed, when the transport reports it: after redirects, the last one
    /// requested, not the first.
    public var url: String?
    /// The server's error messages (``ErrorType/server``), in document order.
    public var messages: [String]
    /// The objects the error descriptors mapped (`ServerError` by default).
    public var serverErrors: [any Error & Sendable]
    /// The error underneath (from the transport, the registry, the parser or the mapper).
    public var underlying: (any Error & Sendable)?

    /// Creates an error.
    public init(
        _ errorType: ErrorType, _ reason: String, status: Int? = nil, method: RequestMethod? = nil, url: String? = nil,
        messages: [String] = [], serverErrors: [any Error & Sendable] = [], underlying: (any Error & Sendable)? = nil
    ) {
        self.errorType = errorType
        self.reason = reason
        self.status = status
        self.method = method
        self.url = url
        self.messages = messages
        self.serverErrors = serverErrors
        self.underlying = underlying
    }

    /// `errorType (status): METHOD URL: reason` (the method and URL when known).
    public var description: String {
        let target = url.map { (method.map { "\($0) " } ?? "") + $0 + ": " } ?? ""
        return "\(errorType)" + (status.map { " (\($0))" } ?? "") + ": " + target + reason
    }
}
