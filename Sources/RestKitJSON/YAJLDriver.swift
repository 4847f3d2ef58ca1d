internal import CYAJL
import RestKitCore

/// The one driver of yajl: feeds it chunks, applies the checks yajl does not make, and turns
/// its failures into ``ParseError``s with a location. ``YAJLIncrementalParser`` (the whole
/// document, on a tape) and ``YAJLElementStreamParser`` (array elements, input not kept)
/// differ only in their callbacks and their ``YAJLContext``.
///
/// The checks yajl does not make: form feed and vertical tab (yajl takes them for
/// whitespace), strict UTF-8 (yajl's own check lets overlong forms and encoded surrogates
/// through, so it is turned off), a string too long for the tape, and only whitespace after
/// the top-level value (``DocumentEnd``).
///
/// The error reported is the first in the input, whatever the chunking: yajl reads only bytes
/// already checked, up to the first rejected byte, and a UTF-8 sequence cut by the end of a
/// chunk is held back (at most three bytes) until the next chunk completes it; text after the
/// value is reported when it comes before yajl's own error. So one byte at a time and the whole
/// document at once fail with the same error at the same offset. The first error spends the
/// driver: every later call throws it again.
///
/// yajl lexes a token cut by the end of a call again from its start on the next call, so a long
/// string fed in small chunks would cost time quadratic in its length. The driver holds back
/// bytes that only lengthen a cut string or number (``PendingTokenTracker``) and gives them to
/// yajl with the first byte that does more; yajl would have reported nothing for them.
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
    /// Input received but not yet given to yajl: bytes that only lengthen the token yajl's
    /// lexer holds (``tokenTracker``), then the start of a UTF-8 sequence cut by the end of
    /// the last chunk (at most three bytes, not yet checked).
    private var held: [UInt8] = []
    /// Where yajl's input ends relative to tokens, and the held bytes that only lengthen one.
    private var tokenTracker = PendingTokenTracker(startingAt: 0)
    /// How many times yajl was handed input: a cut token costs yajl its length on each, which
    /// is what the tests of held bytes check.
    private(set) var yajlCalls = 0
    /// The end of the last complete value and where the first token after it starts, once
    /// yajl has read that far: yajl places its "after key and value, inside map" error at
    /// the start of the token only when the token lies inside one call, so the driver finds
    /// the start itself.
    private var afterValue: (valueEnd: Int, tokenStart: Int?) = (-1, nil)
    /// The location of ``afterValue``'s token start, kept by a context that keeps no input
    /// (it can place only offsets in the current chunk), once the chunk holding it is done.
    private var tokenStartLocation: SourceLocation?

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
        guard chunk.count > 0 else { return }
        let state = session.context
        let chunkOffset = state.pointee.receive(chunk)
        let formFeed = YAJLLeniency.firstFormFeedOrVerticalTab(in: chunk).map { chunkOffset + $0 }
        let invalid = state.pointee.validate(chunk)
        let rejected = [formFeed, invalid].compactMap { $0 }.min()
        // yajl reads the checked input: up to the first rejected byte, else up to a UTF-8
        // sequence the chunk cuts, which waits for the next chunk.
        let end = rejected ?? state.pointee.validatedCount
        let heldOffset = chunkOffset - held.count
        var fedEnd = heldOffset
        // Bytes that only lengthen a cut token wait for one that does more (within the limit).
        let holding = rejected == nil && end <= state.pointee.inputLimit && holdsQuietly(upTo: end, chunk: chunk, chunkOffset: chunkOffset)
        let feedEnd = holding ? fedEnd : end
        // The context's size limit moves as values complete (an element stream limits each
        // element), so yajl reads up to the limit, and on only if that moved it.
        while fedEnd < feedEnd {
            let limit = state.pointee.inputLimit
            guard limit > fedEnd else {
                try fail(.sizeLimitExceeded, state.pointee.inputLimitReason, at: limit, in: chunk)
            }
            let stop = min(feedEnd, limit)
            try feedInput(from: fedEnd, to: stop, chunk: chunk, chunkOffset: chunkOffset)
            fedEnd = stop
        }
        if let rejected {
            if rejected == formFeed {
                try fail(.syntax, "invalid character (form feed or vertical tab) outside a string", at: rejected, in: chunk)
            }
            try fail(.invalidUTF8, "invalid UTF-8", at: rejected, in: chunk)
        }
        if feedEnd >= chunkOffset {
            held.removeAll(keepingCapacity: true)
            held.append(contentsOf: chunk[(feedEnd - chunkOffset)...])
        } else {
            held.removeFirst(feedEnd - heldOffset)
            held.append(contentsOf: chunk)
        }
        if !Context.keepsInput, tokenStartLocation == nil, let tokenStart = afterValue.tokenStart {
            tokenStartLocation = state.pointee.location(ofInputOffset: tokenStart, inChunk: chunk)
        }
        state.pointee.parsed(chunk)
    }

    /// Whether the checked input from the ``tokenTracker``'s position to `end` (held bytes,
    /// then `chunk`, which starts at input offset `chunkOffset`) only lengthens the token yajl's
    /// lexer holds; if so the tracker has read it.
    private mutating func holdsQuietly(upTo end: Int, chunk: UnsafeRawBufferPointer, chunkOffset: Int) -> Bool {
        let heldOffset = chunkOffset - held.count
        let start = tokenTracker.position
        guard start >= heldOffset, start <= end else { return false }
        var trial = tokenTracker
        let heldEnd = min(end, chunkOffset)
        if start < heldEnd {
            let quiet = held[(start - heldOffset)..<(heldEnd - heldOffset)].withUnsafeBytes { trial.readQuietly($0, for: .token) }
            guard quiet else { return false }
        }
        if end > chunkOffset {
            let from = max(start, chunkOffset) - chunkOffset
            guard trial.readQuietly(UnsafeRawBufferPointer(rebasing: chunk[from..<(end - chunkOffset)]), for: .token) else { return false }
        }
        tokenTracker = trial
        return true
    }

    /// Gives yajl the input from offset `start` to `end`: held bytes (which end where `chunk`
    /// starts, at `chunkOffset`), then the chunk.
    private mutating func feedInput(from start: Int, to end: Int, chunk: UnsafeRawBufferPointer, chunkOffset: Int) throws(ParseError) {
        let heldOffset = chunkOffset - held.count
        if start < chunkOffset {
            let pending = held[(start - heldOffset)..<(min(end, chunkOffset) - heldOffset)]
            try withContiguousBytes(of: pending) { (bytes) throws(ParseError) in
                try feed(bytes, at: start, chunk: chunk)
            }
        }
        if end > chunkOffset {
            let from = max(start, chunkOffset) - chunkOffset
            try feed(UnsafeRawBufferPointer(rebasing: chunk[from..<(end - chunkOffset)]), at: chunkOffset + from, chunk: chunk)
        }
    }

    /// Gives yajl `bytes` (checked input starting at input offset `offset`, inside or just
    /// before `chunk`), then checks what yajl cannot: a string too long for the tape, and text
    /// after the top-level value, which is reported when it comes before yajl's own error.
    private mutating func feed(_ bytes: UnsafeRawBufferPointer, at offset: Int, chunk: UnsafeRawBufferPointer?) throws(ParseError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let state = session.context
        state.pointee.chunkStart = UnsafeRawPointer(base)
        state.pointee.chunkCount = bytes.count
        state.pointee.chunkOffset = offset
        yajlCalls += 1
        let status = yajl_parse(session.handle, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        state.pointee.chunkStart = nil
        var errorOffset = Int.max
        var read = bytes.count
        if status != yajl_status_ok {
            read = min(yajl_get_bytes_consumed(session.handle), bytes.count)
            // yajl stops after the token in error; a callback that stops the parse is reported
            // at the token's last byte (a number ends only when the next byte is seen, which
            // may start this call: its last digit was in the previous one).
            errorOffset = offset + (status == yajl_status_client_canceled ? read - 1 : read)
        }
        let readBytes = UnsafeRawBufferPointer(rebasing: bytes[..<read])
        noteTokenAfterValue(in: readBytes, at: offset)
        if let trailing = state.pointee.documentEnd.firstTrailingText(in: readBytes, at: offset), trailing < errorOffset {
            try fail(.syntax, "unexpected text after the JSON value", at: trailing, in: chunk)
        }
        if status != yajl_status_ok {
            try fail(status: status, at: errorOffset, in: chunk)
        }
        if state.pointee.overflowed {
            try fail(.sizeLimitExceeded, "a string longer than 4 GiB", at: offset, in: chunk)
        }
        tokenTracker.follow(bytes, at: offset, valueEnd: state.pointee.valueEnd)
    }

    /// Finds where the first token after the last complete value starts, in `bytes` (which yajl
    /// has just read, from input offset `offset`) when an earlier call has not found it.
    private mutating func noteTokenAfterValue(in bytes: UnsafeRawBufferPointer, at offset: Int) {
        let valueEnd = session.context.pointee.valueEnd
        if valueEnd != afterValue.valueEnd {
            afterValue = (valueEnd, nil)
            tokenStartLocation = nil
        }
        guard valueEnd >= 0, afterValue.tokenStart == nil else { return }
        for position in max(0, valueEnd - offset)..<bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            default:
                afterValue.tokenStart = offset + position
                return
            }
        }
    }

    /// Ends the input: a UTF-8 sequence left unfinished or a value left open is an error.
    /// The owner then checks what it needs (a root value, the key path) and calls
    /// ``markFinished()``.
    mutating func complete() throws(ParseError) {
        try checkParsing()
        if let invalid = session.context.pointee.finishValidation() {
            try fail(.invalidUTF8, "invalid UTF-8 (truncated sequence)", at: invalid, in: nil)
        }
        // All input is checked now: what is held only lengthens the last token.
        if !held.isEmpty {
            let pending = held
            held = []
            let offset = session.context.pointee.inputCount - pending.count
            try withContiguousBytes(of: pending) { (bytes) throws(ParseError) in try feed(bytes, at: offset, chunk: nil) }
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
        try fail(ParseError(type, reason, at: location, parser: Self.parserName))
    }

    /// Records and throws `error`.
    private mutating func fail(_ error: ParseError) throws(ParseError) -> Never {
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
        // yajl moves this error back to the start of the token after the value, but only when
        // the token lies inside the last call (else to the call's start): use the driver's.
        if reason.hasPrefix("after key and value"), let tokenStart = afterValue.tokenStart {
            let location = tokenStartLocation ?? session.context.pointee.location(ofInputOffset: tokenStart, inChunk: chunk)
            try fail(ParseError(type, reason, at: location, parser: Self.parserName))
        }
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
