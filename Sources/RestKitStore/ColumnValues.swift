import Foundation
internal import GRDB
import RestKitCore
import RestKitMapping

/// Values between representations and SQLite, by declared column type.
enum ColumnValues {
    /// The database value of `value` for `column`; `keyPath` names it in errors.
    static func databaseValue(
        _ value: Representation?, for column: Column, options: MappingOptions, entity: String, keyPath: @autoclosure () -> String
    ) throws(StoreError) -> DatabaseValue {
        guard let value, !value.isNull else { return .null }
        func mismatch(_ detail: String = "") -> StoreError {
            var shown = value.description
            if shown.count > 60 { shown = String(shown.prefix(57)) + "..." }
            return StoreError(
                .typeMismatch, "cannot store \(value.kind) \(shown) in \(column.type.declaredType) column '\(column.name)'\(detail)",
                entity: entity, keyPath: keyPath(), column: column.name)
        }
        switch column.type {
        case .integer:
            switch value.content {
            case .int(let integer): return integer.databaseValue
            case .double(let double):
                guard let integer = Int64(exactly: double) else { throw mismatch() }
                return integer.databaseValue
            case .string(let text):
                guard let integer = Int64(text) else { throw mismatch() }
                return integer.databaseValue
            default: throw mismatch()
            }
        case .real:
            switch value.content {
            case .int(let integer): return Double(integer).databaseValue
            case .double(let double): return double.databaseValue
            case .string(let text):
                guard let double = Double(text), double.isFinite else { throw mismatch() }
                return double.databaseValue
            default: throw mismatch()
            }
        case .text:
            guard case .string(let text) = value.content else { throw mismatch() }
            return text.databaseValue
        case .blob:
            guard case .string(let text) = value.content, let data = Data(base64Encoded: text) else {
                throw mismatch(" (a blob is carried as base64 text)")
            }
            return data.databaseValue
        case .boolean:
            switch value.content {
            case .bool(let flag): return (flag ? 1 : 0 as Int64).databaseValue
            case .int(let integer) where integer == 0 || integer == 1: return integer.databaseValue
            default: throw mismatch()
            }
        case .dateText, .dateEpoch:
            guard let date = options.dateFormats.lazy.compactMap({ $0.date(from: value) }).first else {
                throw mismatch(" (not a date in the mapping's date formats)")
            }
            if column.type == .dateEpoch { return date.timeIntervalSince1970.databaseValue }
            guard let text = DateFormat.iso8601.representation(of: date).stringValue else { throw mismatch() }
            return text.databaseValue
        }
    }

    /// The representation of a stored value (`nil` for NULL: the key is left out).
    static func representation(_ value: DatabaseValue, for column: Column) -> Representation? {
        switch value.storage {
        case .null: return nil
        case .int64(let integer):
            switch column.type {
            case .boolean: return .bool(integer != 0)
            case .real, .dateEpoch: return .double(Double(integer))
            default: return .int(integer)
            }
        case .double(let double): return .double(double)
        case .string(let text): return .string(text)
        case .blob(let data): return .string(data.base64EncodedString())
        }
    }
}
