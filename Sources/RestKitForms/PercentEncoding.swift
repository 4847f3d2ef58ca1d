/// Percent-encoding for `application/x-www-form-urlencoded`: the byte tables and the
/// append-to-buffer encoder used by ``URLEncodedSerializer``.
///
/// Values keep only the RFC 3986 unreserved set `A–Z a–z 0–9 - . _ ~` literal; keys also keep
/// `[` and `]` so that nesting stays readable (`user[name]`). Every other byte of the UTF-8
/// form is written as `%XX` with upper-case hex digits; a space is `%20`, or `+` when asked.
///
/// ```swift
/// var output: [UInt8] = []
/// PercentEncoding.append("a b&c", to: &output, table: .value, spaceAsPlus: false)
/// String(decoding: output, as: UTF8.self)  // "a%20b%26c"
/// ```
enum PercentEncoding {
    /// Which bytes stay literal, as a 128-bit set over ASCII (bytes ≥ 0x80 are always encoded).
    struct Table: Sendable {
        /// Bit `b` set when byte `b` (0…63) stays literal.
        let low: UInt64
        /// Bit `b - 64` set when byte `b` (64…127) stays literal.
        let high: UInt64

        /// Builds the set from its literal bytes.
        init(literal: some Sequence<UInt8>) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in literal where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte &- 64) }
            }
            self.low = low
            self.high = high
        }

        /// `true` when `byte` is written as itself.
        @inline(__always)
        func isLiteral(_ byte: UInt8) -> Bool {
            if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
            if byte < 128 { return (high >> UInt64(byte &- 64)) & 1 != 0 }
            return false
        }

        /// RFC 3986 unreserved characters: `A–Z a–z 0–9 - . _ ~`.
        static let value = Table(literal: unreserved)
        /// The unreserved set plus `[` and `]`.
        static let key = Table(literal: unreserved + Array("[]".utf8))

        private static let unreserved: [UInt8] =
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    }

    /// The upper-case hex digit of a nibble.
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x37
    }

    /// Appends the encoded UTF-8 of `text` to `output`.
    static func append(_ text: String, to output: inout [UInt8], table: Table, spaceAsPlus: Bool) {
        var text = text
        text.withUTF8 { append($0, to: &output, table: table, spaceAsPlus: spaceAsPlus) }
    }

    /// Appends the encoded `bytes` to `output`: runs of literal bytes are copied in one go,
    /// other bytes become `%XX` (or `+` for a space when `spaceAsPlus`).
    static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], table: Table, spaceAsPlus: Bool
    ) {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        var index = 0
        while index < count {
            let runStart = index
            while index < count, table.isLiteral(base[index]) { index &+= 1 }
            if index > runStart {
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index &- runStart))
            }
            // Escaped bytes: three at a time, until the next literal byte.
            while index < count, !table.isLiteral(base[index]) {
                let byte = base[index]
                if byte == 0x20, spaceAsPlus {
                    output.append(UInt8(ascii: "+"))
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigit(byte >> 4))
                    output.append(hexDigit(byte & 0x0F))
                }
                index &+= 1
            }
        }
    }
}
