public import Logging
import RestKitCore
import RestKitDefaults

/// Configured once, asked for objects: does the HTTP, the content negotiation, the parsing
/// through the registry, the mapping and the error handling.
///
/// ```swift
/// let manager = ObjectManager(baseURL: "https://api.github.com")
/// manager.configure { config in
///     config.responseDescriptors += [
///         ResponseDescriptor(mapping: gistMapping, method: .get, pathPattern: "/gists/public"),
///         ResponseDescriptor(mapping: gistMapping, methods: [.get, .post], pathPattern: "/gists/:id"),
///         ResponseDescriptor(mapping: gistMapping, method: .post, pathPattern: "/gists", statusCodes: 201),
///     ]
///     config.requestDescriptors.append(RequestDescriptor(mapping: gistMapping, rootKey: "gist"))
///     config.router.add(Route(Gist.self, methods: [.get, .patch, .delete], pattern: "/gists/:id", mapping: gistMapping))
///     config.router.add(Route(Gist.self, method: .post, pattern: "/gists"))
/// }
///
/// let gists = try await manager.getObjects(at: "/gists/public", parameters: ["per_page": 10]).objects(of: Gist.self)
/// let created = try await manager.post(draft).first as? Gist
/// ```
///
/// Paths are appended to the base URL's path (`/gists` under `https://host/api/v3` is
/// `https://host/api/v3/gists`); response descriptors match the path relative to the base URL.
/// Failures are ``ObjectManagerError``s: `.server` for 4xx/5xx (with the server's messages),
/// `.transport`, `.timeout`, `.cancelled`, `.unsupportedContentType`, `.noResponseDescriptor`, ….
public final class ObjectManager: Sendable {
    /// Everything an ``ObjectManager`` is configured with.
    public struct Configuration: Sendable {
        /// Headers sent with every request (before the request's own).
        public var defaultHeaders: HeaderFields = HeaderFields()
        /// Parsers for responses, serializers for request bodies.
        public var registry: Registry
        /// The type request parameters are serialized as: `application/json` (default) or
        /// `application/x-www-form-urlencoded` (Rails-style nesting).
        public var requestSerializationMediaType: MediaType = .json
        /// The mappings of successful responses.
        public var responseDescriptors: [ResponseDescriptor] = []
        /// The mappings of 4xx/5xx responses (default: `ServerError/mapping` at the root).
        public var errorDescriptors: [ResponseDescriptor] = [
            ResponseDescriptor(mapping: ServerError.mapping, statusCodes: .errors)
        ]
        /// The mappings of request parameters.
        public var requestDescriptors: [RequestDescriptor] = []
        /// Paths of objects and named routes.
        public var router = Router()
        /// Options of every mapping (the routing metadata is added per response).
        public var mappingOptions = MappingOptions()
        /// The timeout of each request; `nil`: the transport's.
        public var timeout: Duration?
        /// The largest response body accepted, in bytes (decoded, when it came compressed);
        /// `nil`: the transport's limit (64 MiB for ``AsyncHTTPClientTransport``). A larger
        /// response fails with `.responseTooLarge`.
        ///
        /// ```swift
        /// manager.configure { $0.maximumResponseSize = 512 << 20 }
        /// ```
        public var maximumResponseSize: Int?
        /// The `User-Agent` sent with every request that sets none (default
        /// `RestKit/<version>`, `RestKitVersion/userAgent`; many APIs, GitHub's among them,
        /// refuse requests without one). `nil` sends none.
        public var userAgent: String? = RestKitVersion.userAgent
        /// Where the manager, its request queue and its transport log (default: nowhere).
        ///
        /// At `debug`: each request's start (method, path, request body size) and end
        /// (status, response body size, duration), failures (error type), cancellations,
        /// redirects followed, streamed responses' ends (bytes, objects). At `trace`: waits for
        /// a slot of the request queue. Paths are logged without their query strings; header
        /// values (`Authorization`, cookies), query strings and bodies never are. The keys are
        /// ``RequestLogKey``'s.
        ///
        /// ```swift
        /// var logger = Logger(label: "com.example.api")
        /// logger.logLevel = .debug
        /// manager.configure { $0.logger = logger }
        /// ```
        public var logger: Logger = .silent

        /// A configuration using `registry`.
        public init(registry: Registry = .default) {
            self.registry = registry
        }

        /// The `Accept` header: every exact media type the registry has a parser for, in
        /// registration order.
        public var acceptHeader: String {
            var types: [String] = []
            for registration in registry.parsers {
                guard let type = registration.pattern.mediaType, !types.contains(type.essence) else { continue }
                types.append(type.essence)
            }
            return types.isEmpty ? "*/*" : types.joined(separator: ", ")
        }
    }

    /// The base URL paths are appended to (`http://127.0.0.1:8080`, `https://host/api/v3`).
    public let baseURL: String
    /// The transport requests go through.
    public let transport: any HTTPTransport
    /// The queue every request of this manager goes through (concurrency limit, cancelling).
    ///
    /// ```swift
    /// manager.requestQueue.waitingCount   // requests waiting for one of the slots
    /// ```
    public let requestQueue: RequestQueue
    private let state: LockedValue<Configuration>
    /// The last ``RequestLogKey/requestID`` handed out.
    private let lastRequestID = LockedValue<UInt64>(0)

    /// A manager for `baseURL`, running at most `maximumConcurrentRequests` requests at once.
    ///
    /// ```swift
    /// let manager = ObjectManager(baseURL: "http://127.0.0.1:8080", configuration: .init(registry: myRegistry))
    /// ```
    public init(
        baseURL: String, configuration: Configuration = Configuration(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(), maximumConcurrentRequests: Int = 5
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
        requestQueue = RequestQueue(maximumConcurrentRequests: maximumConcurrentRequests)
        state = LockedValue(configuration)
    }

    /// How many requests run at once (default 5); the others wait in order.
    ///
    /// ```swift
    /// manager.maximumConcurrentRequests = 2
    /// ```
    public var maximumConcurrentRequests: Int {
        get { requestQueue.maximumConcurrentRequests }
        set { requestQueue.maximumConcurrentRequests = newValue }
    }

    /// Cancels the waiting and running requests whose path matches `pattern` (and whose
    /// method is `method`, when given); each fails with `.cancelled`.
    ///
    /// ```swift
    /// manager.cancelRequests(matching: "/articles/:id", method: .get)
    /// ```
    ///
    /// - Returns: how many requests were cancelled.
    @discardableResult
    public func cancelRequests(matching pattern: PathPattern, method: RequestMethod? = nil) -> Int {
        requestQueue.cancelRequests(matching: pattern, method: method)
    }

    /// Cancels every waiting and running request; each fails with `.cancelled`.
    ///
    /// ```swift
    /// manager.cancelAllRequests()
    /// ```
    ///
    /// - Returns: how many requests were cancelled.
    @discardableResult
    public func cancelAllRequests() -> Int {
        requestQueue.cancelAllRequests()
    }

    /// A new ``RequestLogKey/requestID``.
    func nextRequestID() -> UInt64 {
        lastRequestID.withLock { id in
            id &+= 1
            return id
        }
    }

    /// A copy of the current configuration.
    public var configuration: Configuration {
        state.withLock { $0 }
    }

    /// Changes the configuration; requests already sent keep the one they started with.
    ///
    /// ```swift
    /// manager.configure { $0.defaultHeaders["Authorization"] = "token \(token)" }
    /// ```
    public func configure(_ change: (inout Configuration) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Adds a response descriptor.
    public func add(_ descriptor: ResponseDescriptor) {
        configure { $0.responseDescriptors.append(descriptor) }
    }

    /// Adds a request descriptor.
    public func add(_ descriptor: RequestDescriptor) {
        configure { $0.requestDescriptors.append(descriptor) }
    }

    /// Adds a route.
    public func add(_ route: Route) {
        configure { $0.router.add(route) }
    }
}
