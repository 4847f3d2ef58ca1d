internal import CYAJL
import RestKitCore

/// The one driver of yajl: feeds it chunks, applies the checks yajl does not make, and turns
/// its failures into ``ParseError``s with a location. ``IncrementalJSONParser`` (the whole
/// document, on a tape) and ``JSONElementStreamParser`` (array elements, input not kept)
/// differ only in their callbacks and their ``YAJLContext``.
///
/// Per chunk, in this order: form feed and vertical tab are rejected (yajl takes them for
/// whitespace), the input is validated as strict UTF-8 (yajl's own check lets overlong forms
/// and encoded surrogates through, so it is turned off), yajl parses, a string too long for
/// the tape is an error, and only whitespace may follow the top-level value
/// (``DocumentEnd``). The first error spends the driver: every later call throws it again.
///
/// ```swift
/// var driver = YAJLDriver(context: YAJLState(maximumDepth: 512, expectedBytes: 0), callbacks: YAJLCallbacks.table)
/// try driver.parse(chunk)
/// try driver.complete()
/// driver.markFinished()
/// ```
struct YAJLDriver<Context: YAJLContext>: ~Copyable {
    private let session: YAJLSession<Context>
    private var phase: Phase = .parsing

    private enum Phase { case parsing, failed(ParseError), finished }

    /// The name every error carries (``ParseError/parser``).
    static var parserName: String { "yajl" }

    init(context: Context, callbacks: yajl_callbacks) {
        session = YAJLSession(context: context, callbacks: callbacks)
        session.context.pointee.handle = session.handle
    }

    /// The callbacks' context (owned by the driver, alive as long as it is).
    var context: UnsafeMutablePointer<Context> { session.context }

    /// Parses the next chunk.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte; the driver is then spent.
    mutating func parse(_ chunk: UnsafeRawBufferPointer) throws(ParseError) {
        try checkParsing()
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        let state = session.context
        let chunkOffset = state.pointee.receive(chunk)
        if let offset = YAJLLeniency.firstFormFeedOrVerticalTab(in: chunk) {
            try fail(.syntax, "invalid character (form feed or vertical tab) outside a string", at: chunkOffset + offset, in: chunk)
        }
        if let invalid = state.pointee.validate(chunk) {
            try fail(.invalidUTF8, "invalid UTF-8", at: invalid, in: chunk)
        }
        state.pointee.chunkStart = UnsafeRawPointer(base)
        state.pointee.chunkCount = chunk.count
        state.pointee.chunkOffset = chunkOffset
        let status = yajl_parse(session.handle, base.assumingMemoryBound(to: UInt8.self), chunk.count)
        state.pointee.chunkStart = nil
        if status != yajl_status_ok {
            let consumed = min(yajl_get_bytes_consumed(session.handle), chunk.count)
            // A callback that stops the parse is reported at the token it was given.
            let offset = chunkOffset + (status == yajl_status_client_canceled ? max(0, consumed - 1) : consumed)
            try fail(status: status, at: offset, in: chunk)
        }
        if state.pointee.overflowed {
            try fail(.sizeLimitExceeded, "a string longer than 4 GiB", at: chunkOffset, in: chunk)
        }
        if let offset = state.pointee.documentEnd.firstTrailingText(in: chunk, at: chunkOffset) {
            try fail(.syntax, "unexpected text after the JSON value", at: offset, in: chunk)
        }
        state.pointee.parsed(chunk)
    }

    /// Ends the input: a UTF-8 sequence left unfinished or a value left open is an error.
    /// The owner then checks what it needs (a root value, the key path) and calls
    /// ``markFinished()``.
    mutating func complete() throws(ParseError) {
        try checkParsing()
        if let invalid = session.context.pointee.finishValidation() {
            try fail(.invalidUTF8, "invalid UTF-8 (truncated sequence)", at: invalid, in: nil)
        }
        let status = yajl_complete_parse(session.handle)
        if status != yajl_status_ok {
            try fail(status: status, at: session.context.pointee.inputCount, in: nil)
        }
    }

    /// Spends the driver after a successful end: later calls throw.
    mutating func markFinished() {
        phase = .finished
    }

    /// Throws the recorded error, or that the parse is over; returns while parsing.
    func checkParsing() throws(ParseError) {
        switch phase {
        case .parsing: return
        case .failed(let error): throw error
        case .finished:
            throw ParseError(.syntax, "the parser has already finished", at: nil, parser: Self.parserName)
        }
    }

    /// Records and throws an error at an input offset inside `chunk` (received, not yet
    /// parsed), or anywhere in the input seen so far when `chunk` is `nil`.
    mutating func fail(
        _ type: ParseError.ErrorType, _ reason: String, at offset: Int, in chunk: UnsafeRawBufferPointer?
    ) throws(ParseError) -> Never {
        let location = session.context.pointee.location(ofInputOffset: offset, inChunk: chunk)
        let error = ParseError(type, reason, at: location, parser: Self.parserName)
        phase = .failed(error)
        throw error
    }

    /// Records and throws the error behind a failed yajl status: a callback's own reason,
    /// else yajl's message, classified by ``classify(message:)``.
    private mutating func fail(status: yajl_status, at offset: Int, in chunk: UnsafeRawBufferPointer?) throws(ParseError) -> Never {
        if let failure = session.context.pointee.failure {
            try fail(failure.type, failure.reason, at: offset, in: chunk)
        }
        var message: String?
        if let text = yajl_get_error(session.handle, 0, nil, 0) {
            message = String(cString: text)
            yajl_free_error(session.handle, text)
        }
        let (type, reason) = Self.classify(message: message)
        try fail(type, reason, at: offset, in: chunk)
    }

    /// The error type and reason for one of yajl's messages (`"parse error: premature EOF\n"`):
    /// surrounding whitespace and the `parse error: ` / `lexical error: ` prefix dropped;
    /// `.truncated` for a premature end, `.invalidUTF8` for yajl's UTF-8 complaints,
    /// `.syntax` otherwise. No message at all is `"invalid JSON"`.
    ///
    /// yajl reports errors only as text, so this is the one place that reads it.
    static func classify(message: String?) -> (ParseError.ErrorType, String) {
        guard let message else { return (.syntax, "invalid JSON") }
        var text = Substring(message)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        for prefix in ["parse error: ", "lexical error: "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        let reason = text.isEmpty ? "invalid JSON" : String(text)
        let type: ParseError.ErrorType =
            if reason.contains("premature EOF") { .truncated }
            else if reason.contains("UTF8") { .invalidUTF8 }
            else { .syntax }
        return (type, reason)
    }
}
