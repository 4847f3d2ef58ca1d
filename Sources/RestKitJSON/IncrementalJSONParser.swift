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
    private let session: YAJLSession<YAJLState>
    private var handle: yajl_handle { session.handle }
    private var callbackState: UnsafeMutablePointer<YAJLState> { session.context }
    private var state: State = .parsing

    private enum State { case parsing, failed(ParseError), finished }

    /// Creates a parser that accepts one JSON value (any type) nested at most
    /// `maximumDepth` levels deep.
    public init(maximumDepth: Int = 512) {
        self.init(maximumDepth: maximumDepth, expectedBytes: 0)
    }

    init(maximumDepth: Int, expectedBytes: Int) {
        session = YAJLSession(
            context: YAJLState(maximumDepth: max(1, maximumDepth), expectedBytes: expectedBytes),
            callbacks: YAJLCallbacks.table)
        session.context.pointee.handle = session.handle
    }

    /// Feeds the next chunk.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte; the parser is then spent.
    public mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) {
        try checkParsing()
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let chunkOffset = callbackState.pointee.builder.appendInput(chunk)
        if let offset = YAJLLeniency.firstFormFeedOrVerticalTab(in: chunk) {
            try fail(.syntax, "invalid character (form feed or vertical tab) outside a string", at: chunkOffset + offset)
        }
        if let invalid = callbackState.pointee.builder.validateInput(isFinal: false) {
            try fail(.invalidUTF8, "invalid UTF-8", at: invalid)
        }
        callbackState.pointee.chunkStart = UnsafeRawPointer(base)
        callbackState.pointee.chunkCount = chunk.count
        callbackState.pointee.chunkOffset = chunkOffset
        let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), chunk.count)
        callbackState.pointee.chunkStart = nil
        if status != yajl_status_ok {
            let consumed = min(yajl_get_bytes_consumed(handle), chunk.count)
            // A callback that stops the parse is reported at the token it was given.
            let offset = chunkOffset + (status == yajl_status_client_canceled ? max(0, consumed - 1) : consumed)
            try fail(status: status, at: offset)
        }
        if callbackState.pointee.builder.overflowed {
            try fail(.sizeLimitExceeded, "a string longer than 4 GiB", at: chunkOffset)
        }
        if let offset = callbackState.pointee.documentEnd.firstTrailingText(in: chunk, at: chunkOffset) {
            try fail(.syntax, "unexpected text after the JSON value", at: offset)
        }
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
        if let invalid = callbackState.pointee.builder.validateInput(isFinal: true) {
            try fail(.invalidUTF8, "invalid UTF-8 (truncated sequence)", at: invalid)
        }
        let end = callbackState.pointee.builder.inputCount
        let status = yajl_complete_parse(handle)
        if status != yajl_status_ok {
            try fail(status: status, at: end)
        }
        guard let root = callbackState.pointee.builder.finish() else {
            try fail(.truncated, "no JSON value in the input", at: end)
        }
        state = .finished
        return root
    }

    private func checkParsing() throws(ParseError) {
        switch state {
        case .parsing: return
        case .failed(let error): throw error
        case .finished:
            throw ParseError(.syntax, "the parser has already finished", at: nil, parser: "yajl")
        }
    }

    /// Records and throws an error at an input offset.
    private mutating func fail(_ type: ParseError.ErrorType, _ reason: String, at offset: Int) throws(ParseError) -> Never {
        let error = ParseError(type, reason, at: callbackState.pointee.builder.location(ofInputOffset: offset), parser: "yajl")
        state = .failed(error)
        throw error
    }

    /// Records and throws the error behind a failed yajl status: a callback's own reason,
    /// else yajl's message.
    private mutating func fail(status: yajl_status, at offset: Int) throws(ParseError) -> Never {
        if let failure = callbackState.pointee.failure {
            try fail(failure.type, failure.reason, at: offset)
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
        try fail(type, reason, at: offset)
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
