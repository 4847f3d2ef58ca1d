import RestKitCore

/// The recursive writer behind ``URLEncodedSerializer``: the encoded body, or (for
/// ``URLEncodedSerializer/fields(from:)``) the same pairs as plain name/value strings.
///
/// The body goes into one `[UInt8]`. The encoded key of the value being written is kept in a
/// second buffer that grows by one segment (`[name]`, `[]`, `[3]`) per level and is cut back
/// on the way out, so each pair is written as `&` + key + `=` + encoded value with no
/// intermediate strings. Key paths for errors are built only while an error travels up.
///
/// ```swift
/// var writer = URLEncodedWriter(options: .init())
/// try writer.writeTopLevel(["a": ["b": "c"]])
/// String(decoding: writer.output, as: UTF8.self)  // a[b]=c
/// ```
struct URLEncodedWriter {
    /// What the writer produces.
    enum Mode {
        /// The percent-encoded body in ``output``.
        case body
        /// Plain (not percent-encoded) name/value pairs in ``fields``.
        case fields
    }

    /// The body written so far (``Mode/body``).
    private(set) var output: [UInt8] = []
    /// The pairs written so far (``Mode/fields``).
    private(set) var fields: [(name: String, value: String)] = []
    /// The key of the value being written (encoded in ``Mode/body``, plain in ``Mode/fields``).
    private var key: [UInt8] = []
    /// Whether a pair has been written (the next one needs `&`).
    private var hasPairs = false

    private let options: URLEncodedSerializer.Options
    private let mode: Mode
    private let spaceAsPlus: Bool

    init(options: URLEncodedSerializer.Options, mode: Mode = .body) {
        self.options = options
        self.mode = mode
        spaceAsPlus = options.spaceEncoding == .plus
        output.reserveCapacity(1024)
        key.reserveCapacity(128)
    }

    /// Writes every member of the top-level object.
    mutating func writeTopLevel(_ members: OrderedDictionary<String, Representation>) throws(SerializationError) {
        let order = sortedOrder(members)
        for position in 0..<members.count {
            let index = order?[position] ?? position
            let name = members.keys[index]
            let value = members.values[index]
            if Self.nestsKeys(value), !Self.acceptsNestedKeys(name) {
                throw SerializationError(
                    .unsupportedShape,
                    "the key '\(name)' has an unclosed '[', so the keys nested under it would read back as other keys",
                    keyPath: name)
            }
            key.removeAll(keepingCapacity: true)
            appendKey(name)
            do {
                try write(value, depth: 1)
            } catch {
                throw error.prefixed(by: name)
            }
        }
    }

    /// Whether `value` is written with brackets appended to its key (an array or an object).
    private static func nestsKeys(_ value: Representation) -> Bool {
        switch value.content {
        case .array, .object: true
        default: false
        }
    }

    /// Whether brackets appended to the top-level name `name` read back as nesting under it:
    /// a name with no `[` after its first character, or one whose brackets after it are whole
    /// groups (`user[address]`). A top-level name is written as given (how flat fields spell
    /// nesting), but `a[` followed by `[0]` reads back as the key `[0` under `a` (a fuzzing
    /// finding), so an array or object under such a name is refused.
    static func acceptsNestedKeys(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let start = bytes.dropFirst().firstIndex(of: UInt8(ascii: "[")) else { return true }
        var index = start
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "["),
                let close = bytes[(index + 1)...].firstIndex(where: { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "[") }),
                bytes[close] == UInt8(ascii: "]")
            else { return false }
            index = close + 1
        }
        return true
    }

    /// Writes `value` under the current key.
    private mutating func write(_ value: Representation, depth: Int) throws(SerializationError) {
        switch value.content {
        case .null:
            switch options.nullStyle {
            case .emptyValue: appendPair("", literal: true)
            case .bareKey: if mode == .fields { appendPair("", literal: true) } else { beginBareKey() }
            case .omitted: break
            }
        case .bool(let flag):
            switch options.booleanStyle {
            case .words: appendPair(flag ? "true" : "false", literal: true)
            case .digits: appendPair(flag ? "1" : "0", literal: true)
            }
        case .int(let integer):
            appendPair(String(integer), literal: true)  // digits and `-`: all unreserved
        case .double(let number):
            guard number.isFinite else {
                throw SerializationError(.unrepresentableValue, "\(number) has no exact text form", keyPath: "")
            }
            appendPair(value.numberText ?? String(number), literal: false)
        case .number(let text):
            appendPair(text, literal: false)
        case .string(let text):
            appendPair(text, literal: false)
        case .array(let elements):
            try checkDepth(depth)
            try writeElements(elements, depth: depth)
        case .object(let members):
            try checkDepth(depth)
            let order = sortedOrder(members)
            for position in 0..<members.count {
                let index = order?[position] ?? position
                let name = members.keys[index]
                let member = members.values[index]
                // A nested key is written between brackets; one holding a bracket would read back
                // as another key (`a[x]y]` → `a[x][y]]`), and no escape helps: parsers decode
                // `%5B` before they split keys (a fuzzing finding).
                guard !name.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else {
                    throw SerializationError(
                        .unsupportedShape, "the nested key '\(name)' holds '[' or ']', so it would read back as another key",
                        keyPath: name)
                }
                let mark = key.count
                key.append(UInt8(ascii: "["))
                appendKey(name)
                key.append(UInt8(ascii: "]"))
                do {
                    try write(member, depth: depth + 1)
                } catch {
                    throw error.prefixed(by: name)
                }
                key.removeSubrange(mark...)
            }
        }
    }

    private mutating func writeElements(_ elements: [Representation], depth: Int) throws(SerializationError) {
        for (index, element) in elements.enumerated() {
            let mark = key.count
            switch options.arrayStyle {
            case .brackets:
                key.append(UInt8(ascii: "["))
                key.append(UInt8(ascii: "]"))
            case .indices:
                key.append(UInt8(ascii: "["))
                key.append(contentsOf: String(index).utf8)
                key.append(UInt8(ascii: "]"))
            case .repeatedKey:
                let kind = element.kind
                guard kind != .array, kind != .object else {
                    throw SerializationError(
                        .unsupportedShape,
                        "an \(kind) inside an array cannot be written with repeated keys; use brackets or indices",
                        keyPath: String(index))
                }
            }
            do {
                try write(element, depth: depth + 1)
            } catch {
                throw error.prefixed(by: String(index))
            }
            key.removeSubrange(mark...)
        }
    }

    private func checkDepth(_ depth: Int) throws(SerializationError) {
        guard depth <= options.maximumDepth else {
            throw SerializationError(
                .depthLimitExceeded, "nesting deeper than \(options.maximumDepth) levels", keyPath: "")
        }
    }

    /// Writes `&` when needed and the current key.
    private mutating func beginBareKey() {
        if hasPairs { output.append(UInt8(ascii: "&")) }
        hasPairs = true
        output.append(contentsOf: key)
    }

    /// Writes `&` when needed, the current key and `=`.
    private mutating func beginPair() {
        beginBareKey()
        output.append(UInt8(ascii: "="))
    }

    /// Appends a key segment: percent-encoded for a body, as it is for fields.
    private mutating func appendKey(_ name: String) {
        switch mode {
        case .body: PercentEncoding.append(name, to: &key, allowing: .formKey, spaceAsPlus: spaceAsPlus)
        case .fields: key.append(contentsOf: name.utf8)
        }
    }

    /// Writes the current key with `text` as its value; `literal` text needs no
    /// percent-encoding (digits, `-`, `true`).
    private mutating func appendPair(_ text: String, literal: Bool) {
        switch mode {
        case .fields:
            fields.append((String(decoding: key, as: UTF8.self), text))
        case .body:
            beginPair()
            if literal {
                output.append(contentsOf: text.utf8)
            } else {
                PercentEncoding.append(text, to: &output, allowing: .formValue, spaceAsPlus: spaceAsPlus)
            }
        }
    }

    /// Member positions in ascending key order with `.sorted`; `nil` (representation order,
    /// no allocation) otherwise.
    private func sortedOrder(_ members: OrderedDictionary<String, Representation>) -> [Int]? {
        guard options.keyOrder == .sorted else { return nil }
        let keys = members.keys
        return keys.indices.sorted { keys[$0] < keys[$1] }
    }
}

extension SerializationError {
    /// The same error one level further out: `component` is put in front of the key path.
    fileprivate func prefixed(by component: String) -> SerializationError {
        var error = self
        error.keyPath = keyPath.isEmpty ? component : "\(component).\(keyPath)"
        return error
    }
}
