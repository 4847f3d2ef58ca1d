#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming `multipart/form-data` (RFC 7578 / RFC 2046) parser: a value-type state
/// machine fed with chunks of any size. It hands out each part's headers, then its body in
/// chunks as they arrive (never a whole file), so memory stays bounded by the chunk size
/// plus the header limit.
///
/// Feed bytes with ``append(_:)``, call ``finish()`` after the last chunk, and call ``read()``
/// until it returns ``Event/needMoreData`` (append more) or ``Event/end``:
///
/// ```swift
/// var parser = MultipartParser(boundary: "RestKit-1234")
/// func drain(_ parser: inout MultipartParser) throws {
///     while true {
///         switch try parser.read() {
///         case .part(let headers): print(headers.name ?? "", headers.filename ?? "-")
///         case .bodyChunk(let bytes): sink.write(bytes)
///         case .partEnd: sink.close()
///         case .end, .needMoreData: return
///         }
///     }
/// }
/// for try await chunk in upload {
///     parser.append(chunk)
///     try drain(&parser)
/// }
/// parser.finish()
/// try drain(&parser)   // throws if the closing boundary never came
/// ```
///
/// A boundary split across chunks is handled: bytes that might start a delimiter are held
/// back until the next chunk decides. Preamble and epilogue are ignored.
public struct MultipartParser: Sendable {
    /// Protection against hostile input.
    public struct Limits: Sendable, Hashable {
        /// The largest header block of one part (and the largest preamble), in bytes.
        public var maximumHeaderBytes: Int
        /// The most parts in one body.
        public var maximumParts: Int

        /// 16 KiB of headers, 1,000 parts.
        public static let `default` = Limits(maximumHeaderBytes: 16 * 1024, maximumParts: 1000)

        /// Custom limits.
        ///
        /// ```swift
        /// let limits = MultipartParser.Limits(maximumHeaderBytes: 4096, maximumParts: 10)
        /// ```
        public init(maximumHeaderBytes: Int, maximumParts: Int) {
            self.maximumHeaderBytes = maximumHeaderBytes
            self.maximumParts = maximumParts
        }
    }

    /// What ``read()`` found.
    public enum Event: Sendable, Hashable {
        /// A new part begins; its body follows as zero or more ``bodyChunk(_:)``.
        case part(MultipartPartHeaders)
        /// The next bytes of the current part's body.
        case bodyChunk(ArraySlice<UInt8>)
        /// The current part is complete.
        case partEnd
        /// The closing boundary was read; nothing more will be produced.
        case end
        /// Append more input (or call ``finish()``) before reading again.
        case needMoreData
    }

    private enum State: Sendable {
        case preamble, afterBoundary, headers, body, done
    }

    /// The boundary, without `--`.
    public let boundary: String
    /// The limits in force.
    public let limits: Limits
    /// `--boundary`.
    private let dashBoundary: [UInt8]
    /// `CRLF--boundary`: ends every part body.
    private let delimiter: [UInt8]
    private var buffer: [UInt8] = []
    /// Next unread index in `buffer`.
    private var position = 0
    /// Absolute input offset of `buffer[0]`.
    private var bufferOffset = 0
    private var state = State.preamble
    private var isFinished = false
    private var partCount = 0
    private var currentPart: String?
    /// Where the last search for the end of a preamble or of a header block, which came back
    /// empty, may resume (an input offset, with the state it was made in): no match starts
    /// before it. Without it each `read()` after a small chunk searched the whole preamble or
    /// header block again, quadratic in its length (16 KiB of headers in 1-byte chunks: 2 s
    /// under the fuzzer's sanitizers).
    private var searchResume: (state: State, offset: Int)?
    /// Bytes the searches for boundaries and header ends have looked at (for tests: a search
    /// must not look at the same input again and again).
    private(set) var searchedBytes = 0

    /// A parser for bodies delimited by `boundary` (the `boundary` parameter of the
    /// content type, without `--`).
    ///
    /// ```swift
    /// let type = try MediaType(contentTypeHeader)
    /// var parser = MultipartParser(boundary: type.parameters["boundary"] ?? "")
    /// ```
    public init(boundary: String, limits: Limits = .default) {
        self.boundary = boundary
        self.limits = limits
        dashBoundary = Array("--\(boundary)".utf8)
        delimiter = [0x0D, 0x0A] + dashBoundary
    }

    /// Adds the next chunk of input (any size, including empty).
    ///
    /// ```swift
    /// parser.append(chunk)
    /// ```
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if position > 0 {
            buffer.removeSubrange(..<position)
            bufferOffset += position
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Declares that no more input follows: ``read()`` then reports truncated input as an
    /// error instead of asking for more data.
    ///
    /// ```swift
    /// parser.finish()
    /// ```
    public mutating func finish() {
        isFinished = true
    }

    /// The next event. Returns ``Event/needMoreData`` when the buffered input is exhausted.
    ///
    /// ```swift
    /// while case let event = try parser.read(), event != .needMoreData { handle(event) }
    /// ```
    ///
    /// - Throws: ``MultipartError`` with the byte offset for a missing or wrong boundary,
    ///   malformed or oversized headers, too many parts, or input that ends too early.
    public mutating func read() throws(MultipartError) -> Event {
        switch state {
        case .preamble: return try readPreamble()
        case .afterBoundary: return try readAfterBoundary()
        case .headers: return try readHeaders()
        case .body: return try readBody()
        case .done: return .end
        }
    }

    private var available: Int { buffer.count - position }

    private func error(_ type: MultipartError.ErrorType, _ reason: String, at index: Int) -> MultipartError {
        MultipartError(type, reason, part: currentPart, byteOffset: bufferOffset + index)
    }

    private mutating func readPreamble() throws(MultipartError) -> Event {
        if available >= dashBoundary.count || isFinished {
            if starts(with: dashBoundary, at: position) {
                position += dashBoundary.count
                state = .afterBoundary
                return try read()
            }
            if starts(with: [0x2D, 0x2D], at: position) {
                let end = buffer[position...].prefix(72).firstIndex { $0 == 0x0D || $0 == 0x0A } ?? buffer.count
                let found = String(decoding: buffer[position..<Swift.min(end, position + 72)], as: UTF8.self)
                throw error(.wrongBoundary, "expected boundary '--\(boundary)', found '\(found)'", at: position)
            }
        } else if Array(buffer[position...]) == Array(dashBoundary.prefix(available)) {
            return .needMoreData
        }
        // A preamble: skip to the first delimiter.
        if let found = findResuming(delimiter, from: position) {
            position = found + delimiter.count
            state = .afterBoundary
            return try read()
        }
        if available > limits.maximumHeaderBytes {
            throw error(.missingBoundary, "no boundary '--\(boundary)' in the first \(available) bytes", at: position)
        }
        if isFinished {
            throw error(.missingBoundary, "the input does not contain the boundary '--\(boundary)'", at: position)
        }
        return .needMoreData
    }

    private mutating func readAfterBoundary() throws(MultipartError) -> Event {
        var index = position
        if available >= 2, starts(with: [0x2D, 0x2D], at: index) {
            position += 2
            state = .done
            return .end
        }
        while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
        if index + 1 < buffer.count {
            guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else {
                throw error(.malformedHeaders, "expected CRLF or '--' after the boundary", at: index)
            }
            position = index + 2
            state = .headers
            return try read()
        }
        if index - position > limits.maximumHeaderBytes {
            throw error(.limitExceeded, "too much padding after the boundary", at: position)
        }
        if isFinished {
            throw error(.truncated, "input ends after a boundary, without the closing '--\(boundary)--'",
                        at: buffer.count)
        }
        return .needMoreData
    }

    private mutating func readHeaders() throws(MultipartError) -> Event {
        let end: Int
        if starts(with: [0x0D, 0x0A], at: position) {
            end = position  // no headers at all
        } else if let found = findResuming([0x0D, 0x0A, 0x0D, 0x0A], from: position) {
            end = found + 2
        } else {
            if available > limits.maximumHeaderBytes + 2 {
                throw error(.limitExceeded, "part headers exceed \(limits.maximumHeaderBytes) bytes",
                            at: position)
            }
            if isFinished {
                throw error(.truncated, "input ends inside the headers of part #\(partCount)", at: buffer.count)
            }
            return .needMoreData
        }
        if end - position > limits.maximumHeaderBytes {
            throw error(.limitExceeded, "part headers exceed \(limits.maximumHeaderBytes) bytes", at: position)
        }
        guard partCount < limits.maximumParts else {
            throw error(.limitExceeded, "more than \(limits.maximumParts) parts", at: position)
        }
        let headers = try MultipartHeaderBlock.parse(
            buffer[position..<end], offset: bufferOffset + position, partIndex: partCount)
        partCount += 1
        currentPart = headers.name ?? "#\(partCount - 1)"
        position = end + 2
        state = .body
        return .part(headers)
    }

    private mutating func readBody() throws(MultipartError) -> Event {
        if let found = find(delimiter, from: position) {
            if found > position {
                let chunk = buffer[position..<found]
                position = found
                return .bodyChunk(chunk)
            }
            position += delimiter.count
            state = .afterBoundary
            currentPart = nil
            return .partEnd
        }
        if isFinished {
            throw error(.truncated, "input ends inside the part before the boundary '--\(boundary)'",
                        at: buffer.count)
        }
        let safeEnd = heldBackStart()
        guard safeEnd > position else { return .needMoreData }
        let chunk = buffer[position..<safeEnd]
        position = safeEnd
        return .bodyChunk(chunk)
    }

    /// The start of the longest buffered suffix that could begin a delimiter.
    private func heldBackStart() -> Int {
        let earliest = Swift.max(position, buffer.count - (delimiter.count - 1))
        var index = earliest
        while index < buffer.count {
            if buffer[index] == 0x0D, starts(with: delimiter[..<Swift.min(delimiter.count, buffer.count - index)], at: index) {
                return index
            }
            index += 1
        }
        return buffer.count
    }

    private func starts(with prefix: some Collection<UInt8>, at index: Int) -> Bool {
        guard buffer.count - index >= prefix.count else { return false }
        return buffer[index..<index + prefix.count].elementsEqual(prefix)
    }

    /// ``find(_:from:)``, starting where the last empty search in this state left off.
    private mutating func findResuming(_ needle: [UInt8], from start: Int) -> Int? {
        var from = start
        if let resume = searchResume, resume.state == state {
            from = Swift.max(from, resume.offset - bufferOffset)
        }
        if let found = find(needle, from: from) {
            searchResume = nil
            return found
        }
        searchResume = (state, bufferOffset + Swift.max(from, buffer.count - needle.count + 1))
        return nil
    }

    /// The index of the first occurrence of `needle` at or after `start`.
    private mutating func find(_ needle: [UInt8], from start: Int) -> Int? {
        let found = firstIndex(of: needle, from: start)
        searchedBytes += Swift.max(0, (found.map { $0 + needle.count } ?? buffer.count) - start)
        return found
    }

    private func firstIndex(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, buffer.count - start >= needle.count else { return nil }
        return buffer.withUnsafeBytes { haystack -> Int? in
            needle.withUnsafeBytes { pattern -> Int? in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return nil }
                var index = start
                let last = haystack.count - pattern.count
                while index <= last {
                    guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, patternBase, pattern.count) == 0 { return offset }
                    index = offset + 1
                }
                return nil
            }
        }
    }
}
