import Foundation
import RestKitCore

/// The `Decoder` behind ``RepresentationDecoder``: one per value being decoded.
final class DecodingState: Decoder {
    let value: Representation
    let codingPath: [any CodingKey]
    let options: RepresentationDecoder
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    init(value: Representation, codingPath: [any CodingKey], options: RepresentationDecoder) {
        self.value = value
        self.codingPath = codingPath
        self.options = options
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard value.kind == .object else { throw mismatch(expected: "an object", value: value, path: codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, object: value, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = value.arrayValue else { throw mismatch(expected: "an array", value: value, path: codingPath) }
        return UnkeyedContainer(decoder: self, elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self, value: value, codingPath: codingPath)
    }

    /// Decodes `type` from this decoder's value, with the special cases for Foundation types.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(type, from: value, path: codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type, from value: Representation, path: [any CodingKey]) throws -> T {
        if let scalar = try scalar(type, from: value, path: path) { return scalar }
        return try T(from: DecodingState(value: value, codingPath: path, options: options))
    }

    /// Standard-library scalars and Foundation types decoded directly; `nil` for other types.
    private func scalar<T>(_ type: T.Type, from value: Representation, path: [any CodingKey]) throws -> T? {
        switch type {
        case is String.Type: return try string(value, path: path) as? T
        case is Bool.Type: return try bool(value, path: path) as? T
        case is Int.Type: return try integer(Int.self, value, path: path) as? T
        case is Int64.Type: return try integer(Int64.self, value, path: path) as? T
        case is Int32.Type: return try integer(Int32.self, value, path: path) as? T
        case is Int16.Type: return try integer(Int16.self, value, path: path) as? T
        case is Int8.Type: return try integer(Int8.self, value, path: path) as? T
        case is UInt.Type: return try integer(UInt.self, value, path: path) as? T
        case is UInt64.Type: return try integer(UInt64.self, value, path: path) as? T
        case is UInt32.Type: return try integer(UInt32.self, value, path: path) as? T
        case is UInt16.Type: return try integer(UInt16.self, value, path: path) as? T
        case is UInt8.Type: return try integer(UInt8.self, value, path: path) as? T
        case is Double.Type: return try double(value, path: path) as? T
        case is Float.Type: return try Float(double(value, path: path)) as? T
        case is Date.Type: return try date(value, path: path) as? T
        case is URL.Type: return try url(value, path: path) as? T
        case is Decimal.Type: return try decimal(value, path: path) as? T
        default: return nil
        }
    }

    // MARK: Conversions

    func string(_ value: Representation, path: [any CodingKey]) throws -> String {
        if let text = value.stringValue { return text }
        if options.allowsLooseTypes {
            if let number = value.numberText { return number }
            if let flag = value.boolValue { return flag ? "true" : "false" }
        }
        throw mismatch(expected: "a string", value: value, path: path)
    }

    func bool(_ value: Representation, path: [any CodingKey]) throws -> Bool {
        if let flag = value.boolValue { return flag }
        if options.allowsLooseTypes, let word = value.stringValue ?? value.numberText {
            switch word.lowercased() {
            case "true", "yes", "t", "y", "1": return true
            case "false", "no", "f", "n", "0": return false
            default: break
            }
        }
        throw mismatch(expected: "a boolean", value: value, path: path)
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ value: Representation, path: [any CodingKey]) throws -> Integer {
        let number: Representation = options.allowsLooseTypes ? Self.numberFromText(value) : value
        switch number.content {
        case .int(let integer):
            if let exact = Integer(exactly: integer) { return exact }
        case .double(let double):
            if let exact = Integer(exactly: double) { return exact }
        case .number(let text):
            if let exact = Integer(text) { return exact }
        default:
            break
        }
        throw mismatch(expected: "\(Integer.self)", value: value, path: path)
    }

    func double(_ value: Representation, path: [any CodingKey]) throws -> Double {
        let number: Representation = options.allowsLooseTypes ? Self.numberFromText(value) : value
        if number.kind == .number, let double = number.doubleValue { return double }
        throw mismatch(expected: "a number", value: value, path: path)
    }

    func decimal(_ value: Representation, path: [any CodingKey]) throws -> Decimal {
        let number: Representation = options.allowsLooseTypes ? Self.numberFromText(value) : value
        if let text = number.numberText, let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
            return decimal
        }
        throw mismatch(expected: "a decimal number", value: value, path: path)
    }

    func url(_ value: Representation, path: [any CodingKey]) throws -> URL {
        if let text = value.stringValue, let url = URL(string: text) { return url }
        throw mismatch(expected: "a URL", value: value, path: path)
    }

    func date(_ value: Representation, path: [any CodingKey]) throws -> Date {
        switch options.dateDecodingStrategy {
        case .iso8601:
            if let text = value.stringValue, let date = ISO8601Dates.date(from: text) { return date }
            throw mismatch(expected: "an ISO 8601 date", value: value, path: path)
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(value, path: path))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(value, path: path) / 1000)
        case .custom(let convert):
            return try convert(value)
        }
    }

    /// Numeric text as a number (`"42"` → `.int(42)`), for loose typing; anything else unchanged.
    private static func numberFromText(_ value: Representation) -> Representation {
        guard let text = value.stringValue else { return value }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard JSONNumberSyntax.isValid(trimmed.utf8) else { return value }
        return JSONNumberSyntax.representation(of: trimmed.utf8)
    }

    /// A type mismatch that names what was wanted, what was found, and where.
    func mismatch(expected: String, value: Representation, path: [any CodingKey]) -> DecodingError {
        var found = value.description
        if found.count > 80 { found = String(found.prefix(77)) + "..." }
        let location = path.isEmpty ? "the top level" : "'\(path.keyPath)'"
        return DecodingError.typeMismatch(
            Any.self,
            DecodingError.Context(codingPath: path, debugDescription: "expected \(expected) at \(location), found \(value.kind) \(found)")
        )
    }
}

extension Array where Element == any CodingKey {
    /// `user.tags.0.name`.
    var keyPath: String {
        map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
