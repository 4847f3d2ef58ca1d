internal import AsyncHTTPClient
internal import NIOCore
internal import NIOHTTP1
internal import NIOHTTPCompression
import RestKitCore

/// The ``HTTPTransport`` over swift-server's AsyncHTTPClient (a process-wide client unless
/// told otherwise).
///
/// ```swift
/// let manager = ObjectManager(baseURL: "https://api.github.com", transport: AsyncHTTPClientTransport(timeout: .seconds(10)))
/// ```
///
/// - Request bodies stream chunk by chunk from `Body` (with `Content-Length` when the length
///   is known), each chunk read into the buffer that is sent on NIO's blocking-I/O thread
///   pool, never on a cooperative thread.
/// - Redirects are followed by ``redirects`` (see ``RedirectPolicy`` for the rules; 307 and
///   308 send the body again from its start).
/// - Responses compressed with `gzip` or `deflate` are decoded (`Accept-Encoding: gzip,
///   deflate` is sent unless the request sets its own). Another `Content-Encoding` fails with
///   `.unsupportedContentEncoding` rather than handing compressed bytes to a parser.
/// - Bodies are collected up to the request's ``TransportRequest/maximumResponseSize``, else
///   ``maximumResponseSize`` (decoded bytes count); a larger one fails with
///   `.responseTooLarge` and says how to raise the limit.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The timeout of a request without its own (default 60 s).
    public var timeout: Duration
    /// The largest response body accepted when the request sets no limit (default 64 MiB).
    public var maximumResponseSize: Int
    /// Which redirects are followed (default: up to 10).
    public var redirects: RedirectPolicy
    /// A compressed response may inflate to at most this many times its compressed size
    /// (a guard against decompression bombs; AsyncHTTPClient's browser-like configuration
    /// uses 25). The decoded size also counts against the response size limit.
    public static let maximumDecompressionRatio = 100
    let client: HTTPClient

    /// A transport over a process-wide `HTTPClient`, configured like `HTTPClient.shared` except
    /// that a refused or unreachable connection fails at once with `.transport` (the shared
    /// client retries connecting with back-off until the request's deadline, so a server that
    /// is down would look like a timeout), and that gzip and deflate responses are decoded.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(timeout: .seconds(10), maximumResponseSize: 1 << 20)
    /// ```
    public init(timeout: Duration = .seconds(60), maximumResponseSize: Int = 64 << 20, redirects: RedirectPolicy = .follow()) {
        self.init(client: Self.sharedClient, timeout: timeout, maximumResponseSize: maximumResponseSize, redirects: redirects)
    }

    /// The client of every transport made by ``init(timeout:maximumResponseSize:redirects:)``;
    /// never shut down, like `HTTPClient.shared`.
    static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .enabled(limit: .ratio(maximumDecompressionRatio))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    init(client: HTTPClient, timeout: Duration, maximumResponseSize: Int, redirects: RedirectPolicy) {
        self.client = client
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.redirects = redirects
    }

    public func send(_ request: TransportRequest) async throws(ObjectManagerError) -> TransportResponse {
        let sizeLimit = request.maximumResponseSize ?? maximumResponseSize
        let timeout = request.timeout ?? timeout
        let (current, response, bodyFailure, readers, deadline) = try await follow(request, sizeLimit: sizeLimit)
        defer { readers.release() }
        do {
            let expected = response.headers.first(name: "Content-Length").flatMap { Int($0) }
            // AsyncHTTPClient's deadline ends at the response head; the body gets what is left.
            let body = try await Self.beforeDeadline(deadline) { [body = response.body] in
                try await Self.collect(body, limit: sizeLimit, expected: expected)
            }
            return TransportResponse(
                status: Int(response.status.code), headers: Self.headers(of: response), body: body, url: current.url,
                method: current.method)
        } catch {
            throw Self.failure(error, request: current, bodyFailure: bodyFailure, timeout: timeout, sizeLimit: sizeLimit)
        }
    }

    /// Sends `request` (following redirects like ``send(_:)``) and returns as soon as the
    /// response head arrives; the body streams as it is read, with no size limit and no
    /// deadline (the request's timeout covers the exchange up to the response head; cancel
    /// the task to stop a stream).
    ///
    /// ```swift
    /// let response = try await AsyncHTTPClientTransport().stream(TransportRequest(method: .get, url: exportURL))
    /// for try await chunk in response.body { try output.write(chunk) }
    /// ```
    public func stream(_ request: TransportRequest) async throws(ObjectManagerError) -> StreamedResponse {
        let sizeLimit = request.maximumResponseSize ?? maximumResponseSize
        let (current, response, bodyFailure, readers, _) = try await follow(request, sizeLimit: sizeLimit)
        let timeout = request.timeout ?? timeout
        return StreamedResponse(
            status: Int(response.status.code), headers: Self.headers(of: response),
            body: ResponseBodyStream(response.body, atEnd: readers.release) { error in
                Self.failure(error, request: current, bodyFailure: bodyFailure, timeout: timeout, sizeLimit: Int.max)
            },
            url: current.url, method: current.method)
    }

    /// Sends `request` and the requests its redirects call for; returns the last request, its
    /// response (whose body has not been read), its request body's readers (the caller
    /// releases them when the exchange is over) and the request's deadline.
    private func follow(
        _ request: TransportRequest, sizeLimit: Int
    ) async throws(ObjectManagerError) -> (TransportRequest, HTTPClientResponse, BodyFailure, BodyReaders, ContinuousClock.Instant) {
        let limit = request.timeout ?? timeout
        let deadline = NIODeadline.now() + .nanoseconds(Self.nanoseconds(limit))
        let instant = ContinuousClock.now.advanced(by: limit)
        var current = request
        var visited = [request.url]
        while true {
            let (response, bodyFailure, readers) = try await exchange(current, deadline: deadline, timeout: limit, sizeLimit: sizeLimit)
            let status = Int(response.status.code)
            guard RedirectPolicy.isRedirect(status) else { return (current, response, bodyFailure, readers, instant) }
            // The redirect's own body is read (its first MiB, within the deadline) and
            // dropped, so the connection can be reused.
            _ = try? await Self.beforeDeadline(instant) { [body = response.body] in
                try await Self.collect(body, limit: 1 << 20, expected: nil)
            }
            readers.release()
            let location = response.headers.first(name: "Location")
            guard visited.count <= redirects.maximum else {
                let reason = redirects.maximum == 0
                    ? "the server redirected (\(status)) to '\(location ?? "")' and redirects are disabled"
                    : "stopped after \(redirects.maximum) redirects (the next to '\(location ?? "")'); started at \(request.url)"
                throw ObjectManagerError(.redirect, reason, status: status, method: current.method, url: current.url)
            }
            let next = try Redirection.request(after: status, location: location, for: current)
            current.logger.debug(
                "following redirect",
                metadata: [
                    RequestLogKey.status: "\(status)", RequestLogKey.path: "\(loggedPath(of: current.url))",
                    "rk.redirect.method": "\(next.method)", "rk.redirect.path": "\(loggedPath(of: next.url))",
                ])
            current = next
            visited.append(current.url)
        }
    }

    /// The whole body, in one array (reserved from `Content-Length` when it fits the limit).
    ///
    /// - Throws: ``ResponseSizeExceeded`` past `limit`; the body's errors.
    private static func collect(_ body: HTTPClientResponse.Body, limit: Int, expected: Int?) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        if let expected, expected > 0, expected <= limit { bytes.reserveCapacity(expected) }
        for try await buffer in body {
            guard buffer.readableBytes <= limit - bytes.count else { throw ResponseSizeExceeded() }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }

    /// `operation`'s result, or ``DeadlineExceeded`` when `deadline` comes first
    /// (AsyncHTTPClient's deadline covers a request up to its response head, not its body).
    private static func beforeDeadline<Value: Sendable>(
        _ deadline: ContinuousClock.Instant, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
            return value
        }
    }

    /// One request and the head of its response, without following redirects; the request
    /// body's readers are released on failure, else by the caller.
    private func exchange(
        _ request: TransportRequest, deadline: NIODeadline, timeout: Duration, sizeLimit: Int
    ) async throws(ObjectManagerError) -> (HTTPClientResponse, BodyFailure, BodyReaders) {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if !outgoing.headers.contains(name: "Accept-Encoding") { outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        let bodyFailure = BodyFailure()
        let readers = BodyReaders()
        if let body = request.body {
            let length: HTTPClientRequest.Body.Length = body.length.value.map { .known(Int64($0)) } ?? .unknown
            outgoing.body = .stream(BodyByteBuffers(body: body, failure: bodyFailure, readers: readers), length: length)
        }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: deadline)
        } catch {
            readers.release()
            throw Self.failure(error, request: request, bodyFailure: bodyFailure, timeout: timeout, sizeLimit: sizeLimit)
        }
        if let encoding = Self.undecodableEncoding(response.headers[canonicalForm: "Content-Encoding"].map(String.init)) {
            readers.release()
            throw ObjectManagerError(
                .unsupportedContentEncoding,
                "the response body is encoded as '\(encoding)', which RestKit cannot decode (it decodes gzip and deflate)",
                status: Int(response.status.code), method: request.method, url: request.url)
        }
        return (response, bodyFailure, readers)
    }

    private static func headers(of response: HTTPClientResponse) -> HeaderFields {
        var headers = HeaderFields()
        for field in response.headers { headers.add(field.name, field.value) }
        return headers
    }

    /// The error of a failed exchange: the request body's failure when there was one (the
    /// client may report it as its own error, or as the connection it closed because of
    /// it), else the client's error classified.
    private static func failure(
        _ error: any Error, request: TransportRequest, bodyFailure: BodyFailure, timeout: Duration, sizeLimit: Int
    ) -> ObjectManagerError {
        if let failure = bodyFailure.error {
            return ObjectManagerError(
                .requestBody, "the request body failed: \(failure)", method: request.method, url: request.url, underlying: failure)
        }
        return classify(error, request: request, timeout: timeout, sizeLimit: sizeLimit)
    }

    /// The content codings of `values` when AsyncHTTPClient does not decode them: it decodes
    /// a body whose only coding is `gzip` or `deflate` (`identity` means none), nothing else.
    static func undecodableEncoding(_ values: [String]) -> String? {
        let codings = values.flatMap { $0.split(separator: ",") }.map { Substring($0).trimmingWhitespace().lowercased() }
        let applied = codings.filter { !$0.isEmpty && $0 != "identity" }
        if applied.isEmpty { return nil }
        if codings.count == 1, applied == ["gzip"] || applied == ["deflate"] { return nil }
        return codings.joined(separator: ", ")
    }

    /// `duration` in whole nanoseconds, saturating at `Int64.max`.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max : product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }

    private static func classify(_ error: any Error, request: TransportRequest, timeout: Duration, sizeLimit: Int) -> ObjectManagerError {
        func failure(_ type: ObjectManagerError.ErrorType, _ reason: String) -> ObjectManagerError {
            ObjectManagerError(type, reason, method: request.method, url: request.url, underlying: error)
        }
        if let error = error as? ObjectManagerError { return error }
        if error is CancellationError || Task.isCancelled { return failure(.cancelled, "the request was cancelled") }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled, .requestStreamCancelled:
                return failure(.cancelled, "the request was cancelled")
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                return failure(.timeout, "timed out after \(timeout) (\(error))")
            default:
                return failure(.transport, "\(error)")
            }
        }
        if error is DeadlineExceeded {
            return failure(.timeout, "timed out after \(timeout) while reading the response body")
        }
        if error is NIOTooManyBytesError || error is ResponseSizeExceeded {
            return failure(
                .responseTooLarge,
                "the response body is larger than the limit of \(ByteCountText.describe(sizeLimit)); raise "
                    + "ObjectManager.Configuration.maximumResponseSize, TransportRequest.maximumResponseSize or "
                    + "AsyncHTTPClientTransport.maximumResponseSize")
        }
        if let error = error as? NIOHTTPDecompression.DecompressionError {
            if error == .limit {
                return failure(
                    .responseTooLarge,
                    "the compressed response body inflates more than \(maximumDecompressionRatio) times its size "
                        + "(refused as a decompression bomb)")
            }
            return failure(.transport, "the compressed response body is corrupt (\(error))")
        }
        if error is NIOHTTPDecompression.ExtraDecompressionError {
            return failure(.transport, "the compressed response body is corrupt (\(error))")
        }
        return failure(.transport, "\(error)")
    }
}

/// The response body passed the size limit.
struct ResponseSizeExceeded: Error {}

/// The request's deadline passed while its body was read.
struct DeadlineExceeded: Error {}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// The error a request body failed with, kept for the transport to report.
final class BodyFailure: Sendable {
    private let state = LockedValue<(any Error & Sendable)?>(nil)

    var error: (any Error & Sendable)? { state.withLock { $0 } }

    func record(_ error: any Error & Sendable) {
        state.withLock { if $0 == nil { $0 = error } }
    }
}
