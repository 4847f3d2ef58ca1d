internal import GRDB
internal import NIOCore

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

    /// The arguments of `rows` (each `width` values): one array per column, as text
    /// (``PostgresSession`` writes the same text straight into the message it sends).
    static func arguments(_ rows: [[DatabaseValue]], width: Int) -> [DatabaseValue] {
        (0..<width).map { column in text(column: column, of: rows).databaseValue }
    }

    /// The text form of an array of `values`.
    static func literal(_ values: [DatabaseValue]) -> String {
        text(column: 0, of: values.map { [$0] })
    }

    private static func text(column: Int, of rows: [[DatabaseValue]]) -> String {
        var buffer = ByteBufferAllocator().buffer(capacity: 16 * rows.count + 2)
        write(column: column, of: rows, into: &buffer)
        return String(buffer: buffer)
    }

    /// Writes the text form of the array of `rows`' values in `column` (`{"1","a \"b\"",NULL}`):
    /// each element quoted (`\` and `"` escaped), NULL for a null or a missing value.
    static func write(column: Int, of rows: [[DatabaseValue]], into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "{"))
        for (index, row) in rows.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            let value = column < row.count ? row[column] : .null
            guard let text = PostgresSession.text(value) else {
                buffer.writeStaticString("NULL")
                continue
            }
            buffer.writeInteger(UInt8(ascii: "\""))
            writeEscaped(text, into: &buffer)   // a blob's `\x…` gets its backslash escaped
            buffer.writeInteger(UInt8(ascii: "\""))
        }
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    /// `text` with `\` and `"` escaped by a backslash.
    private static func writeEscaped(_ text: String, into buffer: inout ByteBuffer) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard text.utf8.contains(where: { $0 == quote || $0 == backslash }) else {
            buffer.writeString(text)
            return
        }
        for byte in text.utf8 {
            if byte == quote || byte == backslash { buffer.writeInteger(backslash) }
            buffer.writeInteger(byte)
        }
    }
}
