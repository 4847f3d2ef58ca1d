import OrderedCollections

// Literals make representations easy to write in tests and examples:
//
//     let user: Representation = ["name": "Blake", "id": 7, "admin": false, "manager": nil]

extension Representation: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension Representation: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Representation: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension Representation: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension Representation: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Representation: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Representation...) { self = .array(elements) }
}

extension Representation: ExpressibleByDictionaryLiteral {
    /// Builds an object in literal order; a repeated key keeps its first position and its
    /// last value, as the parsers do.
    public init(dictionaryLiteral elements: (String, Representation)...) {
        var members = OrderedDictionary<String, Representation>(minimumCapacity: elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}
