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
        let scan = Scan(text)
        if scan.isInteger {
            if scan.digitCount <= 18 {
                let magnitude = Int64(scan.mantissa)
                return .int(scan.negative ? -magnitude : magnitude)
            }
            let string = String(decoding: text, as: UTF8.self)
            if let exact = Int64(string) { return .int(exact) }
            return .number(string)
        }
        if scan.significantDigits > 17 { return .number(String(decoding: text, as: UTF8.self)) }
        if let fast = scan.exactDouble() { return .double(fast) }
        guard let value = CDecimal.double(from: text), value.isFinite, !(value == 0 && scan.significantDigits > 0) else {
            return .number(String(decoding: text, as: UTF8.self))  // overflow or underflow
        }
        return .double(value)
    }

    /// Convenience over any byte collection.
    public static func representation<Bytes: Collection<UInt8>>(of text: Bytes) -> Representation {
        let bytes = Array(text)
        return bytes.withUnsafeBufferPointer { representation(of: $0) }
    }

    /// One pass over a valid JSON number: sign, digits (up to 19 kept in `mantissa`),
    /// significant digits, and the decimal exponent that applies to `mantissa`.
    private struct Scan {
        var negative = false
        var isInteger = true
        /// The first up-to-19 digits after leading zeros, as an integer.
        var mantissa: UInt64 = 0
        /// Digits after leading zeros (capped contributions beyond 19 are not in `mantissa`).
        var digitCount = 0
        /// Digits from the first to the last non-zero digit.
        var significantDigits = 0
        /// `value == mantissa × 10^exponent` when `digitCount <= 19`.
        var exponent = 0

        init(_ text: UnsafeBufferPointer<UInt8>) {
            var index = 0
            let count = text.count
            if count > 0 && text[0] == UInt8(ascii: "-") {
                negative = true
                index = 1
            }
            var counted = 0
            var fractionDigits = 0
            var inFraction = false
            while index < count {
                let byte = text[index]
                let digit = byte &- 0x30
                if digit < 10 {
                    if digitCount > 0 || digit != 0 {
                        if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
                        digitCount += 1
                        counted += 1
                        if digit != 0 { significantDigits = counted }
                    }
                    if inFraction { fractionDigits += 1 }
                } else if byte == UInt8(ascii: ".") {
                    inFraction = true
                    isInteger = false
                } else {
                    isInteger = false
                    exponent = Self.exponent(text, from: index + 1)
                    break
                }
                index += 1
            }
            exponent -= fractionDigits
        }

        /// The `e` part, saturated far beyond any double's range.
        private static func exponent(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var index = start
            var negative = false
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            while index < text.count, text[index] &- 0x30 < 10 {
                if value < 100_000 { value = value * 10 + Int(text[index] &- 0x30) }
                index += 1
            }
            return negative ? -value : value
        }

        private static let powersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        ]

        /// Clinger's fast path: a mantissa below 2^53 and a power of ten up to 10^22 are both
        /// exact doubles, so one multiplication or division rounds correctly.
        func exactDouble() -> Double? {
            guard digitCount <= 15, exponent >= -22, exponent <= 22 else { return nil }
            let magnitude = Double(mantissa)
            let value = exponent >= 0 ? magnitude * Self.powersOfTen[exponent] : magnitude / Self.powersOfTen[-exponent]
            return negative ? -value : value
        }
    }
}
