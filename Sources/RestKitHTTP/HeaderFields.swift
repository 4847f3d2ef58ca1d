/// HTTP header fields in order, looked up case-insensitively.
///
/// ```swift
/// var headers: HeaderFields = ["Accept": "application/json"]
/// headers.add("X-Trace", "1")
/// headers["accept"]          // "application/json"
/// headers["Content-Type"] = "application/json"  // replaces every field of that name
/// ```
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The fields, in order, names as given.
    public private(set) var fields: [(name: String, value: String)]

    /// No fields.
    public init() {
        fields = []
    }

    /// These fields, in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// Fields from a dictionary literal, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field `name` (case-insensitive); setting replaces every field
    /// of that name (`nil` removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
        set {
            let lowered = name.lowercased()
            guard let index = fields.firstIndex(where: { $0.name.lowercased() == lowered }) else {
                if let newValue { fields.append((name, newValue)) }
                return
            }
            fields.removeAll { $0.name.lowercased() == lowered }
            if let newValue { fields.insert((name, newValue), at: Swift.min(index, fields.count)) }
        }
    }

    /// Every value of the field `name` (case-insensitive).
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Appends a field, keeping fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// `Name: value` lines.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}
