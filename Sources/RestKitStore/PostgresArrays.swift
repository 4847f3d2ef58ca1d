internal import GRDB

/// PostgreSQL statements over many rows with one parameter per column: each column's values
/// go as one array (its text form, bound as text of unspecified type and cast where used), and
/// `unnest` turns the arrays back into rows.
///
/// The statement's text is the same whatever the number of rows, small, and parsed quickly;
/// a `VALUES` list instead needs a parameter per value, a statement text per row count, and no
/// more than 65,535 parameters.
///
/// ```swift
/// let sql = "INSERT INTO t (a, b) " + PostgresArrays.rows(of: columns)
/// let arguments = PostgresArrays.arguments(rows, width: 2)   // ["{\"1\",\"2\"}", "{\"x\",NULL}"]
/// ```
enum PostgresArrays {
    /// The name of the ordinal column `rows(of:)` sorts by (a quoted name no declared column
    /// can have: declared names hold no spaces).
    static let ordinal = SQLName.quoted("restkit ordinal")

    /// `SELECT "a", "b" FROM unnest(?::BIGINT[], ?::TEXT[]) WITH ORDINALITY AS r("a", "b", …)
    /// ORDER BY …`: the rows of one array parameter per column, in array order.
    static func rows(of columns: [Column]) -> String {
        let names = columns.map { SQLName.quoted($0.name) }
        return "SELECT \(names.joined(separator: ", ")) FROM unnest(\(parameters(columns))) WITH ORDINALITY AS r("
            + (names + [ordinal]).joined(separator: ", ") + ") ORDER BY \(ordinal)"
    }

    /// `"a" = ANY(?::BIGINT[])`, or `("a", "b") IN (SELECT * FROM unnest(?::BIGINT[], ?::TEXT[]))`:
    /// whether a row's `columns` equal those of one of the rows bound.
    static func matching(_ columns: [Column], qualifiedBy table: String? = nil) -> String {
        let names = columns.map { column in (table.map { SQLName.quoted($0) + "." } ?? "") + SQLName.quoted(column.name) }
        if columns.count == 1 { return "\(names[0]) = ANY(\(parameters(columns)))" }
        return "(\(names.joined(separator: ", "))) IN (SELECT * FROM unnest(\(parameters(columns))))"
    }

    /// `?::BIGINT[], ?::TEXT[]`.
    private static func parameters(_ columns: [Column]) -> String {
        columns.map { "?::\(SQLDialect.postgres.declaredType($0.type))[]" }.joined(separator: ", ")
    }

    /// The arguments of `rows` (each `width` values): one array per column.
    static func arguments(_ rows: [[DatabaseValue]], width: Int) -> [DatabaseValue] {
        (0..<width).map { column in
            literal(rows.lazy.map { column < $0.count ? $0[column] : .null }).databaseValue
        }
    }

    /// The text form of an array of `values`: each element quoted (`\` and `"` escaped), NULL
    /// for a null.
    static func literal(_ values: some Sequence<DatabaseValue>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            guard let text = PostgresSession.text(value) else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
