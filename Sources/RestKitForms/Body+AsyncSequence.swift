extension Body: AsyncSequence {
    /// One chunk of at most ``Body/chunkSize`` bytes.
    public typealias Element = [UInt8]

    /// Produces the body chunk by chunk; every iterator starts again from the first byte.
    ///
    /// File reads are synchronous `pread(2)` calls of one chunk each (page-cache speed);
    /// iterate from a task that may block briefly.
    ///
    /// ```swift
    /// var total = 0
    /// for try await chunk in body { total += chunk.count }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let reader: Reader
        private let chunkSize: Int

        init(reader: Reader, chunkSize: Int) {
            self.reader = reader
            self.chunkSize = Swift.max(chunkSize, 1)
        }

        /// The next chunk, or `nil` at the end.
        ///
        /// - Throws: ``BodyError``.
        public mutating func next() async throws -> [UInt8]? {
            var failure: BodyError?
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                do throws(BodyError) {
                    initialized = try reader.read(into: UnsafeMutableRawBufferPointer(buffer))
                } catch {
                    failure = error
                    initialized = 0
                }
            }
            if let failure { throw failure }
            return chunk.isEmpty ? nil : chunk
        }
    }

    /// A new iterator reading the body from its first byte.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: makeReader(), chunkSize: chunkSize)
    }
}
