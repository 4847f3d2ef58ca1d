/// Writes JSON text token by token into one byte buffer, for the document generators.
///
/// Commas, colons and (with `indent`) newlines and indentation are placed automatically.
///
/// ```swift
/// var writer = JSONTextWriter(indent: 4)
/// writer.beginObject()
/// writer.key("id"); writer.int(7)
/// writer.key("tags"); writer.beginArray(); writer.string("a"); writer.endArray()
/// writer.endObject()
/// writer.bytes  // {\n    "id": 7, …
/// ```
struct JSONTextWriter {
    /// The text written so far.
    private(set) var bytes: [UInt8] = []
    /// Spaces per level, or `nil` for compact output.
    let indent: Int?
    /// Writes `/` as `\/` (as Twitter's API does).
    var escapeSlashes = false
    /// Writes every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF) in the
    /// next strings, until reset.
    var escapeNonASCII = false

    /// Per open container: `true` until its first element is written.
    private var isEmpty: [Bool] = []
    private var afterKey = false

    /// A writer; `indent` spaces per level, or compact when `nil`.
    init(indent: Int? = nil, capacity: Int = 1 << 20) {
        self.indent = indent
        bytes.reserveCapacity(capacity)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// An object key; the next value belongs to it.
    mutating func key(_ key: String) {
        separate()
        quoted(key)
        bytes.append(contentsOf: indent == nil ? Array(":".utf8) : Array(": ".utf8))
        afterKey = true
    }

    mutating func string(_ value: String) { separate(); quoted(value) }
    mutating func int<Integer: BinaryInteger>(_ value: Integer) { raw(String(value)) }
    mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }
    mutating func null() { raw("null") }

    /// A value written exactly as given (a number's text).
    mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        isEmpty.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadElements = !(isEmpty.popLast() ?? true)
        if hadElements { newline() }
        bytes.append(bracket)
    }

    /// The comma and newline before a value or key (nothing right after a key).
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = isEmpty.indices.last else { return }
        if isEmpty[last] { isEmpty[last] = false } else { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    private mutating func newline() {
        guard let indent else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * isEmpty.count))
    }

    private mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: #"\""#.utf8)
            case "\\": bytes.append(contentsOf: #"\\"#.utf8)
            case "/" where escapeSlashes: bytes.append(contentsOf: #"\/"#.utf8)
            case "\n": bytes.append(contentsOf: #"\n"#.utf8)
            case "\r": bytes.append(contentsOf: #"\r"#.utf8)
            case "\t": bytes.append(contentsOf: #"\t"#.utf8)
            default:
                if scalar.value < 0x20 || (escapeNonASCII && scalar.value > 0x7E) {
                    if scalar.value > 0xFFFF {
                        let offset = scalar.value - 0x10000
                        unicodeEscape(0xD800 + (offset >> 10))
                        unicodeEscape(0xDC00 + (offset & 0x3FF))
                    } else {
                        unicodeEscape(scalar.value)
                    }
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func unicodeEscape(_ unit: UInt32) {
        let hex = String(unit, radix: 16)
        bytes.append(contentsOf: "\\u".utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.utf8.count))
        bytes.append(contentsOf: hex.utf8)
    }
}
