public import Foundation
public import RestKitCore

/// Encodes any `Encodable` into a `Representation` — and so, through the registry, into
/// JSON, XML or any media type that has a serializer.
///
/// ```swift
/// struct Post: Encodable { let title: String; let publishedAt: Date; let price: Decimal }
///
/// let representation = try RepresentationEncoder().encode(post)
/// let json = try Registry.default.serialize(representation, as: .json)
/// ```
///
/// Dates are written as ISO 8601 text by default, `Decimal` exactly (as its decimal text when
/// a `Double` could not hold it), `URL` as its absolute string, `nil` optionals are left
/// out (as `Codable`'s synthesized code does with `encodeIfPresent`), and keys keep the order
/// in which the type encodes them.
public struct RepresentationEncoder: Sendable {
    /// How dates are written.
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 text in UTC, with fractional seconds only when there are some. The default.
        case iso8601
        /// Seconds since 1970-01-01T00:00:00Z, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z, as a number.
        case millisecondsSince1970
        /// Your own conversion.
        case custom(@Sendable (Date) throws -> Representation)
    }

    /// How dates are written (default ISO 8601).
    public var dateEncodingStrategy: DateEncodingStrategy
    /// Values handed to `Encodable` implementations through `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder.
    ///
    /// ```swift
    /// let encoder = RepresentationEncoder(dateEncodingStrategy: .secondsSince1970)
    /// ```
    public init(dateEncodingStrategy: DateEncodingStrategy = .iso8601, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.userInfo = userInfo
    }

    /// The representation of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` (with the coding path) for a value a
    ///   representation cannot hold, such as a non-finite `Double`.
    public func encode<T: Encodable>(_ value: T) throws -> Representation {
        let root = EncodingNode()
        try EncodingState(node: root, codingPath: [], options: self).encode(value)
        return root.representation
    }

    /// Encodes `value`, then serializes it with the registry's serializer for `mediaType`.
    ///
    /// ```swift
    /// let body = try RepresentationEncoder().encode(post, as: .json, using: .default)
    /// ```
    public func encode<T: Encodable>(_ value: T, as mediaType: MediaType, using registry: Registry) throws -> [UInt8] {
        try registry.serialize(encode(value), as: mediaType)
    }
}
