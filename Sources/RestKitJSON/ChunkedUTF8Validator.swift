import RestKitCore

/// Validates input as UTF-8 chunk by chunk without keeping it: only the (at most three)
/// bytes of a sequence cut by the end of a chunk are carried into the next one.
///
/// ```swift
/// var validator = ChunkedUTF8Validator()
/// validator.validate(chunk1, isFinal: false)  // nil: valid so far
/// validator.validate(chunk2, isFinal: true)   // the offset of the first invalid byte, or nil
/// ```
///
/// Offsets are counted from the start of the whole input, like
/// ``TapeBuilder/validateInput(isFinal:)`` (which does the same for parsers that keep all input).
struct ChunkedUTF8Validator {
    /// The start of an unfinished sequence at the end of the previous chunk.
    private var carry: [UInt8] = []
    /// Bytes validated so far (including ``carry``).
    private(set) var consumed = 0

    /// Checks the next chunk; returns the input offset of the first invalid byte, or `nil`.
    /// Unless `isFinal`, a sequence cut by the end of the chunk waits for the next one.
    mutating func validate(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Int? {
        let chunkOffset = consumed
        consumed += chunk.count
        var rest = chunk[...]
        if let lead = carry.first {
            // Complete the carried sequence with the bytes it still needs, then go on.
            let needed = Self.sequenceLength(lead) - carry.count
            let taken = min(max(needed, 0), chunk.count)
            let head = carry + chunk[0..<taken]
            let start = chunkOffset - carry.count
            carry.removeAll(keepingCapacity: true)
            switch head.withUnsafeBufferPointer(UTF8Validation.check) {
            case .valid: break
            case .invalid(let offset): return start + offset
            case .incomplete(let offset):
                if isFinal { return start + offset }
                carry = Array(head[offset...])
                return nil
            }
            rest = chunk[taken...]
        }
        let restOffset = chunkOffset + (rest.startIndex - chunk.startIndex)
        switch UTF8Validation.check(UnsafeBufferPointer(rebasing: rest)) {
        case .valid: return nil
        case .invalid(let offset): return restOffset + offset
        case .incomplete(let offset):
            if isFinal { return restOffset + offset }
            carry = Array(rest[(rest.startIndex + offset)...])
            return nil
        }
    }

    /// Bytes validated so far, without a carried, unfinished sequence.
    var validatedCount: Int { consumed - carry.count }

    /// Ends the input: a carried, unfinished sequence is invalid.
    func finish() -> Int? {
        carry.isEmpty ? nil : consumed - carry.count
    }

    /// The length of the sequence a lead byte starts (1 for anything that is not a lead
    /// byte of a multi-byte sequence; ``UTF8Validation`` judges validity).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }
}
