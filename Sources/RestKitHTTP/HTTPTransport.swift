/// Sends one request and returns the whole response. ``ObjectManager`` uses one; the
/// default is ``AsyncHTTPClientTransport``. Plug in another client by conforming to it.
///
/// Implementations throw ``ObjectManagerError`` with `.transport`, `.timeout` or `.cancelled`,
/// and honour Swift task cancellation.
///
/// ```swift
/// struct LoggingTransport: HTTPTransport {
///     let base: any HTTPTransport
///     func send(_ request: TransportRequest) async throws(ObjectManagerError) -> TransportResponse {
///         print(request.method, request.url)
///         return try await base.send(request)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request`; any status is a response, not an error.
    func send(_ request: TransportRequest) async throws(ObjectManagerError) -> TransportResponse
}
