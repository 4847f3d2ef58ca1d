import RestKitCore

/// Writes an object's members in the order they are encoded.
struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    var codingPath: [any CodingKey] { state.codingPath }

    func encodeNil(forKey key: Key) throws {
        state.node.member(key.stringValue).storage = .value(.null)
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.child(state.node.member(key.stringValue), key: key).encode(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        state.child(state.node.member(key.stringValue), key: key).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        state.child(state.node.member(key.stringValue), key: key).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        state.child(state.node.member("super"), key: IndexKey(stringValue: "super"))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        state.child(state.node.member(key.stringValue), key: key)
    }
}

/// Appends an array's elements.
struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let state: EncodingState
    var codingPath: [any CodingKey] { state.codingPath }
    var count: Int { state.node.elementCount }

    private func nextState() -> EncodingState {
        let key = IndexKey(intValue: state.node.elementCount)
        return state.child(state.node.appendElement(), key: key)
    }

    func encodeNil() throws {
        nextState().node.storage = .value(.null)
    }

    func encode<T: Encodable>(_ value: T) throws {
        try nextState().encode(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nextState().container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nextState().unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        nextState()
    }
}

/// Writes one value.
struct SingleValueEncoder: SingleValueEncodingContainer {
    let state: EncodingState
    var codingPath: [any CodingKey] { state.codingPath }

    func encodeNil() throws {
        state.node.storage = .value(.null)
    }

    func encode<T: Encodable>(_ value: T) throws {
        try state.encode(value)
    }
}
