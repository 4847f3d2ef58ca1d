public import OrderedCollections

/// A parsed document, independent of the format it came from.
///
/// Every parser (JSON, XML, form bodies, or one a library user registers) produces a
/// `Representation`; every serializer and the mapping core consume one.
///
/// - Objects keep the order of their keys.
/// - Booleans are not numbers: `.bool(true)` never equals `.int(1)`.
/// - Integers are exact over the whole `Int64` range.
/// - A number that fits neither `Int64` nor `Double` (say `123456789012345678901234567890`
///   or `1e400`) keeps its text in ``number(_:)`` instead of being rounded.
/// - Equality ignores the order of object keys (`{"a":1,"b":2} == {"b":2,"a":1}`), as JSON
///   does; iteration and printing keep document order.
/// - `null` is a value: `object["name"] == .null` is different from a missing key
///   (`object["name"] == nil`).
///
/// ```swift
/// let user: Representation = ["name": "Blake", "id": 31337, "tags": ["a", "b"]]
/// user["name"]?.stringValue          // "Blake"
/// user[keyPath: "tags"]?[1]          // .string("b")
/// print(user)                        // {"name":"Blake","id":31337,"tags":["a","b"]}
/// ```
public enum Representation: Sendable {
    /// An explicit null (`null` in JSON).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits `Int64` exactly.
    case int(Int64)
    /// A number with a fraction or exponent (or an integer too large for `Int64` that a
    /// parser chose to read as floating point).
    case double(Double)
    /// A number that neither `Int64` nor `Double` can hold exactly, kept as its source text
    /// (for example `18446744073709551616`, `1e400`, or a decimal with more significant
    /// digits than a `Double` carries).
    case number(String)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([Representation])
    /// Keys and values in document order. Keys are unique; a parser that meets a
    /// duplicate key keeps the first position and the last value.
    case object(OrderedDictionary<String, Representation>)
}

extension Representation {
    /// The kind of a value, for error messages and quick switches.
    ///
    /// ```swift
    /// Representation.int(3).kind == .number  // true
    /// ```
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        case null, bool, number, string, array, object

        public var description: String { rawValue }
    }

    /// What kind of value this is: `.int`, `.double` and `.number` are all `.number`.
    public var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int, .double, .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}
