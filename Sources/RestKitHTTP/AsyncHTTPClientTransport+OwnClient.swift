internal import AsyncHTTPClient
internal import NIOCore

extension AsyncHTTPClientTransport {
    /// A transport over an `HTTPClient` of its own, configured for tools that must fail fast:
    /// a refused or unreachable connection fails after one attempt, and a host that does not
    /// answer fails within `connectTimeout` rather than at the request's deadline. Redirects
    /// follow `redirects`; gzip and deflate responses are decoded.
    ///
    /// Call ``shutdown()`` when done with it.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport.failingFast(connectTimeout: .seconds(5))
    /// defer { Task { try? await transport.shutdown() } }
    /// let response = try await transport.send(TransportRequest(method: .get, url: "http://127.0.0.1:8080/"))
    /// ```
    public static func failingFast(
        connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(60), maximumResponseSize: Int = 64 << 20,
        redirects: RedirectPolicy = .follow()
    ) -> AsyncHTTPClientTransport {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(nanoseconds(connectTimeout)), read: nil),
            decompression: .enabled(limit: .ratio(maximumDecompressionRatio)))
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        return AsyncHTTPClientTransport(client: client, timeout: timeout, maximumResponseSize: maximumResponseSize, redirects: redirects)
    }

    /// Shuts down a client made by ``failingFast(connectTimeout:timeout:maximumResponseSize:redirects:)``
    /// once its requests are done; does nothing for the shared client.
    ///
    /// ```swift
    /// try await transport.shutdown()
    /// ```
    public func shutdown() async throws {
        guard client !== HTTPClient.shared, client !== Self.sharedClient else { return }
        try await client.shutdown()
    }
}
