import RestKitCore

/// The recursive writer behind ``URLEncodedSerializer``.
///
/// Everything goes into one `[UInt8]`. The encoded key of the value being written is kept in a
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
    /// The body written so far.
    private(set) var output: [UInt8] = []
    /// The encoded key of the value being written.
    private var key: [UInt8] = []
    /// Whether a pair has been written (the next one needs `&`).
    private var hasPairs = false

    private let options: URLEncodedSerializer.Options
    private let spaceAsPlus: Bool
    private let keyTable = PercentEncoding.Table.key
    private let valueTable = PercentEncoding.Table.value

    init(options: URLEncodedSerializer.Options) {
        self.options = options
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
            key.removeAll(keepingCapacity: true)
            PercentEncoding.append(name, to: &key, table: keyTable, spaceAsPlus: spaceAsPlus)
            do {
                try write(value, depth: 1)
            } catch {
                throw error.prefixed(by: name)
            }
        }
    }

    /// Writes `value` under the current key.
    private mutating func write(_ value: Representation, depth: Int) throws(SerializationError) {
        switch value.content {
        case .null:
            switch options.nullStyle {
            case .emptyValue: beginPair()
            case .bareKey: beginBareKey()
            case .omitted: break
            }
        case .bool(let flag):
            beginPair()
            switch options.booleanStyle {
            case .words: output.append(contentsOf: (flag ? "true" : "false").utf8)
            case .digits: output.append(flag ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            }
        case .int(let integer):
            beginPair()
            output.append(contentsOf: String(integer).utf8)  // digits and `-`: all unreserved
        case .double(let number):
            guard number.isFinite else {
                throw SerializationError(.unrepresentableValue, "\(number) has no exact text form", keyPath: "")
            }
            appendScalar(value.numberText ?? String(number))
        case .number(let text):
            appendScalar(text)
        case .string(let text):
            appendScalar(text)
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
                let mark = key.count
                key.append(UInt8(ascii: "["))
                PercentEncoding.append(name, to: &key, table: keyTable, spaceAsPlus: spaceAsPlus)
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

    private mutating func appendScalar(_ text: String) {
        beginPair()
        PercentEncoding.append(text, to: &output, table: valueTable, spaceAsPlus: spaceAsPlus)
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
