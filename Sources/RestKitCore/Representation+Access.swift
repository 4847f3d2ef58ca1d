extension Representation {
    /// The value for `key` when this is an object; `nil` when the key is missing or this
    /// is not an object. A present `null` comes back as `.null`, not `nil`.
    ///
    /// ```swift
    /// let user: Representation = ["name": "Blake", "email": nil]
    /// user["name"]   // .string("Blake")
    /// user["email"]  // .null
    /// user["phone"]  // nil
    /// ```
    public subscript(key: String) -> Representation? {
        switch storage {
        case .tape(let tape, let index):
            let kind = tape.entries[index].kind
            guard kind == .object || kind == .groupedObject else { return nil }
            return tape.representation(forKey: key, inObjectAt: index)
        case .value(.object(let members)):
            return members[key]
        case .value:
            return nil
        }
    }

    /// The element at `index` when this is an array and the index is in range, else `nil`.
    ///
    /// ```swift
    /// let list: Representation = [1, 2]
    /// list[1]  // .int(2)
    /// list[5]  // nil
    /// ```
    public subscript(index: Int) -> Representation? {
        switch storage {
        case .tape(let tape, let position):
            guard tape.entries[position].kind == .array else { return nil }
            return tape.element(index, inArrayAt: position).map { Representation(tape: tape, index: $0) }
        case .value(.array(let elements)):
            // `Representation` is nil-literal convertible: spell out "absent".
            guard elements.indices.contains(index) else { return Optional<Representation>.none }
            return elements[index]
        case .value:
            return nil
        }
    }

    /// The value at a dotted key path such as `"user.address.city"`.
    ///
    /// Each component selects an object member; a component made of digits also selects an
    /// array element (`"users.0.name"`). An empty path is the value itself. Returns `nil`
    /// as soon as a component is missing.
    ///
    /// ```swift
    /// let doc: Representation = ["user": ["address": ["city": "Paris"]]]
    /// doc[keyPath: "user.address.city"]  // .string("Paris")
    /// ```
    public subscript(keyPath keyPath: String) -> Representation? {
        if keyPath.isEmpty { return self }
        // Most key paths are one key: looked up without splitting or copying it.
        guard keyPath.utf8.contains(UInt8(ascii: ".")) else { return component(keyPath) }
        var current = self
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = current.component(String(component)) else { return nil }
            current = next
        }
        return current
    }

    /// The member named `key` of an object, or the element at index `key` (digits) of an array.
    private func component(_ key: String) -> Representation? {
        switch kind {
        case .object: self[key]
        case .array: Int(key).flatMap { self[$0] }
        default: nil
        }
    }

    /// Sets `value` at the key path `keys` of `object`, making (or replacing non-objects with)
    /// nested objects on the way: what mapping a model back into a representation does for
    /// `"author.name"`. Does nothing for no keys.
    ///
    /// ```swift
    /// var object: OrderedDictionary<String, Representation> = [:]
    /// Representation.set("Ada", at: ["author", "name"], in: &object)   // {"author": {"name": "Ada"}}
    /// ```
    public static func set(
        _ value: Representation, at keys: some Collection<some StringProtocol>, in object: inout OrderedDictionary<String, Representation>
    ) {
        guard let first = keys.first else { return }
        let key = String(first)
        let rest = keys.dropFirst()
        if rest.isEmpty {
            object[key] = value
            return
        }
        var nested = object[key]?.objectValue ?? [:]
        set(value, at: rest, in: &nested)
        object[key] = .object(nested)
    }

    /// `true` for `null`.
    public var isNull: Bool { kind == .null }

    /// The integer when this holds one as an `Int64` (a tape's integer entry or `.int`), read
    /// without building the value's ``content``; `nil` for anything else, doubles and number
    /// text included (``int64Value`` reads those).
    package var storedInteger: Int64? {
        switch storage {
        case .tape(let tape, let index):
            let entry = tape.entries[index]
            return entry.kind == .int ? entry.payload : nil
        case .value(.int(let value)):
            return value
        case .value:
            return nil
        }
    }

    /// The tape and entry of an object on a parser's tape (not one whose repeated keys read as
    /// arrays), for lookups that work on the tape directly (``Tape/findMembers(_:inObjectAt:into:)``).
    package var tapeObject: (tape: Tape, index: Int)? {
        guard case .tape(let tape, let index) = storage, tape.entries[index].kind == .object else { return nil }
        return (tape, index)
    }

    /// The boolean when this is one, read without building the value's ``content``.
    package var storedBool: Bool? {
        switch storage {
        case .tape(let tape, let index):
            switch tape.entries[index].kind {
            case .true: return true
            case .false: return false
            default: return nil
            }
        case .value(.bool(let value)):
            return value
        case .value:
            return nil
        }
    }

    /// The string when this is a string, else `nil`.
    public var stringValue: String? {
        switch storage {
        case .tape(let tape, let index):
            let kind = tape.entries[index].kind
            return kind == .string || kind == .key ? tape.string(at: index) : nil
        case .value(.string(let value)):
            return value
        case .value:
            return nil
        }
    }

    /// The boolean when this is a boolean, else `nil` (numbers are not booleans).
    public var boolValue: Bool? {
        if case .bool(let value) = scalarContent { return value }
        return nil
    }

    /// The integer when this is an integer, or a double with an exact `Int64` value.
    ///
    /// ```swift
    /// Representation.double(3.0).int64Value  // 3
    /// Representation.double(3.5).int64Value  // nil
    /// ```
    public var int64Value: Int64? {
        switch scalarContent {
        case .int(let value): value
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The number as a `Double` when it is an integer, a double, or number text that
    /// converts to a finite double (possibly rounded: use ``numberText`` to stay exact).
    public var doubleValue: Double? {
        switch scalarContent {
        case .int(let value): Double(value)
        case .double(let value): value
        case .number(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    /// The number written as JSON text, exact for every numeric case, else `nil`.
    public var numberText: String? {
        switch scalarContent {
        case .int(let value): String(value)
        case .double(let value): JSONWriter.format(value)
        case .number(let text): text
        default: nil
        }
    }

    /// The elements when this is an array, else `nil`.
    public var arrayValue: [Representation]? {
        guard kind == .array, case .array(let elements) = content else { return nil }
        return elements
    }

    /// The members when this is an object, else `nil`.
    public var objectValue: OrderedDictionary<String, Representation>? {
        guard kind == .object, case .object(let members) = content else { return nil }
        return members
    }

    /// The value when it is not a container (containers come back as `.null`, cheaply).
    private var scalarContent: Content {
        switch kind {
        case .array, .object: .null
        default: content
        }
    }

    /// A copy that holds its own values instead of pointing into a parser's tape, so that
    /// keeping it does not keep the whole parsed document alive.
    ///
    /// Objects with the same keys in the same order (every element of a typical API array)
    /// share one copy of those keys, so a copy of many such objects costs little more than
    /// their values.
    ///
    /// ```swift
    /// let document = try YAJLParser().parse(bytes)        // a large document
    /// let user = document[keyPath: "users.0"]?.materialized()
    /// ```
    public func materialized() -> Representation {
        switch storage {
        case .tape(let tape, let index): tape.materialized(at: index)
        case .value(.array(let elements)): .array(elements.map { $0.materialized() })
        case .value(.object(let members)): .object(members.mapValues { $0.materialized() })
        case .value: self
        }
    }
}
