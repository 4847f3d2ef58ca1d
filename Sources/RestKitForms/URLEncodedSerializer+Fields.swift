import RestKitCore

extension URLEncodedSerializer {
    /// A URL-encoded body of name/value pairs, written exactly in the order given: the
    /// inverse of ``fields(from:)``, for forms that are a list of fields rather than an object
    /// (a repeated name stays where it was, `a[][x]=1&a[][y]=2&a[][x]=3` stays in that order).
    ///
    /// Names are percent-encoded as keys (`[` and `]` stay literal, so `user[name]` nests
    /// when read), values as values. Of the options only ``Options-swift.struct/spaceEncoding``
    /// applies: there are no arrays, booleans or nulls to spell and no keys to sort.
    ///
    /// ```swift
    /// let body = URLEncodedSerializer().write(fields: [("k", "1"), ("j", "a b"), ("k", "3")])
    /// // k=1&j=a%20b&k=3
    /// ```
    public func write(fields: [(name: String, value: String)]) -> [UInt8] {
        var writer = PairWriter(spaceAsPlus: options.spaceEncoding == .plus)
        for field in fields {
            writer.begin(field.name)
            PercentEncoding.append(field.value, to: &writer.output, allowing: .formValue, spaceAsPlus: writer.spaceAsPlus)
        }
        return writer.output
    }

    /// ``write(fields:)`` for values that are bytes rather than text: each value is
    /// percent-encoded byte for byte, whether or not it is UTF-8 (as curl's
    /// `--data-urlencode name@file` sends a file), so binary values arrive unchanged.
    ///
    /// ```swift
    /// let body = URLEncodedSerializer().write(byteFields: [("p", [0xFF, 0xFE, 0x41])])
    /// // p=%FF%FEA
    /// ```
    public func write(byteFields fields: [(name: String, value: [UInt8])]) -> [UInt8] {
        var writer = PairWriter(spaceAsPlus: options.spaceEncoding == .plus)
        for field in fields {
            writer.begin(field.name)
            PercentEncoding.append(field.value, to: &writer.output, allowing: .formValue, spaceAsPlus: writer.spaceAsPlus)
        }
        return writer.output
    }

    /// The body being written: `&` between pairs, the encoded name and `=`.
    private struct PairWriter {
        var output: [UInt8] = []
        let spaceAsPlus: Bool

        init(spaceAsPlus: Bool) {
            self.spaceAsPlus = spaceAsPlus
        }

        mutating func begin(_ name: String) {
            if !output.isEmpty { output.append(UInt8(ascii: "&")) }
            PercentEncoding.append(name, to: &output, allowing: .formKey, spaceAsPlus: spaceAsPlus)
            output.append(UInt8(ascii: "="))
        }
    }
}
