/// The JSON number grammar (RFC 8259 §6) and the decision between `Int64`, `Double`
/// and exact text, shared by every parser that reads numbers as text.
public enum JSONNumberSyntax {
    /// `true` when `text` is exactly one JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    ///
    /// ```swift
    /// JSONNumberSyntax.isValid("-1.5e3".utf8)  // true
    /// JSONNumberSyntax.isValid("01".utf8)      // false
    /// ```
    public static func isValid<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool {
        var index = text.startIndex
        func peek() -> UInt8? { index < text.endIndex ? text[index] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        func skipDigits() -> Int {
            var count = 0
            while isDigit(peek()) { index = text.index(after: index); count += 1 }
            return count
        }
        if peek() == UInt8(ascii: "-") { index = text.index(after: index) }
        if peek() == UInt8(ascii: "0") {
            index = text.index(after: index)
        } else if skipDigits() == 0 {
            return false
        }
        if peek() == UInt8(ascii: ".") {
            index = text.index(after: index)
            if skipDigits() == 0 { return false }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index = text.index(after: index)
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index = text.index(after: index) }
            if skipDigits() == 0 { return false }
        }
        return index == text.endIndex
    }

    /// The representation of one syntactically valid JSON number: `.int` when it is an
    /// integer within `Int64`, `.double` when it has a fraction or exponent, at most 17
    /// significant digits and a finite, non-underflowing value, else `.number` with the text.
    ///
    /// ```swift
    /// JSONNumberSyntax.representation(of: "42".utf8)                      // .int(42)
    /// JSONNumberSyntax.representation(of: "0.5".utf8)                     // .double(0.5)
    /// JSONNumberSyntax.representation(of: "18446744073709551616".utf8)    // .number("18446744073709551616")
    /// ```
    public static func representation(of text: UnsafeBufferPointer<UInt8>) -> Representation {
        var index = 0
        let count = text.count
        let negative = count > 0 && text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        // Fast path: an integer of up to 18 digits always fits Int64.
        var magnitude: Int64 = 0
        var digits = 0
        while index < count, text[index] &- 0x30 < 10 {
            if digits < 18 { magnitude = magnitude &* 10 &+ Int64(text[index] &- 0x30) }
            digits += 1
            index += 1
        }
        if index == count {
            if digits <= 18 { return .int(negative ? -magnitude : magnitude) }
            let string = String(decoding: text, as: UTF8.self)
            if let exact = Int64(string) { return .int(exact) }
            return .number(string)
        }
        return fractional(text)
    }

    /// Convenience over any byte collection.
    public static func representation<Bytes: Collection<UInt8>>(of text: Bytes) -> Representation {
        let bytes = Array(text)
        return bytes.withUnsafeBufferPointer { representation(of: $0) }
    }

    private static func fractional(_ text: UnsafeBufferPointer<UInt8>) -> Representation {
        let string = String(decoding: text, as: UTF8.self)
        // Significant digits run from the first to the last non-zero mantissa digit.
        var significant = 0
        var counted = 0
        var seenNonZero = false
        for byte in text {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard byte &- 0x30 < 10 else { continue }
            if byte != UInt8(ascii: "0") { seenNonZero = true }
            if seenNonZero { counted += 1 }
            if byte != UInt8(ascii: "0") { significant = counted }
        }
        guard significant <= 17, let value = Double(string), value.isFinite else { return .number(string) }
        if value == 0 && seenNonZero { return .number(string) }  // underflow to zero
        return .double(value)
    }
}
