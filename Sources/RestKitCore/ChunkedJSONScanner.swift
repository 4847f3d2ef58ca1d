/// Scans one JSON document that arrives in chunks with the same ``JSONCursor`` as
/// ``JSONScanner``, so the value, or the error with its offset, line and column, is the whole
/// scan's at every chunk size.
///
/// Chunks are appended to one buffer, which the finished document keeps (strings point into
/// it, as for a whole scan); each append scans what it can, up to the token the chunk cuts,
/// which the next append reads again from its start. At most `maximumBytes` are accepted.
///
/// ```swift
/// var scanner = ChunkedJSONScanner(maximumDepth: 512, maximumBytes: 64 << 20, parserName: "swift")
/// try scanner.append(chunk)
/// let value = try scanner.finish()
/// ```
package struct ChunkedJSONScanner {
    private var buffer: [UInt8] = []
    /// Made by the first scan, which has the buffer's address; kept between scans.
    private var cursor: JSONCursor<ChunkedDocumentScan>?
    private let maximumDepth: Int
    private let expectedEntries: Int
    private var phase: Phase = .scanning
    /// When the next append scans again (buffer offsets are input offsets here).
    private var rescans = RescanSchedule()
    package let maximumBytes: Int
    /// The name errors carry (``ParseError/parser``).
    package let parserName: String

    private enum Phase { case scanning, failed(ParseError), finished }

    package init(maximumDepth: Int, maximumBytes: Int, parserName: String, expectedBytes: Int = 0) {
        self.maximumDepth = max(1, maximumDepth)
        expectedEntries = expectedBytes / 8 + 16
        self.maximumBytes = max(0, maximumBytes)
        self.parserName = parserName
        buffer.reserveCapacity(expectedBytes)
    }

    /// Bytes received so far.
    package var inputCount: Int { buffer.count }

    /// Scans the next chunk.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte (or the first byte over
    ///   `maximumBytes`); the scanner is then spent.
    package mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) {
        try checkScanning()
        guard chunk.count > 0 else { return }
        buffer.append(contentsOf: chunk)
        // Input over the limit is scanned at once, so the buffer never holds more than one
        // chunk beyond `maximumBytes`.
        guard rescans.isDue(at: buffer.count) || buffer.count > maximumBytes else { return }
        try scan(isFinal: false)
        rescans.scanned(upTo: buffer.count, resumingAt: cursor?.checkpoint.index ?? 0)
    }

    /// Ends the input and returns the document.
    ///
    /// - Throws: ``ParseError`` when the input is empty, truncated or malformed.
    package mutating func finish() throws(ParseError) -> Representation {
        try checkScanning()
        try scan(isFinal: true)
        phase = .finished
        let tape = Tape(entries: cursor?.entries ?? [], bytes: buffer, decoded: cursor?.decoded ?? [], stringsAreCheckedUTF8: true)
        cursor = nil
        buffer = []
        return Representation(tape: tape, index: 0)
    }

    private mutating func scan(isFinal: Bool) throws(ParseError) {
        let limit = min(buffer.count, maximumBytes)
        var cursor = self.cursor.take()
        let outcome: Result<Void, ScanFailure> = buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return .failure(.noValue) }
            // Taken out, not copied: a copy would share the tape's arrays, and the first append
            // to them would copy the whole tape on every chunk.
            var scanning: JSONCursor<ChunkedDocumentScan>
            if let resumed = cursor.take() {
                scanning = resumed
            } else {
                scanning = JSONCursor(base: base, count: limit, isFinal: false, maximumDepth: maximumDepth)
                scanning.entries.reserveCapacity(expectedEntries)
                scanning.stack.reserveCapacity(32)
            }
            defer { cursor = scanning }
            scanning.base = base
            scanning.end = limit
            scanning.inputEnd = bytes.count
            scanning.inputIsComplete = isFinal
            do throws(ScanFailure) {
                _ = try scanning.scan()
            } catch {
                return .failure(error)
            }
            // Everything up to the limit is well-formed so far: the byte after it is one too many.
            if limit < bytes.count {
                return .failure(ScanFailure(type: .sizeLimitExceeded, reason: "a document longer than \(maximumBytes) bytes (maximumBytes)", offset: limit))
            }
            return .success(())
        }
        self.cursor = cursor
        if case .failure(let failure) = outcome {
            let error = ParseError(failure.type, failure.reason, at: SourceLocation(offset: failure.offset, in: buffer), parser: parserName)
            phase = .failed(error)
            throw error
        }
    }

    private func checkScanning() throws(ParseError) {
        switch phase {
        case .scanning: return
        case .failed(let error): throw error
        case .finished: throw ParseError(.syntax, "the parser has already finished", at: nil, parser: parserName)
        }
    }
}
