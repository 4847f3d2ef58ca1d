import Dispatch

extension Body: AsyncSequence {
    /// One chunk of at most ``Body/chunkSize`` bytes.
    public typealias Element = [UInt8]

    /// Produces the body chunk by chunk; every iterator starts again from the first byte.
    ///
    /// Each chunk is read on a Dispatch queue of its own, off Swift's cooperative pool: a
    /// `pread(2)` of a file (or a slow ``BodySource``) never holds a cooperative thread.
    /// (RestKitHTTP's transport reads into NIO `ByteBuffer`s on NIO's thread pool instead.)
    ///
    /// ```swift
    /// var total = 0
    /// for try await chunk in body { total += chunk.count }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let reader: SerialReader
        private let chunkSize: Int

        init(reader: Reader, chunkSize: Int) {
            self.reader = SerialReader(reader)
            self.chunkSize = Swift.max(chunkSize, 1)
        }

        /// The next chunk, or `nil` at the end.
        ///
        /// - Throws: ``BodyError``.
        public mutating func next() async throws -> [UInt8]? {
            let chunk = try await reader.read(chunkSize)
            return chunk.isEmpty ? nil : chunk
        }
    }

    /// A new iterator reading the body from its first byte.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: makeReader(), chunkSize: chunkSize)
    }
}

/// A ``Body/Reader`` used from a serial Dispatch queue: one read at a time, each awaited
/// before the next starts, so the non-thread-safe reader is never shared (hence
/// `@unchecked Sendable`).
final class SerialReader: @unchecked Sendable {
    private let reader: Body.Reader
    private let queue = DispatchQueue(label: "RestKitForms.Body.read")

    init(_ reader: Body.Reader) {
        self.reader = reader
    }

    /// Up to `size` bytes of the body, read on the queue; empty at the end.
    func read(_ size: Int) async throws(BodyError) -> [UInt8] {
        let result: Result<[UInt8], BodyError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(BodyError) -> [UInt8] in try self.readNow(size) })
            }
        }
        return try result.get()
    }

    private func readNow(_ size: Int) throws(BodyError) -> [UInt8] {
        var failure: BodyError?
        let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            do throws(BodyError) {
                initialized = try reader.read(into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return chunk
    }
}
