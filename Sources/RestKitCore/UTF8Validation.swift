internal import CByteScan

/// Strict UTF-8 validation (RFC 3629): rejects stray continuation bytes, truncated
/// sequences, overlong forms, UTF-16 surrogates and code points above U+10FFFF.
///
/// ```swift
/// UTF8Validation.firstInvalidOffset(in: [0x61, 0xC0, 0xAF])  // 1
/// ```
public enum UTF8Validation {
    /// The offset of the first byte that starts an invalid sequence, or `nil` when every
    /// byte is valid UTF-8. ASCII runs are skipped many bytes at a time (`CByteScan`).
    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var cutByEnd: Int32 = 0
        let offset = restkit_utf8_first_invalid(base, bytes.count, &cutByEnd)
        return offset < bytes.count ? offset : nil
    }

    /// The same answer as ``firstInvalidOffset(in:)``, found sixteen bytes at a time where the
    /// processor has SSSE3 (every x86-64 processor since 2006): the JSON scanners validate
    /// strings with non-ASCII bytes this way. What the vector check leaves (the last bytes, or
    /// everything from just before an error on) goes through the byte-by-byte validator.
    ///
    /// ```swift
    /// let text = Array("naïve text, long enough for a block or two".utf8)
    /// text.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(inBlocksOf: $0) }   // nil
    /// ```
    public static func firstInvalidOffset(inBlocksOf bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let checked = restkit_utf8_checked_prefix(base, bytes.count)
        var cutByEnd: Int32 = 0
        let offset = checked + restkit_utf8_first_invalid(base + checked, bytes.count - checked, &cutByEnd)
        return offset < bytes.count ? offset : nil
    }

    /// The result of checking input that may continue in a later chunk.
    package enum ChunkOutcome: Equatable {
        /// Every byte is valid.
        case valid
        /// The byte at this offset starts an invalid sequence.
        case invalid(at: Int)
        /// Valid up to this offset, where a sequence starts that the next chunk may complete.
        case incomplete(from: Int)
    }

    /// Checks `bytes` when more may follow: a valid but unfinished sequence at the very end
    /// is `.incomplete` rather than invalid.
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> ChunkOutcome {
        guard let base = bytes.baseAddress else { return .valid }
        var cutByEnd: Int32 = 0
        let offset = restkit_utf8_first_invalid(base, bytes.count, &cutByEnd)
        guard offset < bytes.count else { return .valid }
        return cutByEnd != 0 ? .incomplete(from: offset) : .invalid(at: offset)
    }

    /// `true` when `bytes` are entirely valid UTF-8.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(in: bytes) == nil
    }
}
