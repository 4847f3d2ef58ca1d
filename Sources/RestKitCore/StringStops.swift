/// Eight bytes at a time: where a JSON string body stops being a plain run of bytes (a
/// quote, a backslash or a control character), for the writer. (The scanner finds the same
/// stops with `CByteScan`'s `restkit_json_string_stop`, sixteen bytes at a time with SSE2.)
///
/// Each function returns a word with the high bit set in the lowest byte that matches;
/// higher bytes may be flagged by borrows and are not exact, so callers use only
/// `trailingZeroBitCount / 8` (the first match) or `== 0` (no match in the eight bytes).
enum StringStops {
    /// The first quote, backslash or byte below 0x20 in `word` (little-endian bytes).
    @inline(__always)
    static func quoteBackslashOrControl(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            | (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    }

    /// The first `byte` in `word`.
    @inline(__always)
    static func byte(_ byte: UInt8, in word: UInt64) -> UInt64 {
        zeroBytes(word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
    }

    /// The first zero byte of `word`.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }
}
