import Foundation

/// One column of an ``EntityMapping``: the source key path of a value in the object's
/// representation, the column that stores it, and its declared type.
///
/// ```swift
/// Column("id", .integer)                                // column "id"
/// Column("author.name", .text)                          // column "author_name"
/// Column("published_at", .dateText, name: "published")  // column "published"
/// ```
public struct Column: Sendable, Hashable {
    /// The dotted key path of the value in the object's representation (plain keys only).
    public var keyPath: String
    /// The column's name (by default the key path with `.` replaced by `_`).
    public var name: String
    /// The declared type.
    public var type: ColumnType

    /// A column for the value at `keyPath`.
    public init(_ keyPath: String, _ type: ColumnType, name: String? = nil) {
        self.keyPath = keyPath
        self.name = name ?? keyPath.replacingOccurrences(of: ".", with: "_")
        self.type = type
    }

    /// The key path's keys.
    var keys: [Substring] { keyPath.split(separator: ".", omittingEmptySubsequences: false) }
}
