public import RestKitCore

/// Crashing on a broken property, and describing what the two sides gave.
public enum FuzzCheck {
    /// Stops the process so libFuzzer saves the input: a differential or round-trip property
    /// failed. Used only inside fuzz targets (a deliberate crash, not error handling).
    public static func mismatch(_ message: String, input: [UInt8]) -> Never {
        fatalError("MISMATCH: \(message)\ninput (\(input.count) bytes): \(printable(input))")
    }

    /// A value or an error, for mismatch messages.
    public static func describe(_ result: Result<Representation, any Error>) -> String {
        switch result {
        case .success(let value): "value \(value)"
        case .failure(let error): "error \(error) (\(type(of: error)))"
        }
    }

    /// Up to 512 bytes of input, printable ASCII as is and everything else as `\xNN`.
    public static func printable(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes.prefix(512) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return bytes.count > 512 ? text + "…" : text
    }

    /// Reads every value of `value` (strings, numbers, keys), so lazily decoded tape entries
    /// are all decoded, and returns a count so the optimizer keeps the walk.
    @discardableResult
    public static func walk(_ value: Representation) -> Int {
        switch value.content {
        case .null, .bool, .int, .double: return 1
        case .number(let text): return text.utf8.count
        case .string(let text): return text.utf8.count
        case .array(let elements): return elements.reduce(1) { $0 &+ walk($1) }
        case .object(let members): return members.reduce(1) { $0 &+ $1.key.utf8.count &+ walk($1.value) }
        }
    }

    /// Stops with a mismatch when a string or key of `value` is not well-formed UTF-8. The
    /// Swift scanner's documents make their `String`s without the standard library checking
    /// the bytes again (the scanner checked them), so a byte sequence the scanner wrongly let
    /// through would surface here as a malformed `String`, whose UTF-8 view gives the raw bytes.
    public static func expectWellFormedText(_ value: Representation, input: [UInt8]) {
        func wellFormed(_ text: String) -> Bool { String(validating: text.utf8, as: UTF8.self) != nil }
        switch value.content {
        case .null, .bool, .int, .double, .number: return
        case .string(let text):
            if !wellFormed(text) { mismatch("a string that is not UTF-8: \(Array(text.utf8))", input: input) }
        case .array(let elements):
            for element in elements { expectWellFormedText(element, input: input) }
        case .object(let members):
            for (key, member) in members {
                if !wellFormed(key) { mismatch("a key that is not UTF-8: \(Array(key.utf8))", input: input) }
                expectWellFormedText(member, input: input)
            }
        }
    }

    /// Whether `value` holds a `.number` (text kept because neither Int64 nor Double holds it).
    public static func containsTextNumber(_ value: Representation) -> Bool {
        switch value.content {
        case .null, .bool, .int, .double, .string: false
        case .number: true
        case .array(let elements): elements.contains(where: containsTextNumber)
        case .object(let members): members.values.contains(where: containsTextNumber)
        }
    }
}

/// Runs `body` and captures its value or error.
public func capture(_ body: () throws -> Representation) -> Result<Representation, any Error> {
    do { return .success(try body()) } catch { return .failure(error) }
}
