import Foundation
import RestKitCore
public import RestKitMapping

extension StoredObject {
    /// An object mapping that reads each column's key path into a ``StoredObject``, converting
    /// the value to what the column type holds (so `"42"` from XML is the integer 42, `"yes"`
    /// the boolean true, `"11/27/1982"` an ISO 8601 date), and writes it back at the same key
    /// path. A missing key leaves the attribute as it is; `null` removes it.
    ///
    /// `dateFormats` are tried, in order, for `dateText` and `dateEpoch` columns (then ISO 8601
    /// and epoch seconds, what the store writes); empty uses the operation's formats.
    ///
    /// ```swift
    /// let columns = [Column("id", .integer), Column("title", .text)]
    /// let entity = try EntityMapping(StoredObject.mapping(for: columns), table: "articles", entityName: "Article", columns: columns)
    /// ```
    ///
    /// The key paths in `related` (relationships and connections) are kept as they are: the
    /// store hands them the related objects as stored.
    public static func mapping(for columns: [Column], dateFormats: [DateFormat] = [], related: [String] = []) -> ObjectMapping<StoredObject> {
        ObjectMapping({ StoredObject() }) { mapping in
            for column in columns {
                mapping.map(column.keyPath, to: \StoredObject[column.keyPath], transform: transform(for: column.type, dateFormats: dateFormats))
            }
            for keyPath in related {
                mapping.map(keyPath, to: \StoredObject[keyPath])
            }
        }
    }

    /// `element` with the value at each column's key path converted as ``mapping(for:dateFormats:related:)``
    /// converts it (`"yes"` → `true`, `12` → `"12"` for text, dates to ISO 8601 or seconds), so
    /// the store writes what the mapping reads; other keys are left alone, `null` stays `null`.
    static func normalized(
        _ element: Representation, columns: [Column], dateFormats: [DateFormat], options: MappingOptions
    ) throws(MappingError) -> Representation {
        guard element.kind == .object else { return element }
        // Built only when a value changes: most JSON values already have their column's kind.
        var members: OrderedDictionary<String, Representation>?
        for column in columns {
            guard let value = element[keyPath: column.keyPath], !value.isNull, !hasColumnKind(value, column.type) else { continue }
            let converted = try convert(value, to: column.type, dateFormats: dateFormats, context: ConversionContext(options: options, keyPath: column.keyPath))
            guard converted != value else { continue }
            var changed = members ?? element.objectValue ?? [:]
            Representation.set(converted ?? .null, at: column.keys, in: &changed)
            members = changed
        }
        return members.map(Representation.object) ?? element
    }

    /// Whether `value` is already what a `type` column holds (dates are always converted).
    private static func hasColumnKind(_ value: Representation, _ type: ColumnType) -> Bool {
        switch (type, value.content) {
        case (.integer, .int), (.real, .double), (.text, .string), (.blob, .string), (.boolean, .bool): true
        default: false
        }
    }

    /// The conversion of one column type's values, both ways.
    static func transform(for type: ColumnType, dateFormats: [DateFormat]) -> Transform<Representation?> {
        Transform(
            read: { value, context throws(MappingError) in try convert(value, to: type, dateFormats: dateFormats, context: context) },
            write: { value, _ in value ?? .null }
        )
    }

    /// `value` as a value of a `type` column holds it; `nil` for `null`.
    static func convert(
        _ value: Representation, to type: ColumnType, dateFormats: [DateFormat], context: ConversionContext
    ) throws(MappingError) -> Representation? {
        if value.isNull { return nil }
        // Named by the column type (`integer`), not the Swift type converting it (`Int64`).
        func mismatch(_ error: MappingError) -> MappingError {
            var shown = value.description
            if shown.count > 60 { shown = String(shown.prefix(57)) + "..." }
            return MappingError(.typeMismatch, "cannot convert \(value.kind) \(shown) to \(type.rawValue)", keyPath: error.keyPath, value: value)
        }
        do {
            switch type {
            case .integer: return .int(try Int64(representation: value, context: context))
            case .real: return .double(try Double(representation: value, context: context))
            case .text, .blob: return .string(try String(representation: value, context: context))
            case .boolean: return .bool(try Bool(representation: value, context: context))
            case .dateText, .dateEpoch:
                var dates = context
                if !dateFormats.isEmpty { dates.options.dateFormats = dateFormats + [.iso8601, .epochSeconds] }
                let date = try Date(representation: value, context: dates)
                return type == .dateText ? DateFormat.iso8601.representation(of: date) : DateFormat.epochSeconds.representation(of: date)
            }
        } catch {
            // A date's error lists the formats tried: keep it.
            if type == .dateText || type == .dateEpoch { throw error }
            throw mismatch(error)
        }
    }
}
