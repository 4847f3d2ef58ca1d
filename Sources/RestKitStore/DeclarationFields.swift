import RestKitCore

/// One JSON object of a declared mapping, read field by field: each accessor names the
/// field by its JSON path in errors (`entities[0].attributes.title`), and ``rejectUnknown(_:)``
/// refuses keys nobody asked for.
struct DeclarationFields {
    let members: OrderedDictionary<String, Representation>
    /// The JSON path of this object (`""` for the document).
    let path: String

    /// `value` as an object, or an error naming `path` and what it is instead.
    init(_ value: Representation, at path: String) throws(DeclarationError) {
        guard let members = value.objectValue else {
            throw Self.invalid(path, "expected an object, found \(Self.kindName(value))")
        }
        self.members = members
        self.path = path
    }

    /// The path of member `key`: `.key` for identifiers, `["a.b"]` otherwise.
    func path(of key: String) -> String { Self.path(path, key: key) }

    static func path(_ base: String, key: String) -> String {
        let isIdentifier = key.first.map { $0.isLetter || $0 == "_" } == true && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if isIdentifier { return base.isEmpty ? key : base + "." + key }
        return base + "[" + Representation.string(key).description + "]"
    }

    static func path(_ base: String, index: Int) -> String { base + "[\(index)]" }

    /// Throws for the first key not in `known`, listing the known ones.
    func rejectUnknown(_ known: [String]) throws(DeclarationError) {
        for key in members.keys where !known.contains(key) {
            throw Self.invalid(path(of: key), "unknown field (expected \(known.joined(separator: ", ")))")
        }
    }

    /// A required value.
    func required(_ key: String) throws(DeclarationError) -> Representation {
        guard let value = members[key] else {
            throw Self.invalid(path.isEmpty ? key : path, path.isEmpty ? "missing required field" : "missing required field '\(key)'")
        }
        return value
    }

    /// An optional non-empty string.
    func string(_ key: String) throws(DeclarationError) -> String? {
        guard let value = members[key] else { return nil }
        return try Self.string(value, at: path(of: key))
    }

    /// A required non-empty string.
    func requiredString(_ key: String) throws(DeclarationError) -> String {
        try Self.string(required(key), at: path(of: key))
    }

    /// An optional array of non-empty strings (each named by its index in errors).
    func strings(_ key: String) throws(DeclarationError) -> [String]? {
        guard let value = members[key] else { return nil }
        guard let elements = value.arrayValue else {
            throw Self.invalid(path(of: key), "expected an array of strings, found \(Self.kindName(value))")
        }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            strings.append(try Self.string(element, at: Self.path(path(of: key), index: index)))
        }
        return strings
    }

    static func string(_ value: Representation, at path: String) throws(DeclarationError) -> String {
        guard let text = value.stringValue else { throw invalid(path, "expected a string, found \(kindName(value))") }
        guard !text.isEmpty else { throw invalid(path, "must not be empty") }
        return text
    }

    static func invalid(_ path: String, _ reason: String) -> DeclarationError {
        DeclarationError(.invalidField, reason, field: path)
    }

    /// `an object`, `a number 3`, `a string "txt"`: what was found instead.
    static func kindName(_ value: Representation) -> String {
        switch value.kind {
        case .object: return "an object"
        case .array: return "an array"
        case .null: return "null"
        default:
            var shown = value.description
            if shown.count > 40 { shown = String(shown.prefix(37)) + "..." }
            return "\(value.kind) \(shown)"
        }
    }
}
