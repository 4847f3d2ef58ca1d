/// The SQLite type a ``Column`` is declared with, and how its values are stored.
///
/// ```swift
/// Column("published_at", .dateText)   // "2024-05-01T10:00:00Z" in a TEXT column
/// ```
public enum ColumnType: String, Sendable, Hashable, CaseIterable {
    /// `INTEGER`: integers (and integral numbers or numeric text).
    case integer
    /// `REAL`: numbers.
    case real
    /// `TEXT`: strings.
    case text
    /// `BLOB`: bytes, carried in the representation as base64 text.
    case blob
    /// `BOOLEAN` (stored as 0 or 1): booleans.
    case boolean
    /// A date in a `TEXT` column, as ISO 8601 (whatever date format the mapping writes).
    case dateText
    /// A date in a `REAL` column, as seconds since 1970.
    case dateEpoch

    /// The declared type in `CREATE TABLE`.
    var declaredType: String {
        switch self {
        case .integer: "INTEGER"
        case .real, .dateEpoch: "REAL"
        case .text, .dateText: "TEXT"
        case .blob: "BLOB"
        case .boolean: "BOOLEAN"
        }
    }
}
