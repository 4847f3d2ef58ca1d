import RestKitCore

/// A coding key for array positions and dynamic keys.
struct IndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Reads an object's members; keys are looked up on demand (on a tape, by comparing bytes).
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: DecodingState
    let object: Representation
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        object.objectValue.map { $0.keys.compactMap { Key(stringValue: $0) } } ?? []
    }

    func contains(_ key: Key) -> Bool {
        object[key.stringValue] != nil
    }

    private func value(for key: Key) throws -> Representation {
        guard let value = object[key.stringValue] else {
            let location = codingPath.isEmpty ? "the top level" : "'\(codingPath.keyPath)'"
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "no value for key '\(key.stringValue)' at \(location)"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try value(for: key).isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, from: value(for: key), path: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = object[key.stringValue], !value.isNull else { return nil }
        return try decoder.decode(type, from: value, path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try DecodingState(value: value(for: key), codingPath: codingPath + [key], options: decoder.options).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try DecodingState(value: value(for: key), codingPath: codingPath + [key], options: decoder.options).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        DecodingState(value: object["super"] ?? .null, codingPath: codingPath + [IndexKey(stringValue: "super")], options: decoder.options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        DecodingState(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key], options: decoder.options)
    }
}

/// Reads an array's elements in order.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: DecodingState
    let elements: [Representation]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(decoder: DecodingState, elements: [Representation], codingPath: [any CodingKey]) {
        self.decoder = decoder
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (Representation, [any CodingKey]) {
        let path = codingPath + [IndexKey(intValue: currentIndex)]
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: path, debugDescription: "the array at '\(codingPath.keyPath)' has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try decoder.decode(type, from: value, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try DecodingState(value: value, codingPath: path, options: decoder.options).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try DecodingState(value: value, codingPath: path, options: decoder.options).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return DecodingState(value: value, codingPath: path, options: decoder.options)
    }
}

/// Reads one value.
struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: DecodingState
    let value: Representation
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decode(type, from: value, path: codingPath)
    }
}
