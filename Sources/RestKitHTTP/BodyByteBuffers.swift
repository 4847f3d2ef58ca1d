internal import NIOCore
internal import NIOPosix
import Synchronization

/// A ``Body`` as the `ByteBuffer`s AsyncHTTPClient sends, read off Swift's cooperative pool.
///
/// Every chunk is read by ``Body/Reader`` straight into the `ByteBuffer` that is sent (one
/// allocation, no intermediate array), on NIO's blocking-I/O thread pool, so a `pread(2)` of
/// a file never holds a cooperative thread. While the client writes one chunk, the next is
/// already being read (one read ahead): memory holds at most two chunks of ours. When the
/// client drops the iterator (the server answered early, a redirect, an error), no further
/// read starts and no further progress is reported.
///
/// ```swift
/// outgoing.body = .stream(BodyByteBuffers(body: body, failure: failure), length: .known(Int64(size)))
/// ```
struct BodyByteBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let body: Body
    let failure: BodyFailure

    func makeAsyncIterator() -> AsyncIterator {
        let reader = ReaderBox(body.makeReader())
        return AsyncIterator(reader: reader, chunkSize: Swift.max(body.chunkSize, 1), failure: failure)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let reader: ReaderBox
        let chunkSize: Int
        let failure: BodyFailure
        /// Stops the reader when the last copy of this iterator goes away.
        let lifetime: IteratorLifetime
        /// The read under way, started when the previous chunk was handed out.
        var pending: EventLoopFuture<ByteBuffer?>?
        var finished = false

        init(reader: ReaderBox, chunkSize: Int, failure: BodyFailure) {
            self.reader = reader
            self.chunkSize = chunkSize
            self.failure = failure
            lifetime = IteratorLifetime(reader)
        }

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            let read = pending ?? startRead()
            pending = nil
            do {
                guard let chunk = try await read.get() else {
                    finished = true
                    return nil
                }
                pending = startRead()
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

/// A ``Body/Reader`` shared with the thread pool. The iterator keeps at most one read under
/// way and starts the next only after awaiting it, so the reader is never used by two
/// threads at once (hence `@unchecked Sendable`).
final class ReaderBox: @unchecked Sendable {
    private let reader: Body.Reader
    private let stopped = Atomic<Bool>(false)

    init(_ reader: Body.Reader) {
        self.reader = reader
    }

    /// Makes every later read end the body at once.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Up to `size` bytes read into a new buffer; `nil` at the end or once stopped.
    func readChunk(size: Int) throws(BodyError) -> ByteBuffer? {
        if stopped.load(ordering: .acquiring) { return nil }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        let count = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { (bytes) throws(BodyError) -> Int in
            try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes.prefix(size)))
        }
        return count == 0 ? nil : buffer
    }
}

/// Stops a ``ReaderBox`` when the iterator owning it is released.
final class IteratorLifetime: Sendable {
    private let reader: ReaderBox

    init(_ reader: ReaderBox) {
        self.reader = reader
    }

    deinit {
        reader.stop()
    }
}
