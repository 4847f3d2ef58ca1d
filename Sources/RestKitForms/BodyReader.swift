extension Body {
    /// Produces a ``Body`` once, from its first byte, into buffers the caller provides.
    ///
    /// Files are opened when the reader reaches them and closed as soon as they are done
    /// (or when the reader is released). Not thread-safe: use one reader from one task.
    ///
    /// ```swift
    /// let reader = body.makeReader()
    /// var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// while true {
    ///     let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
    ///     if count == 0 { break }
    ///     try socket.send(buffer[..<count])
    /// }
    /// ```
    public final class Reader: BodySource {
        private let segments: [BodySegment]
        private let length: Int?
        private let progress: (@Sendable (Progress) -> Void)?
        private var index = 0
        private var current: Current = .idle
        /// Bytes produced so far.
        public private(set) var bytesProduced = 0

        private enum Current {
            case idle
            case bytes(offset: Int)
            case file(OpenFile)
            case stream(any BodySource, produced: Int)
        }

        init(segments: [BodySegment], length: Int?, progress: (@Sendable (Progress) -> Void)?) {
            self.segments = segments
            self.length = length
            self.progress = progress
        }

        deinit {
            if case .file(let file) = current { file.close() }
        }

        /// Writes up to `buffer.count` bytes of the body into `buffer` and returns how many;
        /// 0 means the body is complete. Fills the buffer across segment boundaries.
        ///
        /// ```swift
        /// let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        /// ```
        ///
        /// - Throws: ``BodyError`` when a file is missing, unreadable or changed, or a stream
        ///   fails or produces a length other than the declared one.
        public func read(into buffer: UnsafeMutableRawBufferPointer) throws(BodyError) -> Int {
            var filled = 0
            while filled < buffer.count, index < segments.count {
                let target = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                let count = try readSegment(into: target)
                if count == 0 {
                    finishSegment()
                } else {
                    filled += count
                }
            }
            if filled > 0 {
                bytesProduced += filled
                progress?(Progress(bytesProduced: bytesProduced, totalBytes: length))
            }
            return filled
        }

        /// Reads the rest of the body into one array (for small bodies and tests).
        ///
        /// ```swift
        /// let bytes = try Body.bytes([1, 2, 3]).makeReader().readAll()
        /// ```
        public func readAll() throws(BodyError) -> [UInt8] {
            // A body that is one array (a small form, `Body.bytes`) is that array: no copy.
            if bytesProduced == 0, index == 0, segments.count == 1, case .idle = current,
                case .bytes(let bytes) = segments[0]
            {
                index = 1
                bytesProduced = bytes.count
                if !bytes.isEmpty { progress?(Progress(bytesProduced: bytesProduced, totalBytes: length)) }
                return bytes
            }
            var result: [UInt8] = []
            if let length {
                // Read straight into the result's storage: one copy of each byte.
                let remaining = Swift.max(length - bytesProduced, 0)
                var failure: BodyError?
                result = [UInt8](unsafeUninitializedCapacity: remaining) { storage, count in
                    HugePages.advise(UnsafeMutableRawBufferPointer(storage))
                    while count < remaining {
                        do throws(BodyError) {
                            let filled = try read(into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[count...])))
                            if filled == 0 { return }
                            count += filled
                        } catch {
                            failure = error
                            return
                        }
                    }
                }
                if let failure { throw failure }
            }
            // The rest (all of it when the length is unknown; after a known length, only the
            // end and the body's own length check), through a buffer on the stack: no heap
            // allocation for a body that is already complete.
            var failure: BodyError?
            withUnsafeTemporaryAllocation(byteCount: 16 * 1024, alignment: 1) { buffer in
                while failure == nil {
                    do throws(BodyError) {
                        let count = try read(into: buffer)
                        if count == 0 { return }
                        result.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
            return result
        }

        /// Reads from the current segment, opening it first if needed; 0 at its end.
        private func readSegment(into buffer: UnsafeMutableRawBufferPointer) throws(BodyError) -> Int {
            switch (current, segments[index]) {
            case (.idle, .bytes):
                current = .bytes(offset: 0)
                return try readSegment(into: buffer)
            case (.idle, .file(let snapshot)):
                current = .file(try snapshot.open())
                return try readSegment(into: buffer)
            case (.idle, .stream(let stream)):
                do {
                    current = .stream(try stream.makeSource(), produced: 0)
                } catch {
                    throw BodyError(.streamFailed, "stream '\(stream.name)' could not start: \(error)")
                }
                return try readSegment(into: buffer)
            case (.bytes(let offset), .bytes(let bytes)):
                let count = Swift.min(buffer.count, bytes.count - offset)
                guard count > 0 else { return 0 }
                bytes.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
                }
                current = .bytes(offset: offset + count)
                return count
            case (.file(var file), _):
                current = .idle  // keep `file` uniquely referenced while it is read
                defer { current = .file(file) }
                return try file.read(into: buffer)
            case (.stream(var source, let produced), .stream(let stream)):
                return try readStream(&source, produced: produced, stream: stream, into: buffer)
            default:
                return 0
            }
        }

        private func readStream(
            _ source: inout any BodySource, produced: Int, stream: StreamSegment,
            into buffer: UnsafeMutableRawBufferPointer
        ) throws(BodyError) -> Int {
            let declared = stream.length.value
            // Ask for one byte more than declared at most, to notice a stream that overruns.
            let limit = declared.map { Swift.min(buffer.count, $0 - produced + 1) } ?? buffer.count
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[..<Swift.max(limit, 0)])
            let count: Int
            do {
                count = target.isEmpty ? 0 : try source.read(into: target)
            } catch {
                throw BodyError(.streamFailed, "stream '\(stream.name)' failed after \(produced) bytes: \(error)")
            }
            let total = produced + count
            if let declared, total > declared {
                throw BodyError(
                    .lengthMismatch, "stream '\(stream.name)' produced more than its declared \(declared) bytes")
            }
            if count == 0, let declared, total < declared {
                throw BodyError(
                    .lengthMismatch, "stream '\(stream.name)' ended after \(total) of its declared \(declared) bytes")
            }
            current = .stream(source, produced: total)
            return count
        }

        private func finishSegment() {
            if case .file(let file) = current { file.close() }
            current = .idle
            index += 1
        }
    }
}
