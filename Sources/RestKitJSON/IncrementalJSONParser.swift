internal import CYAJL
import Glibc
public import RestKitCore

/// Parses JSON with yajl from chunks of any size: append bytes as they arrive, then
/// finish. The result is the same whatever the chunking, from one byte at a time to the
/// whole document at once.
///
/// ```swift
/// var parser = IncrementalJSONParser()
/// for try await chunk in body {              // e.g. an HTTP response body
///     try parser.append(chunk)
/// }
/// let value = try parser.finish()
/// ```
///
/// The parser owns a yajl handle and is not copyable; after `finish()` (or after a failed
/// `append`) it cannot be used again.
public struct IncrementalJSONParser: ~Copyable {
    private let handle: yajl_handle
    private let callbackState: UnsafeMutablePointer<YAJLState>
    private var location = LocationTracker()
    private var state: State = .parsing
    /// Whether line/column are tracked across chunks (off when the caller keeps the input).
    private let tracksLocation: Bool

    private enum State { case parsing, failed(ParseError), finished }

    /// Creates a parser that accepts one JSON value (any type) nested at most
    /// `maximumDepth` levels deep.
    public init(maximumDepth: Int = 512) {
        self.init(maximumDepth: maximumDepth, tracksLocation: true, expectedBytes: 0)
    }

    init(maximumDepth: Int, tracksLocation: Bool, expectedBytes: Int) {
        let state = UnsafeMutablePointer<YAJLState>.allocate(capacity: 1)
        state.initialize(to: YAJLState(maximumDepth: max(1, maximumDepth), expectedBytes: expectedBytes))
        callbackState = state
        self.tracksLocation = tracksLocation
        handle = withUnsafePointer(to: &YAJLCallbacks.table) { yajl_alloc($0, nil, UnsafeMutableRawPointer(state)) }
        // UTF-8 is validated when strings are made (stricter than yajl's own check).
        _ = restkit_yajl_config_flag(handle, yajl_dont_validate_strings, 1)
    }

    deinit {
        yajl_free(handle)
        callbackState.deinitialize(count: 1)
        callbackState.deallocate()
    }

    /// Feeds the next chunk.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte; the parser is then spent.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) {
        try checkParsing()
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        if let offset = Self.firstNonJSONControl(in: chunk) {
            let error = ParseError(.syntax, "invalid character (form feed or vertical tab) outside a string",
                                   at: position(at: offset, in: chunk), parser: "yajl")
            state = .failed(error)
            throw error
        }
        let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), chunk.count)
        if status != yajl_status_ok {
            let error = failure(status: status, chunk: chunk)
            state = .failed(error)
            throw error
        }
        if callbackState.pointee.builder.overflowed {
            let error = ParseError(.sizeLimitExceeded, "a string longer than 4 GiB", at: position(at: 0, in: chunk), parser: "yajl")
            state = .failed(error)
            throw error
        }
        if tracksLocation { location.advance(over: chunk) } else { location.skip(chunk.count) }
    }

    /// Feeds the next chunk from any byte sequence (`[UInt8]`, `Data`, `ArraySlice<UInt8>`).
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(ParseError) {
        let result: Result<Void, ParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ParseError) in try append(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        let copied: Result<Void, ParseError> = copy.withUnsafeBytes { raw in
            Result { () throws(ParseError) in try append(raw) }
        }
        try copied.get()
    }

    /// Ends the input and returns the document.
    ///
    /// - Throws: ``ParseError`` when the input is empty, truncated or malformed.
    public mutating func finish() throws(ParseError) -> Representation {
        try checkParsing()
        let status = yajl_complete_parse(handle)
        if status != yajl_status_ok {
            let error = failure(status: status, chunk: UnsafeRawBufferPointer(start: nil, count: 0))
            state = .failed(error)
            throw error
        }
        guard let root = callbackState.pointee.builder.finish() else {
            let error = ParseError(.truncated, "no JSON value in the input", at: location.location, parser: "yajl")
            state = .failed(error)
            throw error
        }
        state = .finished
        return root
    }

    private func checkParsing() throws(ParseError) {
        switch state {
        case .parsing: return
        case .failed(let error): throw error
        case .finished:
            throw ParseError(.syntax, "the parser has already finished", at: location.location, parser: "yajl")
        }
    }

    /// Form feed and vertical tab: yajl takes them for whitespace, JSON does not; inside a
    /// string they are unescaped control characters, also invalid. So any occurrence is an error.
    private static func firstNonJSONControl(in chunk: UnsafeRawBufferPointer) -> Int? {
        guard let base = chunk.baseAddress else { return nil }
        let formFeed = memchr(base, 0x0C, chunk.count)
        let verticalTab = memchr(base, 0x0B, chunk.count)
        let hits = [formFeed, verticalTab].compactMap { $0 }.map { UnsafeRawPointer($0) - base }
        return hits.min()
    }

    private func failure(status: yajl_status, chunk: UnsafeRawBufferPointer) -> ParseError {
        let consumed = chunk.isEmpty ? 0 : min(yajl_get_bytes_consumed(handle), chunk.count)
        let offset = status == yajl_status_client_canceled ? max(0, consumed - 1) : consumed
        let position = position(at: offset, in: chunk)
        if let failure = callbackState.pointee.failure {
            return ParseError(failure.type, failure.reason, at: position, parser: "yajl")
        }
        var reason = "invalid JSON"
        if let message = yajl_get_error(handle, 0, nil, 0) {
            reason = String(cString: message).trimmingWhitespace()
            yajl_free_error(handle, message)
        }
        let type: ParseError.ErrorType =
            if reason.contains("premature EOF") { .truncated }
            else if reason.contains("UTF8") { .invalidUTF8 }
            else { .syntax }
        return ParseError(type, reason, at: position, parser: "yajl")
    }

    private func position(at offset: Int, in chunk: UnsafeRawBufferPointer) -> SourceLocation {
        if tracksLocation { return location.location(at: offset, in: chunk) }
        return SourceLocation(line: 0, column: 0, byteOffset: location.byteOffset + offset)
    }
}

extension String {
    /// Drops leading and trailing spaces and newlines, and a leading "parse error: ".
    fileprivate func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        for prefix in ["parse error: ", "lexical error: "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        return String(text)
    }
}
