extension PercentEncoding {
    /// The bytes an encoder writes as themselves (every other byte becomes `%XX`): a set of
    /// byte values 0…255, held as 256 bits.
    ///
    /// | set | literal bytes | used by |
    /// |---|---|---|
    /// | ``unreserved`` | `A–Z a–z 0–9 - . _ ~` (RFC 3986 §2.3) | the base of the others |
    /// | ``formValue`` | as ``unreserved`` | values of URL-encoded bodies and queries |
    /// | ``formKey`` | ``unreserved`` and `[` `]` | keys of URL-encoded bodies (`user[name]`) |
    /// | ``pathParameter`` | as ``unreserved`` | values filled into a path pattern (path or query) |
    /// | ``pathSegment`` | ``unreserved``, `!$&'()*+,;=:@` (RFC 3986 `pchar`) | a whole path segment you build |
    /// | ``multipartQuoted`` | every byte but `"`, CR, LF | multipart `name` / `filename` (WHATWG) |
    ///
    /// ```swift
    /// PercentEncoding.AllowedBytes.formKey.contains(UInt8(ascii: "["))    // true
    /// let custom = PercentEncoding.AllowedBytes.unreserved.union(PercentEncoding.AllowedBytes(ascii: "/"))
    /// PercentEncoding.encode("a/b c", allowing: custom)                    // "a/b%20c"
    /// ```
    public struct AllowedBytes: Sendable, Hashable {
        /// Bits for bytes 0–63, 64–127, 128–191 and 192–255.
        private var words: (UInt64, UInt64, UInt64, UInt64)

        /// The set of `bytes`.
        ///
        /// ```swift
        /// let digits = PercentEncoding.AllowedBytes(UInt8(ascii: "0")...UInt8(ascii: "9"))
        /// ```
        public init(_ bytes: some Sequence<UInt8>) {
            words = (0, 0, 0, 0)
            for byte in bytes {
                let bit = UInt64(1) << UInt64(byte & 63)
                switch byte >> 6 {
                case 0: words.0 |= bit
                case 1: words.1 |= bit
                case 2: words.2 |= bit
                default: words.3 |= bit
                }
            }
        }

        /// The set of the UTF-8 bytes of `characters` (meant for ASCII).
        ///
        /// ```swift
        /// let slash = PercentEncoding.AllowedBytes(ascii: "/")
        /// ```
        public init(ascii characters: String) {
            self.init(characters.utf8)
        }

        /// Whether `byte` is written as itself.
        ///
        /// ```swift
        /// PercentEncoding.AllowedBytes.unreserved.contains(0x20)  // false
        /// ```
        @inline(__always)
        public func contains(_ byte: UInt8) -> Bool {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: return words.0 & bit != 0
            case 1: return words.1 & bit != 0
            case 2: return words.2 & bit != 0
            default: return words.3 & bit != 0
            }
        }

        /// The bytes of either set.
        ///
        /// ```swift
        /// let set = PercentEncoding.AllowedBytes.unreserved.union(PercentEncoding.AllowedBytes(ascii: "*"))
        /// ```
        public func union(_ other: AllowedBytes) -> AllowedBytes {
            var result = self
            result.words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
            return result
        }

        /// Every byte not in this set.
        ///
        /// ```swift
        /// let allButQuote = PercentEncoding.AllowedBytes(ascii: "\"").inverted
        /// ```
        public var inverted: AllowedBytes {
            var result = self
            result.words = (~words.0, ~words.1, ~words.2, ~words.3)
            return result
        }

        public static func == (lhs: AllowedBytes, rhs: AllowedBytes) -> Bool {
            lhs.words == rhs.words
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }

        /// RFC 3986 unreserved characters: `A–Z a–z 0–9 - . _ ~`.
        public static let unreserved = AllowedBytes(
            ascii: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        /// Values of `application/x-www-form-urlencoded` bodies and queries: ``unreserved``,
        /// so `&`, `=`, `+`, `%`, `;` and `#` in a value are always escaped.
        public static let formValue = unreserved
        /// Keys of URL-encoded bodies: ``unreserved`` plus `[` and `]`, so that nesting stays
        /// readable (`user[name]`).
        public static let formKey = unreserved.union(AllowedBytes(ascii: "[]"))
        /// A value filled into a parameter of a path pattern, in its path or its query:
        /// ``unreserved``, so `/`, `?`, `#`, `&`, `=` and `%` are escaped and a value can never
        /// add a segment, a query pair or a fragment.
        public static let pathParameter = unreserved
        /// RFC 3986 `pchar` without `%`: ``unreserved``, the sub-delimiters `!$&'()*+,;=`, `:`
        /// and `@`; what may stand literally in one path segment.
        public static let pathSegment = unreserved.union(AllowedBytes(ascii: "!$&'()*+,;=:@"))
        /// The WHATWG HTML multipart/form-data rule for `name` and `filename` in
        /// `Content-Disposition`: every byte (UTF-8 included) but `"`, CR and LF, which become
        /// `%22`, `%0D` and `%0A`.
        public static let multipartQuoted = AllowedBytes(ascii: "\"\r\n").inverted
    }
}
