/// A plugin that turns bytes of one format into a ``Representation``.
///
/// Conform one type and register it to teach a ``Registry`` a new media type:
///
/// ```swift
/// struct CSVParser: RepresentationParser {
///     let name = "csv"
///     func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
///         let lines = String(decoding: input, as: UTF8.self).split(whereSeparator: \.isNewline)
///         guard let header = lines.first?.split(separator: ",") else { return [] }
///         return .array(lines.dropFirst().map { line in
///             var row: OrderedDictionary<String, Representation> = [:]
///             for (key, field) in zip(header, line.split(separator: ",", omittingEmptySubsequences: false)) {
///                 row[String(key)] = .string(String(field))
///             }
///             return .object(row)
///         })
///     }
/// }
///
/// var registry = Registry.default
/// registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
/// let rows = try registry.parse(Array("id,name\n1,Ada\n".utf8), as: MediaType("text/csv"))
/// ```
///
/// Parsers must be safe to call from any thread; throw ``ParseError`` (with a
/// ``SourceLocation``) for bad input rather than returning a partial value.
public protocol RepresentationParser: Sendable {
    /// A short, unique name used by `rk parse --parser NAME` and in error messages.
    var name: String { get }

    /// Parses one complete document.
    func parse(_ input: UnsafeRawBufferPointer) throws -> Representation

    /// Parses one complete document held in an array.
    ///
    /// The default implementation parses the array's bytes with `parse(_:)` of an
    /// `UnsafeRawBufferPointer`. A parser whose result keeps its input (RestKit's Swift JSON
    /// parser points its strings into it) implements this to keep the array itself, shared,
    /// instead of a copy.
    ///
    /// ```swift
    /// let body: [UInt8] = Array(#"{"a":1}"#.utf8)
    /// let value = try parser.parse(body)
    /// ```
    func parse(_ bytes: [UInt8]) throws -> Representation
}

extension RepresentationParser {
    /// Parses the array's bytes with `parse(_:)` of an `UnsafeRawBufferPointer`.
    ///
    /// ```swift
    /// let value = try parser.parse(Array(#"{"a":1}"#.utf8))
    /// ```
    public func parse(_ bytes: [UInt8]) throws -> Representation {
        try bytes.withUnsafeBytes { try parse($0) }
    }

    /// Parses bytes from any contiguous or non-contiguous sequence (`[UInt8]`, `Data`,
    /// `ArraySlice<UInt8>`); an array goes to `parse(_:)` of an array as it is.
    ///
    /// ```swift
    /// let value = try parser.parse(Array(#"{"a":1}"#.utf8)[...])
    /// ```
    public func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws -> Representation {
        if let array = bytes as? [UInt8] { return try parse(array) }
        if let result = try bytes.withContiguousStorageIfAvailable({ buffer in
            try parse(UnsafeRawBufferPointer(buffer))
        }) {
            return result
        }
        return try parse(Array(bytes))
    }

    /// Parses the UTF-8 bytes of `text`.
    ///
    /// ```swift
    /// let value = try parser.parse(text: "[1, 2, 3]")
    /// ```
    public func parse(text: String) throws -> Representation {
        var text = text
        return try text.withUTF8 { try parse(UnsafeRawBufferPointer($0)) }
    }
}

/// A plugin that writes a ``Representation`` in one format.
///
/// ```swift
/// struct PlainTextSerializer: RepresentationSerializer {
///     let name = "text"
///     func serialize(_ value: Representation) throws -> [UInt8] {
///         Array((value.stringValue ?? value.description).utf8)
///     }
/// }
/// registry.register(PlainTextSerializer(), for: "text/plain")
/// ```
public protocol RepresentationSerializer: Sendable {
    /// A short, unique name (`"json"`, `"xml"`).
    var name: String { get }

    /// The encoded bytes; throws ``SerializationError`` for values the format cannot hold.
    func serialize(_ value: Representation) throws -> [UInt8]
}
