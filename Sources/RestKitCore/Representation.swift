/// A parsed document, independent of the format it came from.
///
/// Every parser (JSON, XML, form bodies, or one a library user registers) produces a
/// `Representation`; every serializer and the mapping core consume one.
///
/// - Objects keep the order of their keys.
/// - Booleans are not numbers: `.bool(true)` never equals `.int(1)`.
/// - Integers are exact over the whole `Int64` range.
/// - A number that fits neither `Int64` nor `Double` (say `123456789012345678901234567890`
///   or `1e400`) keeps its text in ``Content/number(_:)`` instead of being rounded.
/// - Equality ignores the order of object keys (`{"a":1,"b":2} == {"b":2,"a":1}`), as JSON
///   does; iteration and printing keep document order.
/// - `null` is a value: `object["name"] == .null` is different from a missing key
///   (`object["name"] == nil`).
///
/// Build one with literals or the static constructors, read it with subscripts and typed
/// accessors, and `switch` over ``content`` to see its shape:
///
/// ```swift
/// let user: Representation = ["name": "Blake", "id": 31337, "tags": ["a", "b"]]
/// user["name"]?.stringValue          // "Blake"
/// user[keyPath: "tags.1"]            // .string("b")
/// switch user.content {
/// case .object(let members): print(members.keys)   // ["name", "id", "tags"]
/// default: break
/// }
/// print(user)                        // {"name":"Blake","id":31337,"tags":["a","b"]}
/// ```
///
/// ## Lazy by design
///
/// A parser does not build Swift strings, arrays and dictionaries for the whole document: it
/// records the document on a flat tape, and a `Representation` is a position on that tape.
/// Reading `user["name"]` scans the keys' bytes; only the values you read become Swift
/// values. (A representation taken from a large document keeps the whole document's tape
/// alive; copy out what you need to let it go.)
public struct Representation: Sendable {
    /// What a representation holds, one level deep.
    public enum Content: Sendable, Hashable {
        /// An explicit null (`null` in JSON).
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// An integer that fits `Int64` exactly.
        case int(Int64)
        /// A number with a fraction or exponent.
        case double(Double)
        /// A number that neither `Int64` nor `Double` can hold exactly, kept as its source
        /// text (for example `18446744073709551616`, `1e400`, or a decimal with more
        /// significant digits than a `Double` carries).
        case number(String)
        /// A string.
        case string(String)
        /// An ordered list of values.
        case array([Representation])
        /// Keys and values in document order. Keys are unique; a parser that meets a
        /// duplicate key keeps the first position and the last value.
        case object(OrderedDictionary<String, Representation>)
    }

    enum Storage: Sendable {
        case value(Content)
        case tape(Tape, Int)
    }

    let storage: Storage

    /// Wraps a value.
    ///
    /// ```swift
    /// let value = Representation(.string("x"))
    /// ```
    public init(_ value: Content) {
        storage = .value(value)
    }

    /// A position on a parser's tape.
    package init(tape: Tape, index: Int) {
        storage = .tape(tape, index)
    }

    /// The content one level deep; containers hold representations of their children.
    ///
    /// ```swift
    /// if case .array(let elements) = representation.content { print(elements.count) }
    /// ```
    public var content: Content {
        switch storage {
        case .value(let value): value
        case .tape(let tape, let index): tape.content(at: index)
        }
    }
}

extension Representation {
    /// `null`.
    public static let null = Representation(.null)

    /// A boolean.
    public static func bool(_ value: Bool) -> Representation { Representation(.bool(value)) }

    /// An integer.
    public static func int(_ value: Int64) -> Representation { Representation(.int(value)) }

    /// A floating-point number.
    public static func double(_ value: Double) -> Representation { Representation(.double(value)) }

    /// A number kept as its exact text (`"18446744073709551616"`).
    public static func number(_ text: String) -> Representation { Representation(.number(text)) }

    /// A string.
    public static func string(_ value: String) -> Representation { Representation(.string(value)) }

    /// An array.
    public static func array(_ elements: [Representation]) -> Representation { Representation(.array(elements)) }

    /// An object.
    public static func object(_ members: OrderedDictionary<String, Representation>) -> Representation {
        Representation(.object(members))
    }
}

extension Representation {
    /// The kind of a value, for error messages and quick switches.
    ///
    /// ```swift
    /// Representation.int(3).kind == .number  // true
    /// ```
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool
        /// An integer, a double or a number kept as its text.
        case number
        /// A string.
        case string
        /// An ordered list of values.
        case array
        /// Members by key, in order.
        case object

        /// The kind's name (`"number"`), as errors name it.
        public var description: String { rawValue }
    }

    /// What kind of value this is: `.int`, `.double` and `.number` are all `.number`.
    public var kind: Kind {
        switch storage {
        case .tape(let tape, let index):
            switch tape.entries[index].kind {
            case .null: .null
            case .true, .false: .bool
            case .int, .double, .numberText: .number
            case .string, .key: .string
            case .array: .array
            case .object, .groupedObject: .object
            }
        case .value(let value):
            switch value {
            case .null: .null
            case .bool: .bool
            case .int, .double, .number: .number
            case .string: .string
            case .array: .array
            case .object: .object
            }
        }
    }
}
