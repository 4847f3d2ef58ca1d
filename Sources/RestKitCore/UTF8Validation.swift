internal import CByteScan

/// Strict UTF-8 validation (RFC 3629): rejects stray continuation bytes, truncated
/// sequences, overlong forms, UTF-16 surrogates and code points above U+10FFFF.
///
/// ```swift
/// UTF8Validation.firstInvalidOffset(in: [0x61, 0xC0, 0xAF])  // 1
/// ```
public enum UTF8Validation {
    /// The offset of the first byte that starts an invalid sequence, or `nil` when every
    /// byte is valid UTF-8. ASCII runs are skipped sixteen bytes at a time.
    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let offset = restkit_utf8_first_invalid(base, bytes.count)
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
        guard let offset = firstInvalidOffset(in: bytes), let base = bytes.baseAddress else { return .valid }
        guard let (length, secondByte) = sequence(startingWith: base[offset]) else { return .invalid(at: offset) }
        let available = bytes.count - offset
        guard available < length else { return .invalid(at: offset) }
        if available >= 2 && !secondByte.contains(base[offset + 1]) { return .invalid(at: offset) }
        if available >= 3 && base[offset + 2] & 0xC0 != 0x80 { return .invalid(at: offset) }
        return .incomplete(from: offset)
    }

    /// The length of the sequence a lead byte starts and the range its second byte must be
    /// in (narrower than `0x80...0xBF` where that excludes overlong forms, surrogates and
    /// code points above U+10FFFF); `nil` for a byte that cannot start a multi-byte sequence.
    @inline(__always)
    private static func sequence(startingWith lead: UInt8) -> (length: Int, secondByte: ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)                       // no overlongs
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)                       // no surrogates
        case 0xF0: (4, 0x90...0xBF)                       // no overlongs
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)                       // nothing above U+10FFFF
        default: nil                                      // ASCII, 0x80...0xC1, 0xF5...0xFF
        }
    }

    /// `true` when `bytes` are entirely valid UTF-8.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(in: bytes) == nil
    }
}
