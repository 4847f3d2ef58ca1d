internal import NIOCore
internal import NIOPosix

/// A ``Body`` as the `ByteBuffer`s AsyncHTTPClient sends, read off Swift's cooperative pool.
///
/// Every chunk is read by ``Body/Reader`` straight into the `ByteBuffer` that is sent (one
/// allocation, no intermediate array), on NIO's blocking-I/O thread pool, so a `pread(2)` of
/// a file never holds a cooperative thread. While the client writes one chunk, the next is
/// already being read (one read ahead): memory holds at most two chunks of ours. When the
/// client drops the iterator, or the transport releases ``BodyReaders`` at the end of the
/// exchange (the server answered early, a redirect, an error), no further read starts, no
/// further progress is reported, and the reader and its open file are let go.
///
/// ```swift
/// outgoing.body = .stream(BodyByteBuffers(body: body, failure: failure, readers: readers), length: .known(Int64(size)))
/// ```
struct BodyByteBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let body: Body
    let failure: BodyFailure
    let readers: BodyReaders

    func makeAsyncIterator() -> AsyncIterator {
        let reader = ReaderBox(body.makeReader())
        readers.register(reader)
        return AsyncIterator(reader: reader, chunkSize: Swift.max(body.chunkSize, 1), failure: failure)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let reader: ReaderBox
        let chunkSize: Int
        let failure: BodyFailure
        /// Releases the reader when the last copy of this iterator goes away.
        let lifetime: IteratorLifetime
        var finished = false

        init(reader: ReaderBox, chunkSize: Int, failure: BodyFailure) {
            self.reader = reader
            self.chunkSize = chunkSize
            self.failure = failure
            lifetime = IteratorLifetime(reader)
        }

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            let read = reader.takeReadAhead() ?? startRead()
            do {
                guard let chunk = try await read.get() else {
                    finished = true
                    return nil
                }
                reader.keepReadAhead(startRead())
                return chunk
            } catch let error as BodyError {
                finished = true
                failure.record(error)
                throw error
            }
        }

        /// Reads the next chunk on the thread pool; `nil` at the end of the body.
        private func startRead() -> EventLoopFuture<ByteBuffer?> {
            let reader = reader
            let chunkSize = chunkSize
            return NIOThreadPool.singleton.runIfActive(eventLoop: MultiThreadedEventLoopGroup.singleton.any()) {
                try reader.readChunk(size: chunkSize)
            }
        }
    }
}

/// A ``Body/Reader`` shared with the thread pool, and the read started ahead. The iterator
/// keeps at most one read under way and starts the next only after awaiting it, so the
/// reader is never used by two threads at once. A read takes the reader out of the box for
/// its duration, so the lock is never held across I/O and ``release()`` never waits.
final class ReaderBox: Sendable {
    private struct State {
        /// `nil` while a read has it, and once released.
        var reader: Body.Reader?
        var readAhead: EventLoopFuture<ByteBuffer?>?
        var released = false
    }

    private let state: LockedValue<State>

    init(_ reader: Body.Reader) {
        state = LockedValue(State(reader: reader))
    }

    /// Lets go of the reader (closing its file; at the end of a read under way) and of the
    /// chunk read ahead: every later read ends the body at once.
    func release() {
        let released = state.withLock { state in
            defer { state = State(released: true) }
            return (state.reader, state.readAhead)
        }
        _ = released  // freed here, outside the lock
    }

    /// The read started ahead, if any (taken: the box no longer holds it).
    func takeReadAhead() -> EventLoopFuture<ByteBuffer?>? {
        state.withLock { state in
            defer { state.readAhead = nil }
            return state.readAhead
        }
    }

    /// Keeps `read` until the next chunk is asked for (not kept once released).
    func keepReadAhead(_ read: EventLoopFuture<ByteBuffer?>) {
        state.withLock { state in
            if !state.released { state.readAhead = read }
        }
    }

    /// Up to `size` bytes read into a new buffer; `nil` at the end or once released.
    func readChunk(size: Int) throws(BodyError) -> ByteBuffer? {
        guard let reader = state.withLock({ state in
            defer { state.reader = nil }
            return state.reader
        }) else { return nil }
        defer {
            state.withLock { state in
                if !state.released { state.reader = reader }
            }
        }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let count = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { (bytes) throws(BodyError) -> Int in
            try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes.prefix(size)))
        }
        return count == 0 ? nil : buffer
    }
}

/// Releases a ``ReaderBox`` when the iterator owning it is released.
final class IteratorLifetime: Sendable {
    private let reader: ReaderBox

    init(_ reader: ReaderBox) {
        self.reader = reader
    }

    deinit {
        reader.release()
    }
}

/// The readers of one exchange's request body (AsyncHTTPClient makes one iterator, but may
/// make more). The transport releases them when the exchange is over: the response read, a
/// redirect followed, an error. That matters when the server answers before reading the
/// whole body while the upload waits for the socket: AsyncHTTPClient then never resumes its
/// request-body task, which keeps the iterator for the life of the process (reproduced with
/// AsyncHTTPClient alone, `AsyncHTTPClientEarlyAnswerTests`); released, the iterator no longer
/// holds the file open or the chunk it read ahead.
final class BodyReaders: Sendable {
    private let state = LockedValue<(readers: [ReaderBox], released: Bool)>(([], false))

    /// Adds a reader; one registered after ``release()`` is released at once.
    func register(_ reader: ReaderBox) {
        let released = state.withLock { state in
            if !state.released { state.readers.append(reader) }
            return state.released
        }
        if released { reader.release() }
    }

    /// Releases every reader, now and later.
    func release() {
        let readers = state.withLock { state in
            defer { state = ([], true) }
            return state.readers
        }
        for reader in readers { reader.release() }
    }
}
