/// A parsed media type such as `application/vnd.api+json; charset=utf-8` (RFC 9110 §8.3.1).
///
/// Type, subtype, parameter names and the `charset` value are case-insensitive and stored
/// lowercased; other parameter values keep their case. Two media types are equal when
/// type, subtype and parameters are equal. Wildcard and suffix matching live in
/// ``matches(_:followingSuffix:)``, never in `==`.
///
/// ```swift
/// let type = try MediaType("Application/VND.API+JSON; Charset=UTF-8")
/// type.type         // "application"
/// type.subtype      // "vnd.api+json"
/// type.suffix       // "json"
/// type.parameters   // ["charset": "utf-8"]
/// type.essence      // "application/vnd.api+json"
/// type.matches(try MediaType("application/*"))  // true
/// ```
public struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lowercased (`application`, `text`, or `*`).
    public let type: String
    /// The subtype including any suffix, lowercased (`json`, `vnd.api+json`, or `*`).
    public let subtype: String
    /// Parameters with lowercased names (`charset` values are lowercased too).
    public let parameters: [String: String]

    /// Creates a media type from parts; they are lowercased as in parsing.
    ///
    /// ```swift
    /// let csv = MediaType(type: "text", subtype: "csv")
    /// ```
    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = Self.lowercased(type)
        self.subtype = Self.lowercased(subtype)
        // Parameters already in normal form (the usual case: literals, parsed types) are kept
        // as they are, without building a second dictionary.
        let normal = parameters.allSatisfy { name, value in
            !Self.needsLowercasing(name) && (name != "charset" || !Self.needsLowercasing(value))
        }
        if normal {
            self.parameters = parameters
        } else {
            var normalized: [String: String] = [:]
            for (name, value) in parameters {
                let name = name.lowercased()
                normalized[name] = name == "charset" ? value.lowercased() : value
            }
            self.parameters = normalized
        }
    }

    /// `text` lowercased; the same string, not a new one, when nothing in it changes.
    private static func lowercased(_ text: String) -> String {
        needsLowercasing(text) ? text.lowercased() : text
    }

    /// Whether `text` has an ASCII capital or any non-ASCII byte (lowercased by Unicode's
    /// rules, which the standard library applies).
    private static func needsLowercasing(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.contains { $0 >= 0x80 || (0x41...0x5A).contains($0) }
        }
    }

    /// Parses a `Content-Type` style string.
    ///
    /// - Throws: ``ParseError`` naming the column of the first character that does not fit
    ///   `type "/" subtype *( ";" name "=" value )`.
    public init(_ text: String) throws(ParseError) {
        var scanner = MediaTypeScanner(text)
        let (type, subtype, parameters) = try scanner.scan()
        self.init(type: type, subtype: subtype, parameters: parameters)
    }

    /// The structured syntax suffix after the last `+` of the subtype (`json` for
    /// `vnd.api+json`), or `nil`.
    public var suffix: String? {
        guard let plus = subtype.lastIndex(of: "+") else { return nil }
        let suffix = subtype[subtype.index(after: plus)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    /// `type/subtype` without parameters.
    public var essence: String { "\(type)/\(subtype)" }

    /// `true` when the type or the subtype is `*`.
    public var isWildcard: Bool { type == "*" || subtype == "*" }

    /// The same type without parameters.
    public var withoutParameters: MediaType { MediaType(type: type, subtype: subtype) }

    /// Whether this (concrete) type is covered by `pattern`, ignoring parameters unless the
    /// pattern names some: `*/*` matches everything, `text/*` every `text/…`, and
    /// `application/json` also matches `application/vnd.api+json` through its `+json` suffix
    /// when `followingSuffix` is `true`.
    ///
    /// ```swift
    /// try MediaType("text/csv; charset=utf-8").matches(try MediaType("text/*"))            // true
    /// try MediaType("application/hal+json").matches(.json, followingSuffix: true)          // true
    /// try MediaType("application/hal+json").matches(.json)                                  // false
    /// ```
    public func matches(_ pattern: MediaType, followingSuffix: Bool = false) -> Bool {
        for (name, value) in pattern.parameters where parameters[name] != value { return false }
        if pattern.type == "*" { return pattern.subtype == "*" || pattern.subtype == subtype }
        guard pattern.type == type else { return false }
        if pattern.subtype == "*" || pattern.subtype == subtype { return true }
        return followingSuffix && suffix == pattern.subtype
    }

    /// `type/subtype; name=value` with parameters sorted by name, values quoted when needed.
    public var description: String {
        var text = type
        text.append("/")
        text.append(subtype)
        guard !parameters.isEmpty else { return text }
        for name in parameters.keys.sorted() {
            let value = parameters[name] ?? ""
            let needsQuotes = value.isEmpty || !value.utf8.allSatisfy(MediaTypeScanner.isTokenByte)
            // Escaped byte by byte: `replacingOccurrences` compares whole characters, so a `"` or
            // `\` followed by a combining mark was left bare (a fuzzing finding).
            var escapedBytes: [UInt8] = []
            escapedBytes.reserveCapacity(value.utf8.count + 2)
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { escapedBytes.append(UInt8(ascii: "\\")) }
                escapedBytes.append(byte)
            }
            let escaped = String(decoding: escapedBytes, as: UTF8.self)
            text += needsQuotes ? "; \(name)=\"\(escaped)\"" : "; \(name)=\(value)"
        }
        return text
    }
}

extension MediaType {
    /// Whether `byte` may appear in an HTTP token (RFC 9110 §5.6.2 `tchar`): media type and
    /// parameter names, header field names.
    ///
    /// ```swift
    /// "Content-Type".utf8.allSatisfy(MediaType.isTokenCharacter)   // true
    /// ```
    public static func isTokenCharacter(_ byte: UInt8) -> Bool {
        MediaTypeScanner.isTokenByte(byte)
    }

    /// `application/json`.
    public static let json = MediaType(type: "application", subtype: "json")
    /// `application/xml`.
    public static let xml = MediaType(type: "application", subtype: "xml")
    /// `text/xml`.
    public static let textXML = MediaType(type: "text", subtype: "xml")
    /// `application/x-www-form-urlencoded`.
    public static let formURLEncoded = MediaType(type: "application", subtype: "x-www-form-urlencoded")
    /// `multipart/form-data`.
    public static let multipartFormData = MediaType(type: "multipart", subtype: "form-data")
    /// `text/plain`.
    public static let plainText = MediaType(type: "text", subtype: "plain")
    /// `*/*`.
    public static let any = MediaType(type: "*", subtype: "*")
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
