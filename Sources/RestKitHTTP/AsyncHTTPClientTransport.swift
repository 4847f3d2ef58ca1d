internal import AsyncHTTPClient
internal import NIOCore
internal import NIOHTTP1
import Synchronization

/// The ``HTTPTransport`` over swift-server's AsyncHTTPClient (a process-wide client unless
/// told otherwise).
///
/// ```swift
/// let manager = ObjectManager(baseURL: "https://api.github.com", transport: AsyncHTTPClientTransport(timeout: .seconds(10)))
/// ```
///
/// Request bodies stream chunk by chunk from ``Body`` (with `Content-Length` when the length
/// is known); responses are collected up to ``maximumResponseSize`` bytes.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The timeout of a request without its own (default 60 s).
    public var timeout: Duration
    /// The largest response body accepted (default 64 MiB).
    public var maximumResponseSize: Int
    let client: HTTPClient

    /// A transport over a process-wide `HTTPClient`, configured like `HTTPClient.shared` except
    /// that a refused or unreachable connection fails at once with `.transport` (the shared
    /// client retries connecting with back-off until the request's deadline, so a server that
    /// is down would look like a timeout).
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(timeout: .seconds(10), maximumResponseSize: 1 << 20)
    /// ```
    public init(timeout: Duration = .seconds(60), maximumResponseSize: Int = 64 << 20) {
        self.init(client: Self.sharedClient, timeout: timeout, maximumResponseSize: maximumResponseSize)
    }

    /// The client of every transport made by ``init(timeout:maximumResponseSize:)``; never shut
    /// down, like `HTTPClient.shared`.
    static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    init(client: HTTPClient, timeout: Duration, maximumResponseSize: Int) {
        self.client = client
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    public func send(_ request: TransportRequest) async throws(ObjectManagerError) -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        let bodyFailure = BodyFailure()
        if let body = request.body {
            let length: HTTPClientRequest.Body.Length = body.length.value.map { .known(Int64($0)) } ?? .unknown
            outgoing.body = .stream(ByteBufferChunks(body: body, failure: bodyFailure), length: length)
        }
        let limit = request.timeout ?? timeout
        let deadline = NIODeadline.now() + .nanoseconds(Self.nanoseconds(limit))
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            var headers = HeaderFields()
            for field in response.headers { headers.add(field.name, field.value) }
            let buffer = try await response.body.collect(upTo: maximumResponseSize)
            return TransportResponse(status: Int(response.status.code), headers: headers, body: Array(buffer.readableBytesView))
        } catch {
            if let failure = bodyFailure.error {
                // The body failed (a file changed while it was sent); the client may report
                // that as its own error, or as the connection it closed because of it.
                throw ObjectManagerError(
                    .requestBody, "\(request.method) \(request.url): the request body failed: \(failure)", underlying: failure)
            }
            throw Self.classify(error, request: request, timeout: limit, limit: maximumResponseSize)
        }
    }

    /// `duration` in whole nanoseconds, saturating at `Int64.max`.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max : product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }

    private static func classify(_ error: any Error, request: TransportRequest, timeout: Duration, limit: Int) -> ObjectManagerError {
        let target = "\(request.method) \(request.url)"
        if let error = error as? ObjectManagerError { return error }
        if error is CancellationError || Task.isCancelled {
            return ObjectManagerError(.cancelled, "\(target) was cancelled", underlying: error)
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled, .requestStreamCancelled:
                return ObjectManagerError(.cancelled, "\(target) was cancelled", underlying: error)
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                return ObjectManagerError(.timeout, "\(target) timed out after \(timeout) (\(error))", underlying: error)
            default:
                return ObjectManagerError(.transport, "\(target) failed: \(error)", underlying: error)
            }
        }
        if error is NIOTooManyBytesError {
            return ObjectManagerError(.transport, "\(target): the response is larger than \(limit) bytes", underlying: error)
        }
        return ObjectManagerError(.transport, "\(target) failed: \(error)", underlying: error)
    }
}

/// The error a request body failed with, kept for the transport to report.
private final class BodyFailure: Sendable {
    private let state = Mutex<(any Error & Sendable)?>(nil)

    var error: (any Error & Sendable)? { state.withLock { $0 } }

    func record(_ error: any Error & Sendable) {
        state.withLock { if $0 == nil { $0 = error } }
    }
}

/// A ``Body`` as the `ByteBuffer` sequence AsyncHTTPClient streams (one chunk at a time, as
/// the client asks for them: memory stays flat).
private struct ByteBufferChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let body: Body
    let failure: BodyFailure

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Body.AsyncIterator
        let failure: BodyFailure

        mutating func next() async throws -> ByteBuffer? {
            do {
                guard let chunk = try await base.next() else { return nil }
                return ByteBuffer(bytes: chunk)
            } catch let error as BodyError {
                failure.record(error)
                throw error
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: body.makeAsyncIterator(), failure: failure)
    }
}
