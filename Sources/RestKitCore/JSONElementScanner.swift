/// Streams the elements of one array in a JSON document (the top-level array, or the one at
/// a dotted key path) with the same ``JSONCursor`` as ``JSONScanner``: chunks of any size go
/// in, complete elements come out, each on its own ``Tape`` with its own bytes, and the input
/// behind them is dropped, so memory stays flat however long the stream.
///
/// Values outside the array are validated as they go by and dropped at the end of each chunk
/// (only the keys of the objects on the path are compared). The buffer keeps the input from
/// the element being read (or, outside the array, from the token the chunk cut); it moves
/// down only when that frees at least half of it, so no byte moves more than about once.
/// Line and column of an error are counted over the dropped input as it goes
/// (``StreamLocationCounter``).
///
/// Errors and elements are the same at every chunk size; a syntax error is the whole
/// scanner's, at the same offset, line and column. An element comes out of the append that
/// brings its last byte: an element a chunk cuts is scanned again from its start, which waits
/// (``RescanSchedule``) only while the new bytes cannot complete it.
///
/// ```swift
/// var scanner = JSONElementScanner(keyPath: "data.items", maximumDepth: 512, maximumElementBytes: 64 << 20, parserName: "swift")
/// for element in try scanner.append(chunk) { print(element) }
/// _ = try scanner.finish()
/// ```
package struct JSONElementScanner {
    private var buffer: [UInt8] = []
    /// Made by the first scan, which has the buffer's address; kept between scans.
    private var cursor: JSONCursor<ElementStreamScan>?
    /// Counts the input dropped from the front of ``buffer``: its `offset` is where the buffer
    /// starts in the input.
    private var dropped = StreamLocationCounter()
    private var phase: Phase = .scanning
    /// When the next append scans again (in input offsets: the buffer's plus `dropped.offset`).
    private var rescans = RescanSchedule()
    /// The input from the last scan's checkpoint on: an append before the next scan is due
    /// waits only while its bytes cannot complete the element (or token) the scan stopped in.
    private var pendingInput = PendingTokenTracker(startingAt: 0)
    private let components: [[UInt8]]
    /// The key path as given (`""` for a top-level array).
    package let keyPath: String
    package let maximumDepth: Int
    package let maximumElementBytes: Int
    /// The name errors carry (``ParseError/parser``).
    package let parserName: String
    /// Elements handed out so far.
    package private(set) var elementCount = 0

    private enum Phase { case scanning, failed(ParseError), finished }

    package init(keyPath: String?, maximumDepth: Int, maximumElementBytes: Int, parserName: String) {
        let text = keyPath ?? ""
        self.keyPath = text
        components = text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
        self.maximumDepth = max(1, maximumDepth)
        self.maximumElementBytes = max(1, maximumElementBytes)
        self.parserName = parserName
    }

    /// Scans the next chunk and returns the elements it completed, in document order.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte, key path mismatch or byte over
    ///   the element limit; the scanner is then spent.
    package mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) -> [Representation] {
        try checkScanning()
        guard chunk.count > 0 else { return [] }
        buffer.append(contentsOf: chunk)
        // Input held over the element limit is scanned at once, so the buffer never holds
        // more than one chunk beyond it; input that may complete an element, so that the
        // element comes out of this append.
        guard rescans.isDue(at: dropped.offset + buffer.count) || isOverLimit || !pendingInput.readQuietly(chunk, for: .value) else { return [] }
        let elements = try scan(isFinal: false)
        let checkpoint = cursor?.checkpoint.index ?? 0
        rescans.scanned(upTo: dropped.offset + buffer.count, resumingAt: dropped.offset + checkpoint)
        pendingInput = PendingTokenTracker(startingAt: dropped.offset + checkpoint)
        buffer.withUnsafeBytes {
            pendingInput.follow(UnsafeRawBufferPointer(rebasing: $0[checkpoint...]), at: dropped.offset + checkpoint, valueEnd: -1)
        }
        dropConsumedInput()
        return elements
    }

    /// Whether the input held reaches past where the size limit stops the scan.
    private var isOverLimit: Bool {
        guard let cursor else { return buffer.count > maximumElementBytes }
        return cursor.stream.limit(checkpoint: cursor.checkpoint.index, inputEnd: buffer.count) < buffer.count
    }

    /// Ends the input; returns the elements the end completed (sometimes the last ones, when
    /// the chunk that completed them was not scanned yet).
    ///
    /// - Throws: ``ParseError`` when the input is empty, stops early, or has no array at the
    ///   key path.
    package mutating func finish() throws(ParseError) -> [Representation] {
        try checkScanning()
        let elements = try scan(isFinal: true)
        phase = .finished
        cursor = nil
        buffer = []
        return elements
    }

    private mutating func scan(isFinal: Bool) throws(ParseError) -> [Representation] {
        var cursor = self.cursor.take()
        let outcome: Result<[Representation], ScanFailure> = buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return .failure(.noValue) }
            var scanning = cursor.take() ?? makeCursor(base: base)   // taken, not copied: see ChunkedJSONScanner
            defer { cursor = scanning }
            scanning.base = base
            scanning.inputEnd = bytes.count
            scanning.end = scanning.stream.limit(checkpoint: scanning.checkpoint.index, inputEnd: bytes.count)
            scanning.inputIsComplete = isFinal
            let failure: ScanFailure?
            do throws(ScanFailure) {
                _ = try scanning.scan()
                failure = nil
            } catch {
                failure = error
            }
            // A scan stopped short of the input by the limit: the first byte over it.
            if scanning.end < bytes.count, failure.map({ $0.type == .truncated && $0.offset >= scanning.end }) ?? true {
                let reason = scanning.stream.isInTarget
                    ? "an element longer than \(maximumElementBytes) bytes (maximumElementBytes)"
                    : "more than \(maximumElementBytes) bytes in one token outside the array (maximumElementBytes)"
                return .failure(ScanFailure(type: .sizeLimitExceeded, reason: reason, offset: scanning.end))
            }
            if let failure { return .failure(failure) }
            if isFinal, !scanning.stream.found {
                // The cursor reports a missing key when its object closes; reported rather than
                // silently yielding no elements if that ever fails to happen.
                return .failure(ScanFailure(type: .keyPathMismatch, reason: "no array at key path '\(keyPath)'", offset: bytes.count))
            }
            let elements = scanning.stream.completed
            scanning.stream.completed.removeAll(keepingCapacity: true)
            return .success(elements)
        }
        self.cursor = cursor
        switch outcome {
        case .success(let elements):
            elementCount += elements.count
            return elements
        case .failure(let failure):
            let offset = dropped.offset + failure.offset
            let location = buffer.withUnsafeBufferPointer { dropped.location(at: offset, inChunk: $0, from: dropped.offset) }
            let error = ParseError(failure.type, failure.reason, at: location, parser: parserName)
            phase = .failed(error)
            throw error
        }
    }

    private func makeCursor(base: UnsafePointer<UInt8>) -> JSONCursor<ElementStreamScan> {
        var cursor = JSONCursor<ElementStreamScan>(base: base, count: 0, isFinal: false, maximumDepth: maximumDepth)
        cursor.stack.reserveCapacity(32)
        cursor.stream = ElementNavigation(components: components)
        cursor.stream.keyPathText = keyPath
        cursor.stream.maximumElementBytes = maximumElementBytes
        return cursor
    }

    /// Drops what the scan no longer needs: the tape laid out for the values outside the array
    /// (elements have their own), and the input before the checkpoint (the start of the token
    /// or element the chunk cut, or the whitespace before it) once that is at least half the
    /// buffer.
    private mutating func dropConsumedInput() {
        guard var cursor = self.cursor.take() else { return }
        defer { self.cursor = cursor }
        cursor.entries.removeAll(keepingCapacity: true)
        cursor.decoded.removeAll(keepingCapacity: true)
        cursor.checkpoint.entryCount = 0
        cursor.checkpoint.decodedCount = 0
        cursor.checkpoint.top.entry = -1
        for level in 0..<cursor.stack.count { cursor.stack[level].entry = -1 }
        // One byte stays, so that the final scan has a buffer to resume in.
        let keep = min(cursor.checkpoint.index, buffer.count - 1)
        guard keep > 0, keep >= buffer.count / 2 else { return }
        buffer.withUnsafeBufferPointer { dropped.advance(over: UnsafeBufferPointer(rebasing: $0[..<keep])) }
        buffer.removeSubrange(..<keep)
        cursor.checkpoint.index -= keep
        cursor.stream.boundary -= keep
    }

    private func checkScanning() throws(ParseError) {
        switch phase {
        case .scanning: return
        case .failed(let error): throw error
        case .finished: throw ParseError(.syntax, "the parser has already finished", at: nil, parser: parserName)
        }
    }
}
