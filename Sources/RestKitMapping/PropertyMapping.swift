public import Foundation
public import RestKitCore

/// One attribute or relationship of an ``ObjectMapping``, type-erased over its value type.
///
/// A class: mapping walks every property of every object, and one reference is one retain
/// where the fields (the source, two closures, the key path) would be one each.
final class PropertyMapping<Model>: Sendable {
    /// Where it reads; `nil` maps the whole representation being mapped.
    let source: SourceKeyPath?
    /// Reads the source value (or `nil` when missing) into the model.
    let assign: @Sendable (Representation?, inout Model, MappingScope) throws(MappingError) -> Void
    /// Writes the model's value for the inverse direction; `nil` leaves the key out.
    let read: @Sendable (Model, MappingScope) throws(MappingError) -> Representation?
    /// Writes the model's value as JSON under the given key (or leaves the member out, as
    /// ``read`` returning `nil` does), without building its representation: set by
    /// relationships, whose values are objects and arrays. `nil` writes what ``read`` returns.
    let writeJSON: (@Sendable (Model, MappingScope, String, inout JSONStreamWriter) throws(MappingError) -> Void)?
    /// The model property it sets, for ``MappingTest``.
    let destination: DestinationKeyPath?
    /// The one key the inverse writes this property under, when its source is a single plain
    /// key (`"name"`, not `"user.name"` or the whole representation).
    let memberKey: String?

    init(
        source: SourceKeyPath?,
        assign: @escaping @Sendable (Representation?, inout Model, MappingScope) throws(MappingError) -> Void,
        read: @escaping @Sendable (Model, MappingScope) throws(MappingError) -> Representation?,
        writeJSON: (@Sendable (Model, MappingScope, String, inout JSONStreamWriter) throws(MappingError) -> Void)? = nil,
        destination: DestinationKeyPath? = nil
    ) {
        self.source = source
        self.assign = assign
        self.read = read
        self.writeJSON = writeJSON
        self.destination = destination
        if let keys = source?.plainKeys, keys.count == 1 { memberKey = keys.first } else { memberKey = nil }
    }

    /// The source text, for error paths.
    var sourceText: String { source?.description ?? "" }
}

/// A model property's key path, kept to answer "what does this source map to?".
/// Key paths are immutable; `AnyKeyPath` is just not declared `Sendable`.
struct DestinationKeyPath: @unchecked Sendable {
    let keyPath: AnyKeyPath
}

/// How a to-many relationship combines mapped objects with what the model already holds.
public enum AssignmentPolicy: Sendable, Hashable {
    /// The mapped collection replaces the property's value. The default.
    case set
    /// Like `.set`; named after RestKit's policy that also deleted the replaced objects
    /// from a managed store (see ``ObjectStore`` once identification is used).
    case replace
    /// The mapped objects are added to those already there (a `Set` merges duplicates).
    case union
}

/// A value transformation for one attribute, used instead of the type's own conversion.
///
/// ```swift
/// mapping.map("price_cents", to: \.price, transform: Transform(
///     read: { representation, context in Decimal(try Int(representation: representation, context: context)) / 100 },
///     write: { price, _ in .int(Int64(truncating: (price * 100) as NSNumber)) }
/// ))
/// ```
public struct Transform<Value>: Sendable {
    let read: @Sendable (Representation, ConversionContext) throws(MappingError) -> Value
    let write: (@Sendable (Value, ConversionContext) throws(MappingError) -> Representation)?

    /// A transformation; without `write`, inverse mappings leave the attribute out.
    public init(
        read: @escaping @Sendable (Representation, ConversionContext) throws(MappingError) -> Value,
        write: (@Sendable (Value, ConversionContext) throws(MappingError) -> Representation)? = nil
    ) {
        self.read = read
        self.write = write
    }
}

extension Transform where Value == Date? {
    /// Optional dates in these formats only (tried in order), written in the first; `null` is `nil`.
    public static func dates(_ formats: [DateFormat]) -> Transform<Date?> {
        let dates = Transform<Date>.dates(formats)
        return Transform(
            read: { value, context throws(MappingError) in value.isNull ? nil : try dates.read(value, context) },
            write: { date, context throws(MappingError) in
                guard let date, let write = dates.write else { return .null }
                return try write(date, context)
            }
        )
    }
}

extension Transform where Value == Date {
    /// Dates in these formats only (tried in order), written in the first.
    ///
    /// ```swift
    /// mapping.map("birthdate", to: \.birthdate, transform: .dates([.monthDayYear]))
    /// ```
    public static func dates(_ formats: [DateFormat]) -> Transform<Date> {
        Transform(
            read: { value, context throws(MappingError) in
                try Date(representation: value, formats: formats, context: context)
            },
            write: { date, context throws(MappingError) in
                try (formats.first ?? .iso8601).representation(of: date, keyPath: context.keyPath)
            }
        )
    }
}
