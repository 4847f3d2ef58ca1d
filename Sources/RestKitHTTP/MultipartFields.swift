/// Parameters as `multipart/form-data` text fields named the way Rails and Rack read them:
/// `article[title]`, `article[tags][]`, `items[][id]`.
///
/// ```swift
/// try MultipartFields.fields(of: ["article": ["title": "Hi", "tags": ["a", "b"]]])
/// // [("article[title]", "Hi"), ("article[tags][]", "a"), ("article[tags][]", "b")]
/// ```
///
/// Booleans are `true`/`false`, numbers their exact text; `null` and empty arrays and objects
/// write no field.
enum MultipartFields {
    /// The most bracket levels a field name may get.
    static let maximumDepth = 512

    static func fields(of parameters: Representation) throws(ObjectManagerError) -> [(name: String, value: String)] {
        guard case .object(let members) = parameters.content else {
            throw ObjectManagerError(.serialization, "multipart parameters need an object at the top level, not \(parameters.kind)")
        }
        var fields: [(name: String, value: String)] = []
        for (key, value) in members {
            try append(value, name: key, depth: 0, to: &fields)
        }
        return fields
    }

    private static func append(
        _ value: Representation, name: String, depth: Int, to fields: inout [(name: String, value: String)]
    ) throws(ObjectManagerError) {
        switch value.content {
        case .null:
            return
        case .bool(let flag):
            fields.append((name, flag ? "true" : "false"))
        case .int(let integer):
            fields.append((name, String(integer)))
        case .double(let number):
            guard number.isFinite else {
                throw ObjectManagerError(.serialization, "the parameter \(name) is \(number), which has no text form")
            }
            fields.append((name, value.numberText ?? String(number)))
        case .number(let text), .string(let text):
            fields.append((name, text))
        case .array(let elements):
            guard depth < maximumDepth else { throw depthError(name) }
            for element in elements { try append(element, name: name + "[]", depth: depth + 1, to: &fields) }
        case .object(let members):
            guard depth < maximumDepth else { throw depthError(name) }
            for (key, member) in members { try append(member, name: "\(name)[\(key)]", depth: depth + 1, to: &fields) }
        }
    }

    private static func depthError(_ name: String) -> ObjectManagerError {
        ObjectManagerError(.serialization, "the parameter \(name.prefix(80))… nests more than \(maximumDepth) levels")
    }
}
