public import Foundation
public import RestKitCore

/// A type an attribute mapping can convert a `Representation` into and back.
///
/// The conversion is chosen by the destination property's type. Built in: `String`, `Bool`,
/// every integer type, `Double`, `Float`, `Decimal` (exact), `Date` (see ``DateFormat``),
/// `URL`, `Representation` itself, and `Optional`, `Array` and `Set` of any of these.
/// Conform your own types to map them as attributes:
///
/// ```swift
/// enum Status: String, RepresentationConvertible {
///     case open, closed
///     init(representation: Representation, context: ConversionContext) throws(MappingError) {
///         guard let status = representation.stringValue.flatMap(Status.init(rawValue:)) else {
///             throw MappingError.cannotConvert(representation, to: Status.self, keyPath: context.keyPath)
///         }
///         self = status
///     }
///     func representation(context: ConversionContext) throws(MappingError) -> Representation { .string(rawValue) }
/// }
/// ```
public protocol RepresentationConvertible: SendableMetatype {
    /// Converts `representation`, or throws a ``MappingError`` that names the value and type.
    init(representation: Representation, context: ConversionContext) throws(MappingError)

    /// The representation of this value (for inverse mappings).
    func representation(context: ConversionContext) throws(MappingError) -> Representation

    /// How `null` converts: `nil` for types that cannot hold it (the default), which makes
    /// `null` an error for them; `Optional` returns `.none`.
    static func converted(fromNullIn context: ConversionContext) -> Self?
}

extension RepresentationConvertible {
    public static func converted(fromNullIn context: ConversionContext) -> Self? { nil }
}

extension MappingError {
    /// A conversion failure naming the value and the wanted type (for custom conformances).
    public static func cannotConvert(_ value: Representation, to type: Any.Type, context: ConversionContext) -> MappingError {
        cannotConvert(value, to: type, keyPath: context.keyPath)
    }
}

extension String: RepresentationConvertible {
    /// Strings as they are; numbers as their text; booleans as `"true"` / `"false"`.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        if let text = representation.stringValue {
            self = text
        } else if let number = representation.numberText {
            self = number
        } else if let flag = representation.boolValue {
            self = flag ? "true" : "false"
        } else {
            throw MappingError.cannotConvert(representation, to: String.self, keyPath: context.keyPath)
        }
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation { .string(self) }
}

extension Bool: RepresentationConvertible {
    /// Booleans; the words `true/false/yes/no/t/f/y/n` in any case, and `"1"`/`"0"`; the numbers 1 and 0.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        if let flag = representation.storedBool {
            self = flag
            return
        }
        if let word = representation.stringValue {
            switch word.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes", "t", "y", "1": self = true; return
            case "false", "no", "f", "n", "0": self = false; return
            default: break
            }
        }
        switch representation.int64Value {
        case 1: self = true
        case 0: self = false
        default: throw MappingError.cannotConvert(representation, to: Bool.self, keyPath: context.keyPath)
        }
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation { .bool(self) }
}

extension Representation {
    /// The number in this value, reading numeric text (`"187"`) as a number.
    var numericContent: Representation? {
        if kind == .number { return self }
        guard let text = stringValue?.trimmingCharacters(in: .whitespaces), JSONNumberSyntax.isValid(text.utf8) else { return nil }
        return JSONNumberSyntax.representation(of: text.utf8)
    }
}

/// Integers convert only when exact: `3`, `3.0` and `"3"` become 3; `3.5` and `"3.5"` are errors.
extension RepresentationConvertible where Self: FixedWidthInteger {
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        // The common case, an integer that fits, without building the value's content.
        if let value = representation.storedInteger, let exact = Self(exactly: value) {
            self = exact
            return
        }
        let number = representation.numericContent
        let exact: Self? = switch number?.content {
        case .int(let value): Self(exactly: value)
        case .double(let value): Self(exactly: value)
        case .number(let text): Self(text)
        default: nil
        }
        guard let exact else {
            throw MappingError.cannotConvert(representation, to: Self.self, keyPath: context.keyPath, detail: number == nil ? nil : "not an exact \(Self.self)")
        }
        self = exact
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        Int64(exactly: self).map(Representation.int) ?? .number(String(self))
    }
}

extension Int: RepresentationConvertible {}
extension Int8: RepresentationConvertible {}
extension Int16: RepresentationConvertible {}
extension Int32: RepresentationConvertible {}
extension Int64: RepresentationConvertible {}
extension UInt: RepresentationConvertible {}
extension UInt8: RepresentationConvertible {}
extension UInt16: RepresentationConvertible {}
extension UInt32: RepresentationConvertible {}
extension UInt64: RepresentationConvertible {}

extension Double: RepresentationConvertible {
    /// Numbers and numeric text (`"131.3"`).
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        guard let value = representation.numericContent?.doubleValue else {
            throw MappingError.cannotConvert(representation, to: Double.self, keyPath: context.keyPath)
        }
        self = value
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        guard isFinite else {
            throw MappingError(.typeMismatch, "\(self) is not a finite number", keyPath: context.keyPath)
        }
        return .double(self)
    }
}

extension Float: RepresentationConvertible {
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        self = Float(try Double(representation: representation, context: context))
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        try Double(self).representation(context: context)
    }
}

extension Decimal: RepresentationConvertible {
    /// Exact: read from the number's text, never through `Double`.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        guard let text = representation.numericContent?.numberText,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { throw MappingError.cannotConvert(representation, to: Decimal.self, keyPath: context.keyPath) }
        self = value
    }

    /// An integer when integral and within `Int64`, else the exact decimal text.
    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        guard !isNaN else { throw MappingError(.typeMismatch, "NaN is not a number", keyPath: context.keyPath) }
        let text = description
        return Int64(text).map(Representation.int) ?? .number(text)
    }
}

extension URL: RepresentationConvertible {
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        guard let text = representation.stringValue, !text.isEmpty, let url = URL(string: text) else {
            throw MappingError.cannotConvert(representation, to: URL.self, keyPath: context.keyPath)
        }
        self = url
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation { .string(absoluteString) }
}

extension Date: RepresentationConvertible {
    /// The first of ``MappingOptions/dateFormats`` that reads the value.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        try self.init(representation: representation, formats: context.options.dateFormats, context: context)
    }

    /// The first of `formats` that reads the value (``Transform/dates(_:)``: without changing
    /// the context's options, which would copy them for every value).
    init(representation: Representation, formats: [DateFormat], context: ConversionContext) throws(MappingError) {
        for format in formats {
            if let date = format.date(from: representation) {
                self = date
                return
            }
        }
        let tried = formats.map(\.description).joined(separator: ", ")
        throw MappingError.cannotConvert(representation, to: Date.self, keyPath: context.keyPath, detail: "tried \(tried)")
    }

    /// In ``MappingOptions/outputDateFormat``.
    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        try context.options.outputDateFormat.representation(of: self, keyPath: context.keyPath)
    }
}

extension Representation: RepresentationConvertible {
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        self = representation
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation { self }

    public static func converted(fromNullIn context: ConversionContext) -> Representation? { .null }
}

extension Optional: RepresentationConvertible where Wrapped: RepresentationConvertible {
    /// `null` is `nil`; anything else converts as `Wrapped`.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        self = representation.isNull ? .none : try Wrapped(representation: representation, context: context)
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        try self?.representation(context: context) ?? .null
    }

    public static func converted(fromNullIn context: ConversionContext) -> Wrapped?? { .some(.none) }
}

extension Array: RepresentationConvertible where Element: RepresentationConvertible {
    /// Each element converted; a single value becomes a one-element array.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        guard let elements = representation.arrayValue else {
            self = [try Element(representation: representation, context: context)]
            return
        }
        var converted: [Element] = []
        converted.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementContext = context.element(index)
            if element.isNull, let null = Element.converted(fromNullIn: elementContext) {
                converted.append(null)
            } else {
                converted.append(try Element(representation: element, context: elementContext))
            }
        }
        self = converted
    }

    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        var elements: [Representation] = []
        elements.reserveCapacity(count)
        for element in self { elements.append(try element.representation(context: context)) }
        return .array(elements)
    }
}

extension Set: RepresentationConvertible where Element: RepresentationConvertible {
    /// From an array (duplicates merge) or a single value.
    public init(representation: Representation, context: ConversionContext) throws(MappingError) {
        self = Set(try [Element](representation: representation, context: context))
    }

    /// An array (in no particular order).
    public func representation(context: ConversionContext) throws(MappingError) -> Representation {
        try Array(self).representation(context: context)
    }
}

/// Joining dotted key paths for messages.
enum KeyPathText {
    static func join(_ base: String, _ component: String) -> String {
        if component.isEmpty { return base }
        return base.isEmpty ? component : base + "." + component
    }
}
