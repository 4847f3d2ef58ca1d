#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Correctly rounded decimal-to-double conversion through the C library's `strtod`,
/// without making a Swift `String`.
enum CDecimal {
    /// The double nearest to the decimal `text` (±infinity on overflow, 0 on underflow).
    ///
    /// `strtod` follows the process locale; if a locale with another decimal separator
    /// stops it early, the text is converted by Swift's locale-independent parser instead.
    static func double(from text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard text.count < 512 else { return Double(String(decoding: text, as: UTF8.self)) }
        let converted = withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer -> Double? in
            guard let base = buffer.baseAddress else { return nil }
            for index in 0..<text.count { buffer[index] = CChar(bitPattern: text[index]) }
            buffer[text.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(base, &end)
            return end == base + text.count ? value : nil
        }
        return converted ?? Double(String(decoding: text, as: UTF8.self))
    }
}
