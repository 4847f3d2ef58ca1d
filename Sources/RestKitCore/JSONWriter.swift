/// Writes a ``Representation`` as JSON text into one growing byte buffer.
///
/// Strings are escaped per RFC 8259 (quote, backslash and control characters; everything
/// else is written as UTF-8), integers exactly, doubles in their shortest round-trip form
/// (`1.0` stays a double when read back), and ``Representation/number(_:)`` text verbatim
/// after checking that it is a valid JSON number.
///
/// ```swift
/// let doc: Representation = ["b": 1, "a": [true, nil]]
/// let compact = try JSONWriter().string(from: doc)                       // {"b":1,"a":[true,null]}
/// let pretty = try JSONWriter(options: [.prettyPrinted, .sortedKeys]).string(from: doc)
/// ```
public struct JSONWriter: Sendable {
    /// How the output looks.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Newlines and two-space indentation, `"key": value` with a space.
        public static let prettyPrinted = Options(rawValue: 1 << 0)
        /// Object keys in ascending byte order instead of document order.
        public static let sortedKeys = Options(rawValue: 1 << 1)
        /// Writes `/` as `\/` (for embedding JSON inside HTML `<script>`).
        public static let escapeSlashes = Options(rawValue: 1 << 2)
    }

    /// The output options.
    public var options: Options
    /// The deepest nesting written before failing (guards the stack against hand-built
    /// values; parsed values are already bounded by their parser).
    public var maximumDepth: Int

    /// Non-finite doubles are written as strings (`"NaN"`) instead of failing; used by
    /// `description`, never by serializers.
    var writesNonFiniteAsStrings = false

    /// Creates a writer.
    ///
    /// ```swift
    /// let writer = JSONWriter(options: .prettyPrinted)
    /// ```
    public init(options: Options = [], maximumDepth: Int = 10_000) {
        self.options = options
        self.maximumDepth = maximumDepth
    }

    /// The JSON text as UTF-8 bytes.
    ///
    /// - Throws: ``SerializationError`` for a non-finite double, malformed
    ///   ``Representation/number(_:)`` text, or nesting deeper than ``maximumDepth``.
    public func write(_ value: Representation) throws(SerializationError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        try write(value, into: &output)
        return output
    }

    /// Appends the JSON text of `value` to `output`.
    public func write(_ value: Representation, into output: inout [UInt8]) throws(SerializationError) {
        var sink = Sink(options: options, maximumDepth: maximumDepth, nonFiniteAsStrings: writesNonFiniteAsStrings)
        do {
            try sink.write(value, depth: 0, into: &output)
        } catch {
            throw sink.located(error)
        }
    }

    /// The JSON text as a `String`.
    public func string(from value: Representation) throws(SerializationError) -> String {
        String(decoding: try write(value), as: UTF8.self)
    }

    /// The shortest text that reads back as the same `Double` (`1.0`, `0.1`, `1e+100`).
    static func format(_ value: Double) -> String {
        value.description
    }
}

extension JSONWriter {
    /// The recursive writer. Nothing tracks where it is while it writes: a failure is thrown
    /// with an empty key path, each container it passes on its way out adds its key or index
    /// to ``unwound``, and ``located(_:)`` turns those into the key path. ``JSONStreamWriter``
    /// uses it for the values it is handed whole.
    struct Sink {
        /// The failing value's key path, innermost component first.
        private var unwound: [String] = []
        let pretty: Bool
        let sorted: Bool
        let escapeSlashes: Bool
        let maximumDepth: Int
        let nonFiniteAsStrings: Bool

        init(options: Options, maximumDepth: Int, nonFiniteAsStrings: Bool) {
            pretty = options.contains(.prettyPrinted)
            sorted = options.contains(.sortedKeys)
            escapeSlashes = options.contains(.escapeSlashes)
            self.maximumDepth = maximumDepth
            self.nonFiniteAsStrings = nonFiniteAsStrings
        }

        mutating func write(_ value: Representation, depth: Int, into output: inout [UInt8]) throws(SerializationError) {
            if case .tape(let tape, let index) = value.storage {
                try writeTape(tape, index, depth: depth, into: &output)
                return
            }
            switch value.content {
            case .null:
                output.append(contentsOf: "null".utf8)
            case .bool(let flag):
                output.append(contentsOf: (flag ? "true" : "false").utf8)
            case .int(let integer):
                Self.appendDecimal(integer, into: &output)
            case .double(let double):
                guard double.isFinite else {
                    if nonFiniteAsStrings { writeString(double.description, into: &output); return }
                    throw SerializationError(.unrepresentableValue, "\(double) is not a valid JSON number", keyPath: "")
                }
                output.append(contentsOf: JSONWriter.format(double).utf8)
            case .number(let text):
                guard JSONNumberSyntax.isValid(text.utf8) else {
                    throw SerializationError(.unrepresentableValue, "'\(text)' is not a valid JSON number", keyPath: "")
                }
                output.append(contentsOf: text.utf8)
            case .string(let string):
                writeString(string, into: &output)
            case .array(let elements):
                try checkDepth(depth)
                output.append(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth + 1, into: &output)
                    do {
                        try write(element, depth: depth + 1, into: &output)
                    } catch {
                        unwound.append(String(index))
                        throw error
                    }
                }
                if !elements.isEmpty { newline(depth, into: &output) }
                output.append(UInt8(ascii: "]"))
            case .object(let members):
                try checkDepth(depth)
                output.append(UInt8(ascii: "{"))
                var index = 0
                if sorted {
                    for (key, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                        try writeMember(key, member, first: index == 0, depth: depth, into: &output)
                        index += 1
                    }
                } else {
                    for (key, member) in members {
                        try writeMember(key, member, first: index == 0, depth: depth, into: &output)
                        index += 1
                    }
                }
                if !members.isEmpty { newline(depth, into: &output) }
                output.append(UInt8(ascii: "}"))
            }
        }

        /// Writes a parsed document straight from its tape: no Swift strings or containers
        /// are made. Objects with a repeated key take the general path, which keeps the last value.
        private mutating func writeTape(_ tape: Tape, _ index: Int, depth: Int, into output: inout [UInt8]) throws(SerializationError) {
            let entry = tape.entries[index]
            switch entry.kind {
            case .string, .key:
                output.append(UInt8(ascii: "\""))
                tape.withBytes(at: index) { appendEscaped($0, into: &output) }
                output.append(UInt8(ascii: "\""))
            case .numberText:
                // Written in the same canonical form as a built value (`2.50` → `2.5`).
                let number = tape.withBytes(at: index) { JSONNumberSyntax.representation(of: $0) }
                try write(number, depth: depth, into: &output)
            case .array:
                try checkDepth(depth)
                output.append(UInt8(ascii: "["))
                var child = index + 1
                var position = 0
                while child < Int(entry.payload) {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth + 1, into: &output)
                    do {
                        try writeTape(tape, child, depth: depth + 1, into: &output)
                    } catch {
                        unwound.append(String(position))
                        throw error
                    }
                    child = tape.next(after: child)
                    position += 1
                }
                if position > 0 { newline(depth, into: &output) }
                output.append(UInt8(ascii: "]"))
            case .object:
                var keys: [Int] = []
                keys.reserveCapacity(Int(entry.count))
                var child = index + 1
                while child < Int(entry.payload) {
                    keys.append(child)
                    child = tape.next(after: child + 1)
                }
                guard !Self.hasRepeatedKey(keys, in: tape) else {
                    try write(Representation(tape.content(at: index)), depth: depth, into: &output)
                    return
                }
                if sorted {
                    keys.sort { left, right in
                        tape.withBytes(at: left) { leftBytes in
                            tape.withBytes(at: right) { leftBytes.lexicographicallyPrecedes($0) }
                        }
                    }
                }
                try checkDepth(depth)
                output.append(UInt8(ascii: "{"))
                for (position, key) in keys.enumerated() {
                    if position > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth + 1, into: &output)
                    output.append(UInt8(ascii: "\""))
                    tape.withBytes(at: key) { appendEscaped($0, into: &output) }
                    output.append(UInt8(ascii: "\""))
                    output.append(UInt8(ascii: ":"))
                    if pretty { output.append(UInt8(ascii: " ")) }
                    do {
                        try writeTape(tape, key + 1, depth: depth + 1, into: &output)
                    } catch {
                        unwound.append(tape.string(at: key))
                        throw error
                    }
                }
                if !keys.isEmpty { newline(depth, into: &output) }
                output.append(UInt8(ascii: "}"))
            default:
                try write(Representation(tape.content(at: index)), depth: depth, into: &output)
            }
        }

        /// Whether two keys of one object have the same bytes (hash first, bytes on collision).
        private static func hasRepeatedKey(_ keys: [Int], in tape: Tape) -> Bool {
            guard keys.count > 1 else { return false }
            var seen: [Int: Int] = [:]
            seen.reserveCapacity(keys.count)
            for key in keys {
                let hash = tape.withBytes(at: key) { bytes in
                    var hasher = Hasher()
                    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
                    return hasher.finalize()
                }
                if let other = seen.updateValue(key, forKey: hash) {
                    let same = tape.withBytes(at: key) { mine in tape.withBytes(at: other) { mine.elementsEqual($0) } }
                    if same { return true }
                }
            }
            return false
        }

        private mutating func writeMember(
            _ key: String, _ value: Representation, first: Bool, depth: Int, into output: inout [UInt8]
        ) throws(SerializationError) {
            if !first { output.append(UInt8(ascii: ",")) }
            newline(depth + 1, into: &output)
            writeString(key, into: &output)
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(UInt8(ascii: " ")) }
            do {
                try write(value, depth: depth + 1, into: &output)
            } catch {
                unwound.append(key)
                throw error
            }
        }

        private func checkDepth(_ depth: Int) throws(SerializationError) {
            if depth >= maximumDepth {
                throw SerializationError(.depthLimitExceeded, "nesting deeper than \(maximumDepth) levels", keyPath: "")
            }
        }

        /// `error` with the key path of the value that failed (`"users.0.name"`).
        func located(_ error: SerializationError) -> SerializationError {
            var located = error
            located.keyPath = unwound.reversed().joined(separator: ".")
            return located
        }

        func newline(_ depth: Int, into output: inout [UInt8]) {
            guard pretty else { return }
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }

        func writeString(_ string: String, into output: inout [UInt8]) {
            output.append(UInt8(ascii: "\""))
            var string = string
            string.withUTF8 { appendEscaped($0, into: &output) }
            output.append(UInt8(ascii: "\""))
        }

        /// Appends UTF-8 text with JSON escapes, copying unescaped runs in one go (found
        /// eight bytes at a time).
        private func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var runStart = 0
            var index = 0
            while index < count {
                if index &+ 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    var stops = StringStops.quoteBackslashOrControl(word)
                    if escapeSlashes { stops |= StringStops.byte(UInt8(ascii: "/"), in: word) }
                    if stops == 0 {
                        index &+= 8
                        continue
                    }
                    index &+= stops.trailingZeroBitCount &>> 3
                }
                let byte = base[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                    || (escapeSlashes && byte == UInt8(ascii: "/"))
                {
                    output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index &- runStart))
                    runStart = index &+ 1
                    Self.appendEscape(for: byte, into: &output)
                }
                index &+= 1
            }
            output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count &- runStart))
        }

        /// Appends the decimal digits of `value` (with `-` when negative), without a `String`.
        private static func appendDecimal(_ value: Int64, into output: inout [UInt8]) {
            var magnitude = value.magnitude
            // UInt64.max has 20 digits.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var start = digits.count
                repeat {
                    start -= 1
                    digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                    magnitude /= 10
                } while magnitude != 0
                if value < 0 { output.append(UInt8(ascii: "-")) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
            }
        }

        private static func appendEscape(for byte: UInt8, into output: inout [UInt8]) {
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): output.append(UInt8(ascii: "/"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                output.append(contentsOf: [
                    UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    PercentEncoding.hexDigit(byte >> 4, uppercase: false), PercentEncoding.hexDigit(byte, uppercase: false),
                ])
            }
        }
    }
}

extension Representation: CustomStringConvertible {
    /// The value as compact JSON. Non-finite doubles, which JSON cannot hold, print as
    /// strings such as `"inf"`; use ``JSONWriter`` to get an error instead.
    public var description: String {
        var writer = JSONWriter()
        writer.writesNonFiniteAsStrings = true
        do {
            return try writer.string(from: self)
        } catch {
            return "<unprintable representation: \(error.reason)>"
        }
    }
}
