public import RestKitCore

/// Writes an object's fields as `multipart/form-data` text parts: the registry's serializer
/// for `multipart/form-data` (name `"multipart"`), for small in-memory forms.
///
/// Strings are written as they are, numbers in their shortest form, booleans as `true` /
/// `false`; an array becomes the same field repeated once per element; `null` leaves the
/// field out. Nested objects are refused. For files and streams, use ``MultipartForm``.
///
/// The body starts with `--boundary`; ``serializeForm(_:)`` also returns the content type
/// carrying the boundary, which a request needs.
///
/// ```swift
/// let (bytes, contentType) = try MultipartSerializer().serializeForm(["q": "swift", "page": 2])
/// request.headers["Content-Type"] = contentType.description
/// ```
public struct MultipartSerializer: RepresentationSerializer {
    /// `"multipart"`.
    public let name = "multipart"
    /// A fixed boundary, or `nil` for a random one per body.
    public var boundary: String?

    /// Creates a serializer.
    ///
    /// ```swift
    /// let serializer = MultipartSerializer(boundary: "fixed-for-tests")
    /// ```
    public init(boundary: String? = nil) {
        self.boundary = boundary
    }

    /// The body bytes (see ``serializeForm(_:)`` for the boundary).
    ///
    /// - Throws: `SerializationError` for a value that is not an object of scalars and
    ///   arrays of scalars; ``MultipartError`` for a fixed boundary found in a value.
    public func serialize(_ value: Representation) throws -> [UInt8] {
        try serializeForm(value).bytes
    }

    /// The body bytes and `multipart/form-data; boundary=…`.
    ///
    /// ```swift
    /// let (bytes, contentType) = try MultipartSerializer().serializeForm(["a": [1, 2]])
    /// ```
    public func serializeForm(_ value: Representation) throws -> (bytes: [UInt8], contentType: MediaType) {
        guard case .object(let members) = value.content else {
            throw SerializationError(.unsupportedShape, "multipart/form-data needs an object, not \(value.kind)", keyPath: "")
        }
        var form = MultipartForm(boundary: boundary)
        for (key, member) in members {
            if case .array(let elements) = member.content {
                for (index, element) in elements.enumerated() {
                    if let text = try Self.text(of: element, keyPath: "\(key).\(index)") {
                        form.append(field: key, value: text)
                    }
                }
            } else if let text = try Self.text(of: member, keyPath: key) {
                form.append(field: key, value: text)
            }
        }
        let body = try form.makeBody()
        return (try body.makeReader().readAll(), form.contentType)
    }

    /// The text of a scalar field, `nil` for `null`.
    private static func text(of value: Representation, keyPath: String) throws(SerializationError) -> String? {
        switch value.content {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number):
            guard number.isFinite else {
                throw SerializationError(.unrepresentableValue, "\(number) is not a finite number", keyPath: keyPath)
            }
            return number == number.rounded(.towardZero) && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .number(let text): return text
        case .string(let text): return text
        case .array, .object:
            throw SerializationError(
                .unsupportedShape, "multipart/form-data fields hold text, not \(value.kind)", keyPath: keyPath)
        }
    }
}
