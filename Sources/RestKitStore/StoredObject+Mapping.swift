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
    public static func mapping(for columns: [Column], dateFormats: [DateFormat] = []) -> ObjectMapping<StoredObject> {
        ObjectMapping({ StoredObject() }) { mapping in
            for column in columns {
                mapping.map(column.keyPath, to: \StoredObject[column.keyPath], transform: transform(for: column.type, dateFormats: dateFormats))
            }
        }
    }

    /// The conversion of one column type's values.
    static func transform(for type: ColumnType, dateFormats: [DateFormat]) -> Transform<Representation?> {
        Transform(
            read: { value, context throws(MappingError) in
                if value.isNull { return nil }
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
            },
            write: { value, _ in value ?? .null }
        )
    }
}
