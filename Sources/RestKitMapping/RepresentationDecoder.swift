public import Foundation
public import RestKitCore

/// Decodes any `Decodable` from a `Representation` — and so from any media type the
/// registry can parse (JSON, XML, form data, or a parser you registered).
///
/// ```swift
/// struct User: Decodable { let id: Int; let name: String; let birthdate: Date? }
///
/// let document = try Registry.default.parse(bytes, as: .json)
/// let user = try RepresentationDecoder().decode(User.self, from: document)
/// ```
///
/// Only the values a type asks for are read: on a parsed (tape-backed) document, keys the
/// model does not declare are skipped without making Swift strings.
///
/// Numbers convert only when exact (`3.0` decodes as `Int`, `3.5` does not); text numbers
/// (`"42"`) decode as numbers and numbers as `String` only when ``allowsLooseTypes`` is on
/// (XML and form data carry every value as text, so it is on by default). Errors are
/// `DecodingError`s whose coding path names the key path, and whose description names the
/// value found and the type wanted.
public struct RepresentationDecoder: Sendable {
    /// How dates are read.
    public enum DateDecodingStrategy: Sendable {
        /// ISO 8601 text, with or without fractional seconds and with `Z` or an offset. The default.
        case iso8601
        /// A number (or numeric text) of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// A number (or numeric text) of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Your own conversion.
        case custom(@Sendable (Representation) throws -> Date)
    }

    /// How dates are read (default ISO 8601).
    public var dateDecodingStrategy: DateDecodingStrategy
    /// Whether numeric text decodes as a number, numbers and booleans as `String`, and the
    /// words `true`/`false`/`yes`/`no`/`1`/`0` as `Bool`.
    public var allowsLooseTypes: Bool
    /// Values handed to `Decodable` implementations through `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder.
    ///
    /// ```swift
    /// let decoder = RepresentationDecoder(dateDecodingStrategy: .secondsSince1970)
    /// ```
    public init(
        dateDecodingStrategy: DateDecodingStrategy = .iso8601,
        allowsLooseTypes: Bool = true,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.dateDecodingStrategy = dateDecodingStrategy
        self.allowsLooseTypes = allowsLooseTypes
        self.userInfo = userInfo
    }

    /// Decodes a `T` from `representation`.
    ///
    /// - Throws: `DecodingError` with the coding path of the offending value.
    public func decode<T: Decodable>(_ type: T.Type, from representation: Representation) throws -> T {
        let decoder = DecodingState(value: representation, codingPath: [], options: self)
        return try decoder.decode(type)
    }

    /// Parses `bytes` with the registry's parser for `mediaType`, then decodes a `T`.
    ///
    /// ```swift
    /// let feed = try RepresentationDecoder().decode(Feed.self, from: xmlBytes, as: .xml, using: .default)
    /// ```
    public func decode<T: Decodable, Bytes: Sequence<UInt8>>(
        _ type: T.Type, from bytes: Bytes, as mediaType: MediaType, using registry: Registry
    ) throws -> T {
        try decode(type, from: registry.parse(bytes, as: mediaType))
    }
}
