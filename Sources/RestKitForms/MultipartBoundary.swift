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
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count) else {
            throw MultipartError(.invalidBoundary, "boundary must be 1 to 70 characters, not \(bytes.count)")
        }
        guard bytes.allSatisfy(isBoundaryChar), bytes.last != UInt8(ascii: " ") else {
            throw MultipartError(.invalidBoundary, "boundary '\(boundary)' has characters RFC 2046 does not allow")
        }
    }

    /// Whether `boundary` occurs anywhere in `content` (a stricter test than the delimiter
    /// `CRLF--boundary`, so a body never depends on what follows the match).
    static func occurs(_ boundary: [UInt8], in content: [UInt8]) -> Bool {
        guard !boundary.isEmpty, content.count >= boundary.count else { return false }
        // Boyer–Moore–Horspool: compare at the window's last byte and skip by how far that
        // byte is from the needle's end, so random data (a file) is crossed about a needle's
        // length at a time instead of stopping at every occurrence of one byte.
        let needleCount = boundary.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { skip in
            skip.initialize(repeating: needleCount)
            for index in 0..<(needleCount - 1) { skip[Int(boundary[index])] = needleCount - 1 - index }
            return content.withUnsafeBufferPointer { haystack in
                boundary.withUnsafeBufferPointer { needle in
                    guard let haystackBase = haystack.baseAddress, let needleBase = needle.baseAddress else { return false }
                    let last = needle[needleCount - 1]
                    var start = 0
                    while start <= haystack.count - needleCount {
                        let byte = haystack[start + needleCount - 1]
                        if byte == last, memcmp(haystackBase + start, needleBase, needleCount - 1) == 0 { return true }
                        start += skip[Int(byte)]
                    }
                    return false
                }
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
