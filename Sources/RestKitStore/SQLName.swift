import Foundation

/// Table and column names: validated as plain identifiers, then always quoted.
enum SQLName {
    static let maximumLength = 63

    /// Throws unless `name` is `[A-Za-z_][A-Za-z0-9_]*`, at most 63 characters, not reserved.
    static func validate(_ name: String, what: String, entity: String?) throws(StoreError) {
        func reject(_ why: String) -> StoreError {
            StoreError(.invalidName, "invalid \(what) name '\(name.prefix(80))': \(why)", entity: entity, column: what == "column" ? name : nil)
        }
        guard let first = name.utf8.first else { throw reject("empty") }
        guard name.utf8.count <= maximumLength else { throw reject("longer than \(maximumLength) characters") }
        let isLetter = { (byte: UInt8) in (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F }
        guard isLetter(first) else { throw reject("must start with a letter or '_'") }
        guard name.utf8.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }) else {
            throw reject("only ASCII letters, digits and '_' are allowed")
        }
        let lowered = name.lowercased()
        guard !lowered.hasPrefix("sqlite_") else { throw reject("names starting with 'sqlite_' are reserved by SQLite") }
        guard !["rowid", "_rowid_", "oid"].contains(lowered) else { throw reject("'\(name)' names SQLite's row id") }
    }

    /// `"name"`, with any quote doubled (validated names hold none).
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
