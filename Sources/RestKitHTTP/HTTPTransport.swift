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

    /// Sends `request` and returns once the response head arrives, its body streaming as it
    /// is read (no size limit). A default implementation collects ``send(_:)``'s body.
    func stream(_ request: TransportRequest) async throws(ObjectManagerError) -> StreamedResponse
}

extension HTTPTransport {
    /// The response to `request` with its body as a stream. This default sends the request
    /// with ``send(_:)`` and hands out the whole body as one chunk; a transport that can
    /// stream (``AsyncHTTPClientTransport``) returns as soon as the response head arrives.
    ///
    /// ```swift
    /// let response = try await transport.stream(request)
    /// for try await chunk in response.body { consume(chunk) }
    /// ```
    public func stream(_ request: TransportRequest) async throws(ObjectManagerError) -> StreamedResponse {
        let response = try await send(request)
        return StreamedResponse(
            status: response.status, headers: response.headers, body: ResponseBodyStream(bytes: response.body),
            url: response.url ?? request.url)
    }
}
