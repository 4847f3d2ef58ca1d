import Foundation
internal import GRDB
import RestKitCore
import RestKitMapping

/// RestKit's rule for a modification attribute: whether an incoming element is no newer than
/// the stored object, so that mapping it can be skipped.
enum ModificationRule {
    /// `true` when an element whose modification value is `incoming` (already converted to the
    /// column's stored form, so both sides compare the same way) is not newer than `stored`:
    /// for `text`, the strings are equal; for numbers and dates, `incoming` is not greater.
    /// A `NULL` on either side, or a stored value of another kind, is never "unchanged".
    static func isUnchanged(incoming: DatabaseValue, stored: DatabaseValue, type: ColumnType) -> Bool {
        switch type {
        case .text:
            guard case .string(let new) = incoming.storage, case .string(let old) = stored.storage else { return false }
            return new == old
        case .integer, .real, .dateEpoch:
            switch (incoming.storage, stored.storage) {
            case (.int64(let new), .int64(let old)): return !(new > old)
            default:
                guard let new = number(incoming), let old = number(stored) else { return false }
                return !(new > old)
            }
        case .dateText:
            guard let new = date(incoming), let old = date(stored) else { return false }
            return !(new > old)
        case .boolean, .blob:
            return false   // refused by EntityMapping
        }
    }

    private static func number(_ value: DatabaseValue) -> Double? {
        switch value.storage {
        case .int64(let integer): Double(integer)
        case .double(let double): double
        default: nil
        }
    }

    private static func date(_ value: DatabaseValue) -> Date? {
        guard case .string(let text) = value.storage else { return nil }
        return DateFormat.iso8601.date(from: .string(text))
    }
}
