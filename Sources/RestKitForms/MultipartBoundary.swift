#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Multipart boundaries: random generation, RFC 2046 validation, and collision checks.
///
/// ```swift
/// let boundary = MultipartBoundary.random()   // "RestKit-" + 32 hex digits (128 random bits)
/// try MultipartBoundary.validate("----WebKitFormBoundary7MA4YWxkTrZu0gW")
/// ```
public enum MultipartBoundary {
    /// A new boundary with 128 bits from the system's secure random number generator.
    ///
    /// ```swift
    /// var form = MultipartForm(boundary: MultipartBoundary.random())
    /// ```
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return "RestKit-" + hex(high) + hex(low)
    }

    /// Checks RFC 2046 §5.1.1: 1–70 characters from `bchars`, not ending in a space.
    ///
    /// ```swift
    /// try MultipartBoundary.validate("abc")   // ok
    /// ```
    ///
    /// - Throws: ``MultipartError`` of type ``MultipartError/ErrorType/invalidBoundary``.
    public static func validate(_ boundary: String) throws(MultipartError) {
        var boundary = boundary
        let count = boundary.utf8.count
        guard (1...70).contains(count) else {
            throw MultipartError(.invalidBoundary, "boundary must be 1 to 70 characters, not \(count)")
        }
        guard boundary.withUTF8({ $0.allSatisfy(isBoundaryChar) && $0.last != UInt8(ascii: " ") }) else {
            throw MultipartError(.invalidBoundary, "boundary '\(boundary)' has characters RFC 2046 does not allow")
        }
    }

    /// A search for one boundary, made once and used on every part of a form: whether the
    /// boundary occurs anywhere in a part (a stricter test than the delimiter
    /// `CRLF--boundary`, so a body never depends on what follows the match).
    ///
    /// It finds one byte of the boundary with `memchr` (many bytes per instruction) and
    /// compares the whole boundary where that byte is: the byte is the first that is not `-`,
    /// which text and boundaries are full of, so random data (a file) stops about once in 256
    /// bytes and text rarely more. Where the byte turns out to be common (more than one hit
    /// in 16 bytes), the rest is searched with Boyer–Moore–Horspool, which crosses such text
    /// about a boundary's length at a time; either way no table is built for the common case.
    struct Search {
        private let needle: [UInt8]
        /// The needle's byte looked for with `memchr`, and its index in the needle.
        private let keyIndex: Int

        init(_ needle: [UInt8]) {
            self.needle = needle
            keyIndex = needle.firstIndex { $0 != UInt8(ascii: "-") } ?? 0
        }

        /// The needle's length: a shorter content cannot hold it.
        var needleCount: Int { needle.count }

        /// Whether the needle occurs anywhere in `content`.
        func occurs(in content: [UInt8]) -> Bool {
            content.withUnsafeBufferPointer { occurs(in: $0) }
        }

        /// Whether the needle occurs anywhere in `haystack`.
        func occurs(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
            let needleCount = needle.count
            guard needleCount > 0, haystack.count >= needleCount, let haystackBase = haystack.baseAddress else { return false }
            return needle.withUnsafeBufferPointer { needle in
                guard let needleBase = needle.baseAddress else { return false }
                let key = Int32(needle[keyIndex])
                let lastStart = haystack.count - needleCount
                var start = 0
                var hits = 0
                while start <= lastStart {
                    // The key byte of a match starting at or after `start`.
                    guard let found = memchr(haystackBase + start + keyIndex, key, lastStart - start + 1) else { return false }
                    let candidate = UnsafeRawPointer(found) - UnsafeRawPointer(haystackBase) - keyIndex
                    if memcmp(haystackBase + candidate, needleBase, needleCount) == 0 { return true }
                    start = candidate + 1
                    hits += 1
                    if hits > 16, hits > start >> 4 {
                        return Self.horspool(needle, in: UnsafeBufferPointer(rebasing: haystack[start...]))
                    }
                }
                return false
            }
        }

        /// Boyer–Moore–Horspool: compares at the window's last byte and skips by how far that
        /// byte is from the needle's end (boundaries are at most 70 bytes; longer needles are
        /// searched with skips capped at 255, still correct).
        private static func horspool(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
            let needleCount = needle.count
            guard needleCount > 0, haystack.count >= needleCount,
                  let haystackBase = haystack.baseAddress, let needleBase = needle.baseAddress
            else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { skip in
                skip.initialize(repeating: UInt8(Swift.min(needleCount, 255)))
                for index in 0..<(needleCount - 1) {
                    skip[Int(needle[index])] = UInt8(Swift.min(needleCount - 1 - index, 255))
                }
                let last = needle[needleCount - 1]
                var start = 0
                while start <= haystack.count - needleCount {
                    let byte = haystack[start + needleCount - 1]
                    if byte == last, memcmp(haystackBase + start, needleBase, needleCount - 1) == 0 { return true }
                    start += Int(skip[Int(byte)])
                }
                return false
            }
        }
    }

    /// RFC 2046 `bchars`: DIGIT / ALPHA / `'()+_,-./:=?` / space.
    private static func isBoundaryChar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "_"),
            UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: " "):
            true
        default:
            false
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
