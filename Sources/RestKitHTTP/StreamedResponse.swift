import Synchronization
internal import AsyncHTTPClient
internal import NIOCore

/// A response whose body arrives as it is read from the connection, for bodies too large to
/// hold: what ``HTTPTransport/stream(_:)`` returns.
///
/// ```swift
/// let response = try await transport.stream(TransportRequest(method: .get, url: "http://127.0.0.1:8080/export"))
/// for try await chunk in response.body {
///     try file.write(chunk)          // memory holds one chunk at a time
/// }
/// ```
public struct StreamedResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HeaderFields
    /// The body, chunk by chunk as it arrives (decoded, when it came compressed). Iterate it
    /// once.
    public var body: ResponseBodyStream
    /// The URL that answered: after redirects, the last one requested.
    public var url: String?
    /// The method of the request that was answered (after redirects).
    public var method: RequestMethod?

    /// Creates a response.
    public init(
        status: Int, headers: HeaderFields = HeaderFields(), body: ResponseBodyStream, url: String? = nil, method: RequestMethod? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.method = method
    }

    /// The whole body collected into a ``TransportResponse``, up to `limit` bytes.
    ///
    /// ```swift
    /// let whole = try await streamed.collect(upTo: 1 << 20)
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` (`.responseTooLarge`) past `limit`, or the body's
    ///   transport error.
    public func collect(upTo limit: Int) async throws(ObjectManagerError) -> TransportResponse {
        var bytes: [UInt8] = []
        do {
            for try await chunk in body {
                guard bytes.count + chunk.count <= limit else {
                    throw ObjectManagerError(
                        .responseTooLarge, "the response body is larger than the limit of \(ByteCountText.describe(limit))",
                        status: status, method: method, url: url)
                }
                bytes += chunk
            }
        } catch let error as ObjectManagerError {
            throw error
        } catch {
            throw ObjectManagerError(.transport, "the response body failed: \(error)", status: status, url: url, underlying: error)
        }
        return TransportResponse(status: status, headers: headers, body: bytes, url: url, method: method)
    }
}

/// The chunks of a ``StreamedResponse``'s body, as they arrive. A body read from the
/// network can be iterated once: a second iterator (or ``StreamedResponse/collect(upTo:)``
/// after one) throws instead of reading.
///
/// ```swift
/// var received = 0
/// for try await chunk in response.body { received += chunk.count }
/// ```
public struct ResponseBodyStream: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public typealias Failure = ObjectManagerError

    private enum Source: Sendable {
        case bytes([UInt8])
        case client(HTTPClientResponse.Body, NetworkBodyState)
    }

    private let source: Source
    private let failure: @Sendable (any Error) -> ObjectManagerError

    /// A body that is already in memory, handed out as one chunk.
    ///
    /// ```swift
    /// let body = ResponseBodyStream(bytes: Array("[1, 2]".utf8))
    /// ```
    public init(bytes: [UInt8]) {
        source = .bytes(bytes)
        failure = { ObjectManagerError(.transport, "\($0)", underlying: $0) }
    }

    /// A network body; `atEnd` runs once, when the body has been read to its end or failed,
    /// or when the stream is dropped (every copy of it, and its iterator).
    init(
        _ body: HTTPClientResponse.Body, atEnd: @escaping @Sendable () -> Void,
        failure: @escaping @Sendable (any Error) -> ObjectManagerError
    ) {
        source = .client(body, NetworkBodyState(atEnd: atEnd))
        self.failure = failure
    }

    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .bytes(let bytes):
            return AsyncIterator(pending: bytes.isEmpty ? nil : bytes, client: nil, failure: failure)
        case .client(let body, let state):
            // AsyncHTTPClient's body allows a single iterator (a second one traps).
            guard state.take() else {
                return AsyncIterator(
                    pending: nil, client: nil, failure: failure,
                    refusal: ObjectManagerError(.transport, "the response body was already read; a streamed body can be iterated once"))
            }
            return AsyncIterator(pending: nil, client: body.makeAsyncIterator(), failure: failure, state: state)
        }
    }

    /// Hands out the chunks; errors are ``ObjectManagerError``s naming the URL.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pending: [UInt8]?
        var client: HTTPClientResponse.Body.AsyncIterator?
        let failure: @Sendable (any Error) -> ObjectManagerError
        var refusal: ObjectManagerError? = nil
        var state: NetworkBodyState? = nil

        /// The next chunk, `nil` at the end.
        public mutating func next() async throws(ObjectManagerError) -> [UInt8]? {
            if let refusal { throw refusal }
            if let bytes = pending {
                pending = nil
                return bytes
            }
            do {
                guard let buffer = try await client?.next() else {
                    state?.end()
                    return nil
                }
                return Array(buffer.readableBytesView)
            } catch {
                state?.end()
                throw failure(error)
            }
        }
    }
}

/// Whether the one iterator a network body allows has been made, and what runs once the
/// exchange is over (the transport releases the request body's readers).
final class NetworkBodyState: Sendable {
    private let taken = Atomic<Bool>(false)
    private let ended = Atomic<Bool>(false)
    private let atEnd: @Sendable () -> Void

    init(atEnd: @escaping @Sendable () -> Void) {
        self.atEnd = atEnd
    }

    deinit {
        end()
    }

    /// `true` the first time only.
    func take() -> Bool {
        !taken.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Runs `atEnd` the first time only.
    func end() {
        if !ended.exchange(true, ordering: .acquiringAndReleasing) { atEnd() }
    }
}
