import RestKitCore

/// The conventional error payloads of web APIs as an `Error`: `{"error": "…"}`,
/// `{"errors": ["…", "…"]}`, and Rails' `{"errors": {"email": ["is taken"]}}`.
///
/// ```swift
/// let error = try ServerError.mapping.map(document)
/// print(error)   // error1, error2
/// ```
///
/// Supply your own error type with an ``ObjectMapping`` of it when an API reports errors
/// differently.
public struct ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The messages, in document order.
    public var messages: [String]

    /// An error with these messages.
    public init(messages: [String] = []) {
        self.messages = messages
    }

    /// The messages joined with `", "`.
    public var description: String { messages.joined(separator: ", ") }

    /// Maps `error` (a string) and `errors` (strings, or an object of field → messages,
    /// written as `"field message"`).
    public static let mapping = ObjectMapping({ ServerError() }) { error in
        error.map("error", to: \.messages, transform: Transform(read: { value, context throws(MappingError) in
            [try String(representation: value, context: context)]
        }))
        error.map("errors", to: \.messages, transform: Transform(read: { value, context throws(MappingError) in
            guard let fields = value.objectValue else { return try [String](representation: value, context: context) }
            var messages: [String] = []
            for (field, reasons) in fields {
                for reason in try [String](representation: reasons, context: context) { messages.append("\(field) \(reason)") }
            }
            return messages
        }))
    }
}
