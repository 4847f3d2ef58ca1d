import Foundation
import RestKitCore

/// A value under construction; containers share nodes so nested containers write into
/// their parent, as `Encoder` requires.
final class EncodingNode {
    enum Storage {
        case empty
        case value(Representation)
        case object(OrderedDictionary<String, EncodingNode>)
        case array([EncodingNode])
    }

    var storage: Storage = .empty

    /// The finished value (an empty node, never written, is an empty object).
    var representation: Representation {
        switch storage {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.representation))
        case .array(let elements): .array(elements.map(\.representation))
        }
    }

    /// The member node for `key`, making this node an object.
    func member(_ key: String) -> EncodingNode {
        var members: OrderedDictionary<String, EncodingNode> = [:]
        if case .object(let existing) = storage {
            if let node = existing[key] { return node }
            members = existing
            storage = .empty  // release the stored copy so the insert below does not copy
        }
        let node = EncodingNode()
        members[key] = node
        storage = .object(members)
        return node
    }

    /// A new element node, making this node an array.
    func appendElement() -> EncodingNode {
        var elements: [EncodingNode] = []
        if case .array(let existing) = storage {
            elements = existing
            storage = .empty  // release the stored copy so the append below does not copy
        }
        let node = EncodingNode()
        elements.append(node)
        storage = .array(elements)
        return node
    }

    var elementCount: Int {
        if case .array(let elements) = storage { return elements.count }
        return 0
    }
}

/// The `Encoder` behind ``RepresentationEncoder``: one per value being encoded.
struct EncodingState: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let options: RepresentationEncoder
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.storage {} else { node.storage = .object([:]) }
        return KeyedEncodingContainer(KeyedEncoder<Key>(state: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.storage {} else { node.storage = .array([]) }
        return UnkeyedEncoder(state: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncoder(state: self)
    }

    func child(_ node: EncodingNode, key: any CodingKey) -> EncodingState {
        EncodingState(node: node, codingPath: codingPath + [key], options: options)
    }

    /// Encodes `value` into this node, with the special cases for scalars and Foundation types.
    func encode<T: Encodable>(_ value: T) throws {
        if let scalar = try scalar(value) {
            node.storage = .value(scalar)
        } else {
            try value.encode(to: self)
        }
    }

    private func scalar<T: Encodable>(_ value: T) throws -> Representation? {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .int(Int64(number))
        case let number as Int64: return .int(number)
        case let number as Int32: return .int(Int64(number))
        case let number as Int16: return .int(Int64(number))
        case let number as Int8: return .int(Int64(number))
        case let number as UInt8: return .int(Int64(number))
        case let number as UInt16: return .int(Int64(number))
        case let number as UInt32: return .int(Int64(number))
        case let number as UInt: return Int64(exactly: number).map(Representation.int) ?? .number(String(number))
        case let number as UInt64: return Int64(exactly: number).map(Representation.int) ?? .number(String(number))
        case let number as Double: return try double(number)
        case let number as Float: return try double(Double(number))
        case let date as Date: return try encodeDate(date)
        case let url as URL: return .string(url.absoluteString)
        case let decimal as Decimal: return try encodeDecimal(decimal)
        default: return nil
        }
    }

    private func double(_ number: Double) throws -> Representation {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(number) at '\(codingPath.keyPath)' is not a finite number"))
        }
        return .double(number)
    }

    private func encodeDate(_ date: Date) throws -> Representation {
        switch options.dateEncodingStrategy {
        case .iso8601: .string(ISO8601Dates.string(from: date))
        case .secondsSince1970: try double(date.timeIntervalSince1970)
        case .millisecondsSince1970: try double(date.timeIntervalSince1970 * 1000)
        case .custom(let convert): try convert(date)
        }
    }

    /// Exact: an integral value that fits `Int64` is an integer, anything else keeps its
    /// decimal text (which a `Double` might round).
    private func encodeDecimal(_ decimal: Decimal) throws -> Representation {
        guard !decimal.isNaN else {
            throw EncodingError.invalidValue(decimal, EncodingError.Context(
                codingPath: codingPath, debugDescription: "NaN at '\(codingPath.keyPath)' is not a number"))
        }
        let text = decimal.description
        if let integer = Int64(text) { return .int(integer) }
        return .number(text)
    }
}
