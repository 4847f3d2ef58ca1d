internal import CYAJL
import RestKitCore

/// What a yajl callback context offers the ``YAJLDriver``: the fields the callbacks and the
/// driver share (the chunk being read, a callback's failure, where the document ended) and
/// the context's way of keeping count of the input.
///
/// Two contexts conform: ``YAJLState`` keeps the whole input on its tape (strings point into
/// it), ``JSONStreamState`` keeps none of it (it validates and counts lines chunk by chunk).
///
/// ```swift
/// var driver = YAJLDriver(context: YAJLState(maximumDepth: 512, expectedBytes: 0), callbacks: YAJLCallbacks.table)
/// ```
protocol YAJLContext {
    /// Whether the context keeps all input, so that it can place any offset (else only
    /// offsets in the current chunk and the three bytes before it).
    static var keepsInput: Bool { get }
    /// The handle reading into this context (set by the driver once the handle exists).
    var handle: yajl_handle? { get set }
    /// Set by a callback that stops the parse; reported instead of yajl's own message.
    var failure: (type: ParseError.ErrorType, reason: String)? { get }
    /// The chunk yajl is reading (`nil` outside ``YAJLDriver/parse(_:)``): text yajl hands
    /// over from inside it was validated with the chunk.
    var chunkStart: UnsafeRawPointer? { get set }
    /// The length of the chunk at ``chunkStart``.
    var chunkCount: Int { get set }
    /// Where the chunk at ``chunkStart`` starts in the input.
    var chunkOffset: Int { get set }
    /// Where the top-level value ended.
    var documentEnd: DocumentEnd { get }
    /// The input offset just after the last complete value (any depth), or -1: where yajl's
    /// "after key and value" error is placed from (see ``YAJLDriver``).
    var valueEnd: Int { get }
    /// Whether a value was too long for the tape (a string over 4 GiB).
    var overflowed: Bool { get }

    /// Takes in a chunk about to be parsed; returns its offset in the input.
    mutating func receive(_ chunk: UnsafeRawBufferPointer) -> Int
    /// Validates the input received so far as UTF-8 (a sequence cut by the end of `chunk`
    /// waits for the next one); the input offset of the first invalid byte.
    mutating func validate(_ chunk: UnsafeRawBufferPointer) -> Int?
    /// Input bytes validated so far: all received but a UTF-8 sequence cut by the end of the
    /// last chunk (which waits for the next one).
    var validatedCount: Int { get }
    /// The input offset of the first byte over the context's size limit (`Int.max` for none):
    /// yajl reads no further unless the limit moves on (an element stream's moves when an
    /// element completes).
    var inputLimit: Int { get }
    /// What the limit at ``inputLimit`` is, for the error.
    var inputLimitReason: String { get }
    /// Ends validation: the input offset of a sequence left unfinished at the end.
    mutating func finishValidation() -> Int?
    /// Counts a chunk that parsed without error.
    mutating func parsed(_ chunk: UnsafeRawBufferPointer)
    /// Bytes of input taken in so far.
    var inputCount: Int { get }
    /// The line and column of an input offset, which lies in `chunk` (received but not yet
    /// parsed) or, when `chunk` is `nil`, anywhere in the input seen so far.
    func location(ofInputOffset offset: Int, inChunk chunk: UnsafeRawBufferPointer?) -> SourceLocation
}
