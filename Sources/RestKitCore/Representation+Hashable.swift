extension Representation: Hashable {
    /// Structural equality: objects are equal when they hold the same keys with equal
    /// values, in any order; arrays compare element by element; `.int(1)` and `.double(1)`
    /// are different values (as are `.bool(true)` and `.int(1)`).
    ///
    /// ```swift
    /// let a: Representation = ["x": 1, "y": 2]
    /// let b: Representation = ["y": 2, "x": 1]
    /// a == b  // true
    /// ```
    public static func == (lhs: Representation, rhs: Representation) -> Bool {
        if case .tape(let leftTape, let leftIndex) = lhs.storage, case .tape(let rightTape, let rightIndex) = rhs.storage,
           leftTape === rightTape, leftIndex == rightIndex {
            return true
        }
        return lhs.content == rhs.content
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(content)
    }
}

extension Representation.Content {
    /// Structural equality; object key order does not matter.
    public static func == (lhs: Representation.Content, rhs: Representation.Content) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.int(let left), .int(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)):
            left.count == right.count && left.allSatisfy { key, value in right[key] == value }
        default: false
        }
    }

    /// Hashes consistently with `==`: object members are combined order-independently.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .number(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .array(let elements):
            hasher.combine(6)
            hasher.combine(elements)
        case .object(let members):
            hasher.combine(7)
            hasher.combine(members.count)
            var combined = 0
            for (key, value) in members {
                var member = Hasher()
                member.combine(key)
                member.combine(value)
                combined ^= member.finalize()
            }
            hasher.combine(combined)
        }
    }
}
