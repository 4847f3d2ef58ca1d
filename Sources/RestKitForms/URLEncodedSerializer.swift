public import RestKitCore

/// Writes a `Representation` as an `application/x-www-form-urlencoded` body (or a URL
/// query), nesting keys the way Rails and Rack read them.
///
/// ```swift
/// let params: Representation = [
///     "user": ["name": "Blake Watters", "admin": false],
///     "tags": ["a", "b"],
///     "items": [["id": 1, "qty": 2], ["id": 7, "qty": 1]],
/// ]
/// let body = try URLEncodedSerializer().string(from: params)
/// // user[name]=Blake%20Watters&user[admin]=false&tags[]=a&tags[]=b
/// // &items[][id]=1&items[][qty]=2&items[][id]=7&items[][qty]=1   (one line)
/// ```
///
/// Rules:
/// - The top level must be an object; anything else fails with `.unsupportedShape`.
/// - An object member is `key[member]`, an array element `key[]` (see
///   ``Options-swift.struct/arrayStyle`` for `key[0]` and repeated keys); arrays of arrays nest
///   (`k[][][]=v`).
/// - Strings are written as UTF-8, percent-encoded: values keep only `A–Z a–z 0–9 - . _ ~`
///   literal; keys also keep `[` and `]` (so a `[` inside a key name reads as nesting).
/// - Numbers are written exactly (`Representation/numberText`); NaN and infinity fail with
///   `.unrepresentableValue`.
/// - Booleans and `null` follow ``Options-swift.struct/booleanStyle`` and
///   ``Options-swift.struct/nullStyle``.
/// - Empty arrays and empty objects write nothing: the format has no spelling for them
///   that reads back as empty.
/// - Members are joined with `&`, in representation order unless
///   ``Options-swift.struct/keyOrder`` is `.sorted`.
public struct URLEncodedSerializer: RepresentationSerializer {
    /// `"urlencoded"`.
    public let name = "urlencoded"
    /// Array, boolean, null, space and ordering choices.
    public var options: Options

    /// Creates a serializer.
    ///
    /// ```swift
    /// let serializer = URLEncodedSerializer(options: .init(arrayStyle: .indices))
    /// ```
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The encoded body as bytes (ASCII only).
    ///
    /// ```swift
    /// let bytes = try URLEncodedSerializer().serialize(["q": "café au lait"])
    /// // q=caf%C3%A9%20au%20lait
    /// ```
    ///
    /// - Throws: `SerializationError` naming the key path of the offending value.
    public func serialize(_ value: Representation) throws -> [UInt8] {
        try write(value)
    }

    /// Typed-throws form of ``serialize(_:)``.
    ///
    /// ```swift
    /// let bytes = try URLEncodedSerializer().write(["page": 2])  // page=2
    /// ```
    public func write(_ value: Representation) throws(SerializationError) -> [UInt8] {
        var writer = URLEncodedWriter(options: options)
        try writer.writeTopLevel(try Self.topLevelMembers(of: value))
        return writer.output
    }

    private static func topLevelMembers(
        of value: Representation
    ) throws(SerializationError) -> OrderedDictionary<String, Representation> {
        guard case .object(let members) = value.content else {
            throw SerializationError(
                .unsupportedShape, "URL-encoded or form fields need an object at the top level, not \(value.kind)",
                keyPath: "")
        }
        return members
    }

    /// The name/value pairs the body holds, in order, without percent-encoding: the text
    /// fields of a `multipart/form-data` form with the same Rails-style names.
    ///
    /// ```swift
    /// let fields = try URLEncodedSerializer().fields(from: ["article": ["title": "Hi", "tags": ["a", "b"]]])
    /// // [("article[title]", "Hi"), ("article[tags][]", "a"), ("article[tags][]", "b")]
    /// ```
    ///
    /// - Throws: `SerializationError`, as ``write(_:)``.
    public func fields(from value: Representation) throws(SerializationError) -> [(name: String, value: String)] {
        var writer = URLEncodedWriter(options: options, mode: .fields)
        try writer.writeTopLevel(try Self.topLevelMembers(of: value))
        return writer.fields
    }

    /// The encoded body as a `String`, ready to follow `?` in a URL.
    ///
    /// ```swift
    /// let query = try URLEncodedSerializer().string(from: ["page": 2, "sort": "name"])
    /// // page=2&sort=name
    /// ```
    public func string(from value: Representation) throws(SerializationError) -> String {
        String(decoding: try write(value), as: UTF8.self)
    }
}
