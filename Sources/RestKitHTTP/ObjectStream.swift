import Logging
import Synchronization

/// The objects mapped from a streamed JSON response, one by one as its bytes arrive: what
/// ``ObjectManager/streamObjects(at:parameters:keyPath:mapping:)`` returns. Iterate it once.
///
/// ```swift
/// var count = 0
/// for try await event in try await manager.streamObjects(at: "/events", keyPath: "events", mapping: eventMapping) {
///     count += 1
/// }
/// ```
///
/// Chunks are pulled from the connection only as fast as objects are consumed, so at most
/// one chunk, the elements it completed and the element being built are in memory. Errors
/// end the sequence and are ``ObjectManagerError``s:
///
/// - `.unparsableResponse`: the body is not valid JSON; ``ObjectManagerError/underlying`` is
///   the `ParseError` with its line, column and byte offset in the body;
/// - `.mapping`: element ``ObjectManagerError/reason`` names (its index in the array, the
///   key path inside it, and how many bytes had arrived); ``ObjectManagerError/underlying``
///   is the `MappingError`, whose key path starts with the array's key path and the index;
/// - the transport's errors (`.transport`, `.timeout`, `.cancelled`, …) when the connection
///   fails mid-body.
///
/// Objects already handed out stay valid.
public struct ObjectStream<Model>: AsyncSequence {
    public typealias Element = Model
    public typealias Failure = ObjectManagerError

    /// The status code of the response.
    public let status: Int
    /// The header fields of the response.
    public let headers: HeaderFields
    let body: ResponseBodyStream
    let target: String
    let keyPath: String?
    let mapping: ObjectMapping<Model>
    let options: MappingOptions
    let empty: Bool
    let logger: Logger

    init(
        response: StreamedResponse, target: String, keyPath: String?, mapping: ObjectMapping<Model>, options: MappingOptions,
        empty: Bool, logger: Logger
    ) {
        status = response.status
        headers = response.headers
        body = response.body
        self.target = target
        self.keyPath = keyPath
        self.mapping = mapping
        self.options = options
        self.empty = empty
        self.logger = logger
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let counter = ByteCounter()
        let chunks = CountedChunks(body: body, counter: counter)
        return AsyncIterator(
            elements: mapping.stream(from: chunks, at: keyPath, options: options).makeAsyncIterator(), counter: counter,
            target: target, done: empty, logger: logger)
    }

    /// Maps the next element; see ``ObjectStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var elements: MappedElementStream<CountedChunks, Model>.Iterator
        let counter: ByteCounter
        let target: String
        var done: Bool
        let logger: Logger
        let started = ContinuousClock.now
        var produced = 0

        /// The next object, `nil` after the last.
        public mutating func next() async throws(ObjectManagerError) -> Model? {
            guard !done else { return nil }
            do {
                guard let model = try await elements.next() else {
                    done = true
                    logger.debug("response stream finished", metadata: summary())
                    return nil
                }
                produced += 1
                return model
            } catch {
                done = true
                let failure = wrap(error)
                var metadata = summary()
                metadata[RequestLogKey.errorType] = "\(failure.errorType)"
                logger.debug("response stream failed", metadata: metadata)
                throw failure
            }
        }

        /// Bytes read, objects mapped and time spent so far, for log entries.
        private func summary() -> Logger.Metadata {
            [
                RequestLogKey.responseBodySize: "\(counter.count)", RequestLogKey.objects: "\(produced)",
                RequestLogKey.duration: loggedDuration(since: started),
            ]
        }

        private func wrap(_ error: any Error) -> ObjectManagerError {
            let received = counter.count
            switch error {
            case let error as ObjectManagerError:
                return error
            case let error as ParseError:
                return ObjectManagerError(
                    .unparsableResponse, "the response to \(target) is not valid JSON: \(error)", underlying: error)
            case let error as MappingError:
                return ObjectManagerError(
                    .mapping,
                    "cannot map element \(produced) of the response to \(target) (within its first \(received) bytes): \(error)",
                    underlying: error)
            default:
                return ObjectManagerError(.transport, "the response to \(target) failed after \(received) bytes: \(error)")
            }
        }
    }
}

/// Bytes of the body handed to the parser so far.
final class ByteCounter: Sendable {
    private let total = Atomic<Int>(0)

    var count: Int { total.load(ordering: .relaxed) }

    func add(_ count: Int) {
        total.add(count, ordering: .relaxed)
    }
}

/// A response body that counts the bytes it hands out.
struct CountedChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let body: ResponseBodyStream
    let counter: ByteCounter

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: body.makeAsyncIterator(), counter: counter)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: ResponseBodyStream.AsyncIterator
        let counter: ByteCounter

        mutating func next() async throws -> [UInt8]? {
            guard let chunk = try await base.next() else { return nil }
            counter.add(chunk.count)
            return chunk
        }
    }
}
