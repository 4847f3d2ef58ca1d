public import OrderedCollections

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
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` when this is an array and the index is in range, else `nil`.
    ///
    /// ```swift
    /// let list: Representation = [1, 2]
    /// list[1]  // .int(2)
    /// list[5]  // nil
    /// ```
    public subscript(index: Int) -> Representation? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
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
        var current = self
        for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let members):
                guard let next = members[String(component)] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// `true` for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string when this is `.string`, else `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean when this is `.bool`, else `nil` (numbers are not booleans).
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer when this is `.int`, or a `.double` with an exact `Int64` value.
    ///
    /// ```swift
    /// Representation.double(3.0).int64Value  // 3
    /// Representation.double(3.5).int64Value  // nil
    /// ```
    public var int64Value: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The number as a `Double` when it is `.int`, `.double`, or `.number` text that
    /// converts to a finite double (possibly rounded: use ``numberText`` to stay exact).
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .number(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    /// The number written as JSON text, exact for every numeric case, else `nil`.
    public var numberText: String? {
        switch self {
        case .int(let value): String(value)
        case .double(let value): JSONWriter.format(value)
        case .number(let text): text
        default: nil
        }
    }

    /// The elements when this is `.array`, else `nil`.
    public var arrayValue: [Representation]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members when this is `.object`, else `nil`.
    public var objectValue: OrderedDictionary<String, Representation>? {
        if case .object(let value) = self { return value }
        return nil
    }
}
